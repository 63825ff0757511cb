/** An organization at a glance: plan, readiness and the steps missing, and the Org Master Seal ceremony. */
import { api } from "../api";
import { ActionButton, Badge, EmptyState, Loaded, ProgressBar, Section, useLoad } from "../components";
import { useLanguage, useT } from "../language";
import { formatBytes, formatNumber, formatTime, pluralForm } from "../messages";
import { passkeysSupported, personalSeal } from "../passkeys";
import { PLAN_NAMES, useSession, type Org } from "../session";
import { roleName } from "./home";

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
  const t = useT();
  const { language } = useLanguage();
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
    <Loaded state={detail} what={t("overview.what")}>
      {(d) => (
        <>
          <div class="page-head">
            <h1>{d.name}</h1>
            {d.ready ? (
              <Badge tone="good">{t("overview.ready")}</Badge>
            ) : (
              <Badge tone="warn">{t("overview.notReady")}</Badge>
            )}
          </div>
          <dl class="facts" id="org-facts">
            <div>
              <dt>{t("overview.plan")}</dt>
              <dd id="org-plan">{PLAN_NAMES[d.plan] ?? d.plan}</dd>
            </div>
            <div>
              <dt>{t("overview.yourRole")}</dt>
              <dd>{roleName(t, d.role)}</dd>
            </div>
            <div>
              <dt>{t("overview.type")}</dt>
              <dd>{d.type === "personal" || d.type === "corporation" || d.type === "project" ? t(`overview.orgType.${d.type}`) : d.type}</dd>
            </div>
            <div>
              <dt>{t("overview.address")}</dt>
              <dd>
                <code>{d.slug}</code>
              </dd>
            </div>
            <div>
              <dt>{t("overview.created")}</dt>
              <dd>{formatTime(d.createdAt, language)}</dd>
            </div>
          </dl>

          <Section title={t("overview.readiness")} id="readiness">
            {d.readiness.ready ? (
              <p>{t("overview.readyText")}</p>
            ) : (
              <>
                <p>{t("overview.stepsIntro")}</p>
                <ol class="steps" id="missing-steps">
                  {d.readiness.missing.includes("owner_personal_seal") ? (
                    <li>
                      <strong>{t("overview.stepPasskey")}</strong> {t("overview.stepPasskeyWhat")}{" "}
                      {d.role === "owner" ? (
                        <a href="/account" data-route>
                          {t("overview.addPasskeyLink")}
                        </a>
                      ) : (
                        t("overview.askOwner")
                      )}
                    </li>
                  ) : null}
                  {d.readiness.missing.includes("org_master_seal") ? (
                    <li>
                      <strong>{t("overview.stepSeal")}</strong>
                      {t("overview.stepSealWhat")}
                    </li>
                  ) : null}
                </ol>
              </>
            )}
          </Section>

          <Section title={t("overview.masterSeal")} id="master-seal">
            <Loaded state={seal} what={t("overview.masterSealWhat")}>
              {(s) =>
                s.exists ? (
                  <p>
                    {t(s.method === "operator" ? "overview.sealCreatedByOperator" : "overview.sealCreatedWithPasskey", { time: formatTime(s.createdAt, language) })}{" "}
                    <code>{s.signingKeyId}</code>.
                  </p>
                ) : d.role === "owner" ? (
                  <>
                    <p>
                      {t("overview.ceremony")}
                    </p>
                    {d.readiness.missing.includes("owner_personal_seal") ? (
                      <p class="muted">{t("overview.addPasskeyFirst")}</p>
                    ) : null}
                    <ActionButton id="create-master-seal" onAction={createMasterSeal} disabled={!passkeysSupported()}>
                      {t("overview.createSeal")}
                    </ActionButton>
                  </>
                ) : (
                  <EmptyState title={t("overview.noSeal")}>{t("overview.onlyOwner")}</EmptyState>
                )
              }
            </Loaded>
          </Section>

          <Section title={t("overview.storage")} id="storage-summary">
            <Loaded state={usage} what={t("overview.storageWhat")}>
              {(u) => (
                <>
                  <p>
                    {u.limitBytes === null
                      ? t("overview.usedUnlimited", { used: formatBytes(u.usedBytes, language) })
                      : t("overview.usedOf", { used: formatBytes(u.usedBytes, language), limit: formatBytes(u.limitBytes, language) })}{" "}
                    · {t(`overview.files.${pluralForm(u.fileCount, language)}`, { count: formatNumber(u.fileCount, language) })} ·{" "}
                    <a href={`/orgs/${org.slug}/files`} data-route>
                      {t("overview.openFiles")}
                    </a>
                  </p>
                  {u.limitBytes !== null ? <ProgressBar value={u.usedBytes} max={u.limitBytes} label={t("overview.storageUsed")} /> : null}
                </>
              )}
            </Loaded>
          </Section>
        </>
      )}
    </Loaded>
  );
}
