/** An organization at a glance: plan, readiness and the steps missing, and the Org Master Seal ceremony. */
import { api } from "../api";
import { ActionButton, Badge, EmptyState, Loaded, ProgressBar, Section, useLoad } from "../components";
import { formatBytes, formatTime, plural } from "../messages";
import { passkeysSupported, personalSeal } from "../passkeys";
import { PLAN_NAMES, ROLE_NAMES, useSession, type Org } from "../session";

interface OrgDetail extends Org {
  readiness: { ready: boolean; missing: ("owner_personal_seal" | "org_master_seal")[] };
  verifiedEmail: string | null;
  verifiedPhone: string | null;
}

interface MasterSeal {
  exists: boolean;
  method: "passkey" | "operator" | null;
  createdAt: string | null;
  signingKeyId: string | null;
}

export function OverviewPage({ org }: { org: Org }) {
  const { reloadOrgs } = useSession();
  const detail = useLoad(() => api<OrgDetail>("GET", `/api/org/${org.slug}`), [org.slug]);
  const seal = useLoad(() => api<MasterSeal>("GET", `/api/org/${org.slug}/master-seal`), [org.slug]);
  const usage = useLoad(() => api<{ usedBytes: number; limitBytes: number | null; fileCount: number }>("GET", `/api/org/${org.slug}/storage/usage`), [org.slug]);

  const createMasterSeal = async () => {
    const assertion = await personalSeal("org.master_seal.create", org.slug);
    await api("POST", `/api/org/${org.slug}/master-seal`, { assertionResponseJson: assertion });
    detail.reload();
    seal.reload();
    await reloadOrgs();
  };

  return (
    <Loaded state={detail} what="the organization">
      {(d) => (
        <>
          <div class="page-head">
            <h1>{d.name}</h1>
            {d.ready ? (
              <Badge tone="good">Ready</Badge>
            ) : (
              <Badge tone="warn" >
                Not ready
              </Badge>
            )}
          </div>
          <dl class="facts" id="org-facts">
            <div>
              <dt>Plan</dt>
              <dd id="org-plan">{PLAN_NAMES[d.plan] ?? d.plan}</dd>
            </div>
            <div>
              <dt>Your role</dt>
              <dd>{ROLE_NAMES[d.role ?? ""] ?? d.role}</dd>
            </div>
            <div>
              <dt>Type</dt>
              <dd>{d.type}</dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>
                <code>{d.slug}</code>
              </dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>{formatTime(d.createdAt)}</dd>
            </div>
          </dl>

          <Section title="Readiness" id="readiness">
            {d.readiness.ready ? (
              <p>The organization has its Master Seal and the owner a passkey: permits, signed tokens and sealed actions all work.</p>
            ) : (
              <>
                <p>The organization becomes ready when these steps are done:</p>
                <ol class="steps" id="missing-steps">
                  {d.readiness.missing.includes("owner_personal_seal") ? (
                    <li>
                      <strong>The owner registers a passkey</strong> (their Personal Seal).{" "}
                      {d.role === "owner" ? (
                        <a href="/account" data-route>
                          Add a passkey on your account page
                        </a>
                      ) : (
                        "Ask the owner to add one."
                      )}
                    </li>
                  ) : null}
                  {d.readiness.missing.includes("org_master_seal") ? (
                    <li>
                      <strong>The owner creates the Org Master Seal</strong>, the organization's signing key, confirmed with their passkey (below).
                    </li>
                  ) : null}
                </ol>
              </>
            )}
          </Section>

          <Section title="Org Master Seal" id="master-seal">
            <Loaded state={seal} what="the Master Seal">
              {(s) =>
                s.exists ? (
                  <p>
                    Created {formatTime(s.createdAt)} {s.method === "operator" ? "by the operator" : "with the owner's passkey"}. Signing key <code>{s.signingKeyId}</code>.
                  </p>
                ) : d.role === "owner" ? (
                  <>
                    <p>
                      The ceremony creates the organization's RS256 signing key, encrypted at rest. Your passkey confirms it; it cannot be undone.
                    </p>
                    {d.readiness.missing.includes("owner_personal_seal") ? (
                      <p class="muted">Add a passkey to your account first.</p>
                    ) : null}
                    <ActionButton id="create-master-seal" onAction={createMasterSeal} disabled={!passkeysSupported()}>
                      Create the Master Seal with my passkey
                    </ActionButton>
                  </>
                ) : (
                  <EmptyState title="No Master Seal yet.">Only the owner can create it.</EmptyState>
                )
              }
            </Loaded>
          </Section>

          <Section title="Storage" id="storage-summary">
            <Loaded state={usage} what="storage">
              {(u) => (
                <>
                  <p>
                    {formatBytes(u.usedBytes)} {u.limitBytes === null ? "used (unlimited plan)" : `of ${formatBytes(u.limitBytes)} used`} · {plural(u.fileCount, "file")} ·{" "}
                    <a href={`/orgs/${org.slug}/files`} data-route>
                      Open files
                    </a>
                  </p>
                  {u.limitBytes !== null ? <ProgressBar value={u.usedBytes} max={u.limitBytes} label="Storage used" /> : null}
                </>
              )}
            </Loaded>
          </Section>
        </>
      )}
    </Loaded>
  );
}
