/**
 * An app group's custom login domain, on the Apps page: add or remove the hostname, the
 * two DNS records to create with copy buttons, a check now, and auto-configure at
 * Cloudflare with a token used for that request only (docs/custom-domains.md).
 */
import { useState } from "preact/hooks";
import { api, query } from "../api";
import { ActionButton, Badge, CopyButton, Field, Form, Interpolate, Loaded, Section, useLoad } from "../components";
import { autoConfigureErrorText, domainProblem, statusText, type AutoConfigureResult, type DomainStatus, type DomainStatusList, type VerifyResult } from "../domains";
import { formatTime } from "../messages";
import { useT } from "../language";

const value = (e: Event) => (e.target as HTMLInputElement).value;

export function CustomDomain({ base, group }: { base: string; group: { id: string; name: string } }) {
  const t = useT();
  const path = `${base}/settings/domains`;
  const list = useLoad(() => api<DomainStatusList>("GET", path), [path]);
  return (
    <Section title={t("app-domains.title")} id="custom-domain">
      <Loaded state={list} what={t("app-domains.what")}>
        {(data) => <DomainEditor key={group.id} path={path} group={group} data={data} onChanged={list.reload} />}
      </Loaded>
    </Section>
  );
}

function DomainEditor({ path, group, data, onChanged }: { path: string; group: { id: string; name: string }; data: DomainStatusList; onChanged: () => void }) {
  const t = useT();
  const mine = data.customLoginDomains.find((d) => d.appGroupId === group.id);
  const others = data.customLoginDomains.filter((d) => d !== mine).map((d) => ({ domain: d.domain, appGroupId: d.appGroupId }));
  const [hostname, setHostname] = useState("");
  const add = async () => {
    const domain = hostname.trim();
    try {
      await api("PUT", path, { customLoginDomains: [...others, { domain, appGroupId: group.id }] });
    } catch (e) {
      throw domainProblem(t, e, domain);
    }
    setHostname("");
    onChanged();
  };
  if (!mine) {
    return (
      <>
        <p class="muted">
          <Interpolate text={t("app-domains.intro")} values={{ group: group.name, example: <code>{"login.brand.com"}</code> }} />
        </p>
        {data.cnameTarget ? null : <p class="muted">{t("app-domains.noTarget")}</p>}
        <Form onSubmit={add} submitLabel={t("app-domains.add")} done={t("app-domains.added")} id="add-domain">
          <Field label={t("app-domains.hostname")} id="domain-hostname" hint={t("app-domains.hostnameHint")} required maxLength={253} autoComplete="off" value={hostname} onInput={(e) => setHostname(value(e))} />
        </Form>
      </>
    );
  }
  return <DomainDetails path={path} group={group} domain={mine} target={data.cnameTarget} others={others} onChanged={onChanged} />;
}

function DomainDetails({
  path,
  group,
  domain,
  target,
  others,
  onChanged,
}: {
  path: string;
  group: { id: string; name: string };
  domain: DomainStatus;
  target: string | null;
  others: { domain: string; appGroupId: string }[];
  onChanged: () => void;
}) {
  const t = useT();
  const [check, setCheck] = useState<VerifyResult | null>(null);
  const [token, setToken] = useState("");
  const [configured, setConfigured] = useState<AutoConfigureResult | null>(null);
  const status = check ?? domain;
  const verify = async () => {
    setCheck(await api<VerifyResult>("POST", `${path}/verify${query({ appGroupId: group.id })}`));
    onChanged();
  };
  const autoConfigure = async () => {
    try {
      setConfigured(await api<AutoConfigureResult>("POST", `${path}/auto-configure`, { apiToken: token, appGroupId: group.id }));
    } finally {
      // The token is for this one request: the page never keeps it.
      setToken("");
    }
  };
  const remove = async () => {
    if (!confirm(t("app-domains.confirmRemove", { domain: domain.domain, group: group.name }))) return;
    await api("PUT", path, { customLoginDomains: others });
    onChanged();
  };
  return (
    <>
      <p>
        <strong id="domain-name">{domain.domain}</strong>{" "}
        <Badge tone={status.served ? "good" : status.verified ? "warn" : "neutral"}>{status.served ? t("app-domains.served") : status.verified ? t("app-domains.verified") : t("app-domains.notVerified")}</Badge>
      </p>
      <p id="domain-status" role="status" data-verified={status.verified} data-served={status.served}>
        {statusText(t, status, domain.domain, target)}
      </p>
      <p class="muted">
        {t("app-domains.lastChecked", { time: formatTime(domain.checkedAt) })}
        {domain.verifiedAt ? t("app-domains.verifiedAt", { time: formatTime(domain.verifiedAt) }) : ""}.
      </p>
      <h3>{t("app-domains.records")}</h3>
      <p class="muted">{t("app-domains.recordsHint", { domain: domain.domain })}</p>
      <ul class="facts-list" id="domain-records">
        {domain.records.map((r) => (
          <li key={r.type} data-type={r.type}>
            <div class="copy-row">
              <span class="copy-label">{t("app-domains.recordName", { type: r.type })}</span>
              <code>{r.name}</code>
              <CopyButton text={r.name} label={t("app-domains.copyName", { type: r.type })} />
            </div>
            <div class="copy-row">
              <span class="copy-label">{t("app-domains.recordValue", { type: r.type })}</span>
              {r.value ? (
                <>
                  <code>{r.value}</code>
                  <CopyButton text={r.value} label={t("app-domains.copyValue", { type: r.type })} />
                </>
              ) : (
                <span class="muted">{t("app-domains.notSetUp")}</span>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ActionButton id="check-domain" onAction={verify} done={t("app-domains.checked")}>
        {t("app-domains.checkNow")}
      </ActionButton>
      <h3>{t("app-domains.cloudflare")}</h3>
      <p class="muted">{t("app-domains.cloudflareHint")}</p>
      <Form onSubmit={autoConfigure} submitLabel={t("app-domains.createRecords")} id="auto-configure">
        <Field label={t("app-domains.token")} id="dns-provider-token" type="password" autoComplete="off" required maxLength={500} value={token} onInput={(e) => setToken(value(e))} />
      </Form>
      {configured ? (
        <p id="auto-configure-result" role="status" data-ok={configured.ok} class={configured.ok ? undefined : "error"}>
          {configured.ok
            ? t("app-domains.bothRecords", { zone: configured.zoneName ?? "" })
            : `${autoConfigureErrorText(t, configured.error, domain.domain)}${configured.zoneName ? t("app-domains.zone", { zone: configured.zoneName }) : ""}`}
        </p>
      ) : null}
      <h3>{t("app-domains.remove")}</h3>
      <ActionButton kind="danger" id="remove-domain" onAction={remove} done={t("app-domains.removed")}>
        {t("app-domains.removeDomain")}
      </ActionButton>
    </>
  );
}
