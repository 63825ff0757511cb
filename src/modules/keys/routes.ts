/** The Org Master Seal (and, with the machine-access issue, the org's keys). */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { requestInfo } from "../../platform/http/kernel";
import { orgGuard } from "../orgs/guard";
import { SealAssertionBody, sealAssertionOf } from "../passkeys/seal";
import { createMasterSeal, MASTER_SEAL_PURPOSE, masterSealStatus } from "./master-seal";

const MasterSealView = t.Object({
  exists: t.Boolean(),
  method: t.Union([t.Literal("passkey"), t.Literal("operator"), t.Null()]),
  createdAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
  signingKeyId: t.Union([t.String(), t.Null()]),
  readiness: t.Object({
    ready: t.Boolean(),
    missing: t.Array(t.Union([t.Literal("owner_personal_seal"), t.Literal("org_master_seal")])),
  }),
});

export function keyRoutes(ctx: AppContext) {
  return new Elysia({ name: "keys" })
    .use(orgGuard(ctx))
    .get("/api/org/:slug/master-seal", ({ org }) => masterSealStatus(ctx, org), {
      org: true,
      response: MasterSealView,
      detail: {
        tags: ["Keys"],
        summary: "Org Master Seal status and readiness",
        description:
          "Whether the organization has its Org Master Seal, how it was made (the owner's passkey, or the operator at bootstrap), " +
          "its signing key id, and `readiness`: `ready` is true only with the Master Seal and an owner passkey; `missing` lists what is left. Any member may read it.",
      },
    })
    .post(
      "/api/org/:slug/master-seal",
      async ({ org, orgActor, body, request, set }) => {
        const view = await createMasterSeal(ctx, orgActor, org, { assertion: sealAssertionOf(body), requestId: requestInfo(request).id });
        set.status = 201;
        return view;
      },
      {
        org: true,
        // Optional: a bare POST is a request without a seal (403 step_up_required), not malformed input.
        body: t.Optional(t.Object({ ...SealAssertionBody })),
        response: { 201: MasterSealView },
        detail: {
          tags: ["Keys"],
          summary: "Create the Org Master Seal (owner, with a personal seal)",
          description:
            `The owner's ceremony. Ask POST /api/auth/seal/options with purpose \`${MASTER_SEAL_PURPOSE}\` and subject the org slug, answer it with a passkey, ` +
            "and send the assertion as `assertionResponseJson` (or `SealAssertionJson`). Creates the organization's RS256 signing key, encrypted at rest. " +
            "403 owner_required for anyone but the owner; 403 step_up_required without an assertion; 403 step_up_failed when it does not verify; " +
            "409 master_seal_exists when the organization already has one.",
        },
      },
    );
}
