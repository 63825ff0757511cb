/**
 * An app group's custom login domain, on the Apps page: add or remove the hostname, the
 * two DNS records to create with copy buttons, a check now, and auto-configure at
 * Cloudflare with a token used for that request only (docs/custom-domains.md).
 */
import { useState } from "preact/hooks";
import { api, query } from "../api";
import { ActionButton, Badge, CopyButton, Field, Form, Loaded, Section, useLoad } from "../components";
import { autoConfigureErrorText, domainProblem, statusText, type AutoConfigureResult, type DomainStatus, type DomainStatusList, type VerifyResult } from "../domains";
import { formatTime } from "../messages";

const value = (e: Event) => (e.target as HTMLInputElement).value;

export function CustomDomain({ base, group }: { base: string; group: { id: string; name: string } }) {
  const path = `${base}/settings/domains`;
  const list = useLoad(() => api<DomainStatusList>("GET", path), [path]);
  return (
    <Section title="Custom login domain" id="custom-domain">
      <Loaded state={list} what="the custom login domain">
        {(data) => <DomainEditor key={group.id} path={path} group={group} data={data} onChanged={list.reload} />}
      </Loaded>
    </Section>
  );
}

function DomainEditor({ path, group, data, onChanged }: { path: string; group: { id: string; name: string }; data: DomainStatusList; onChanged: () => void }) {
  const mine = data.customLoginDomains.find((d) => d.appGroupId === group.id);
  const others = data.customLoginDomains.filter((d) => d !== mine).map((d) => ({ domain: d.domain, appGroupId: d.appGroupId }));
  const [hostname, setHostname] = useState("");
  const add = async () => {
    const domain = hostname.trim();
    try {
      await api("PUT", path, { customLoginDomains: [...others, { domain, appGroupId: group.id }] });
    } catch (e) {
      throw domainProblem(e, domain);
    }
    setHostname("");
    onChanged();
  };
  if (!mine) {
    return (
      <>
        <p class="muted">
          End users of {group.name} can sign in at your own hostname, such as <code>login.brand.com</code>, instead of this Signet's address. Adding one needs the Pro plan.
        </p>
        {data.cnameTarget ? null : <p class="muted">This Signet has no CNAME target set (SIGNET_CUSTOM_DOMAIN_TARGET), so a domain cannot be verified here yet.</p>}
        <Form onSubmit={add} submitLabel="Add domain" id="add-domain">
          <Field label="Hostname" id="domain-hostname" hint="login.brand.com: no https://, path or port" required maxLength={253} autoComplete="off" value={hostname} onInput={(e) => setHostname(value(e))} />
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
    if (!confirm(`Remove ${domain.domain}? End users of ${group.name} go back to this Signet's address, and the hostname is released at once.`)) return;
    await api("PUT", path, { customLoginDomains: others });
    onChanged();
  };
  return (
    <>
      <p>
        <strong id="domain-name">{domain.domain}</strong>{" "}
        <Badge tone={status.served ? "good" : status.verified ? "warn" : "neutral"}>{status.served ? "served" : status.verified ? "verified" : "not verified"}</Badge>
      </p>
      <p id="domain-status" role="status" data-verified={status.verified} data-served={status.served}>
        {statusText(status, domain.domain, target)}
      </p>
      <p class="muted">
        Last checked {formatTime(domain.checkedAt)}
        {domain.verifiedAt ? `; verified ${formatTime(domain.verifiedAt)}` : ""}.
      </p>
      <h3>Records to create</h3>
      <p class="muted">At your DNS provider, in the zone of {domain.domain}. Leave any proxy off (Cloudflare: “DNS only”).</p>
      <ul class="facts-list" id="domain-records">
        {domain.records.map((r) => (
          <li key={r.type} data-type={r.type}>
            <div class="copy-row">
              <span class="copy-label">{r.type} name</span>
              <code>{r.name}</code>
              <CopyButton text={r.name} label={`Copy ${r.type} name`} />
            </div>
            <div class="copy-row">
              <span class="copy-label">{r.type} value</span>
              {r.value ? (
                <>
                  <code>{r.value}</code>
                  <CopyButton text={r.value} label={`Copy ${r.type} value`} />
                </>
              ) : (
                <span class="muted">Not set up on this Signet (SIGNET_CUSTOM_DOMAIN_TARGET).</span>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ActionButton id="check-domain" onAction={verify}>
        Check now
      </ActionButton>
      <h3>Create the records at Cloudflare</h3>
      <p class="muted">A Cloudflare API token with Zone:Read and DNS:Edit on the zone. It is sent for this request only: neither this page nor Signet keeps it. Check afterwards.</p>
      <Form onSubmit={autoConfigure} submitLabel="Create the records" id="auto-configure">
        <Field label="Cloudflare API token" id="dns-provider-token" type="password" autoComplete="off" required maxLength={500} value={token} onInput={(e) => setToken(value(e))} />
      </Form>
      {configured ? (
        <p id="auto-configure-result" role="status" data-ok={configured.ok} class={configured.ok ? undefined : "error"}>
          {configured.ok
            ? `Both records are in the zone ${configured.zoneName ?? ""}. Check now to verify (DNS may take a few minutes).`
            : `${autoConfigureErrorText(configured.error, domain.domain)}${configured.zoneName ? ` (zone ${configured.zoneName})` : ""}`}
        </p>
      ) : null}
      <h3>Remove</h3>
      <ActionButton kind="danger" id="remove-domain" onAction={remove}>
        Remove domain
      </ActionButton>
    </>
  );
}
