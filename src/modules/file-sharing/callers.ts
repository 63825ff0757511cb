/**
 * Who calls a storage route (file sharing, lifecycle rules): a member or a machine on
 * `/api/org/{slug}/…`, or an org-wide API key on `/api/public/v1/…`. Services see one
 * shape: what the caller may do (its scopes, checked by the permission kernel) and who
 * the audit chain records.
 */
import type { AuditActor } from "../../platform/audit/append";
import { requestInfo } from "../../platform/http/kernel";
import type { ApiKey } from "../keys/api-keys";
import type { OrgCaller } from "../orgs/access";
import type { PermissionActor } from "../permissions/service";

export interface StorageCaller {
  permissions: PermissionActor;
  audit: AuditActor;
  requestId: string | null;
}

export function callerFromOrg(caller: OrgCaller, request: Request): StorageCaller {
  const audit: AuditActor =
    caller.kind === "user" ? { kind: "user", id: caller.userId, connectedId: caller.connectedId } : { kind: "m2m", id: caller.keyId, connectedId: caller.connectedId };
  return { permissions: caller, audit, requestId: requestInfo(request).id };
}

/** An org API key acts with its own scopes; a file it uploaded is its own (creator=self). */
export function callerFromApiKey(key: ApiKey, request: Request): StorageCaller {
  return {
    permissions: { userId: key.id, connectedId: null, scopes: key.scopes },
    audit: { kind: "api_key", id: key.id },
    requestId: requestInfo(request).id,
  };
}
