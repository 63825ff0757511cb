/**
 * Shared fixture of the end-user sign-in tests: a sealed organization (so it can sign
 * end-user tokens) with one app group whose first application allows ORIGIN and
 * CALLBACK, and helpers to call that application's public routes as a browser on ORIGIN.
 */
import type { TestOrg } from "../../../support/accounts";
import type { TestApp, TestResponse } from "../../../support/harness";
import { CALLBACK, ORIGIN, orgApi } from "../apps/support";
import { createSealedOrg } from "../../access/machine/support";

export { CALLBACK, ORIGIN };

export interface SignInFixture {
  org: TestOrg;
  /** The app group as the dashboard API returns it (id, groupKey, loginMethods, …). */
  group: any;
  /** Its first application (id, clientKey, allowedOrigins, callbackUrls, …). */
  application: any;
  clientKey: string;
  /** Calls /api/public/apps/{clientKey}{path} with Origin: ORIGIN (override in headers). */
  call(method: string, path: string, json?: unknown, headers?: Record<string, string>): Promise<TestResponse<any>>;
  /** PUTs a change to the app group as the owner (loginMethods, socialProviders, botProtection, …). */
  updateGroup(patch: Record<string, unknown>): Promise<any>;
}

export async function createSignInFixture(t: TestApp, ownerEmail: string, orgName: string, groupPatch: Record<string, unknown> = {}): Promise<SignInFixture> {
  const org = await createSealedOrg(t, ownerEmail, orgName);
  const api = orgApi(t, org);
  const created = await api("POST", "/app-groups", org.owner.token, { name: `${orgName} brand` });
  if (created.status !== 201 && created.status !== 200) throw new Error(`app group: ${created.status} ${created.text}`);
  const updateGroup = async (patch: Record<string, unknown>) => {
    const r = await api("PUT", `/app-groups/${created.body.id}`, org.owner.token, patch);
    if (r.status !== 200) throw new Error(`app group update: ${r.status} ${r.text}`);
    return r.body;
  };
  const group = Object.keys(groupPatch).length > 0 ? await updateGroup(groupPatch) : created.body;
  const first = group.applications[0];
  const updated = await api("PUT", `/applications/${first.id}`, org.owner.token, { allowedOrigins: [ORIGIN], callbackUrls: [CALLBACK] });
  if (updated.status !== 200) throw new Error(`application: ${updated.status} ${updated.text}`);
  const application = updated.body;
  const clientKey: string = application.clientKey;
  return {
    org,
    group,
    application,
    clientKey,
    call: (method, path, json, headers = {}) => t.request(method, `/api/public/apps/${clientKey}${path}`, { json, headers: { origin: ORIGIN, ...headers } }),
    updateGroup,
  };
}
