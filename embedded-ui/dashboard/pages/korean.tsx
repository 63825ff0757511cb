/**
 * The Korean package (docs/commerce.md), for the owner (view.billing): the KRW billing card,
 * the Popbill membership, business and address lookups with today's counts, and each app
 * group's Kakao channel, through which verification codes to Korean numbers go as alimtalk.
 */
import { useState } from "preact/hooks";
import { api, ApiProblem, query } from "../api";
import { ActionButton, Badge, EmptyState, Field, Form, Loaded, Section, Select, useLoad } from "../components";
import { formatTime } from "../messages";
import type { Org } from "../session";

interface KakaoChannel {
  appGroupId: string;
  linked: boolean;
  channelId: string | null;
  templateCode: string | null;
  senderNumber: string | null;
  memberId: string | null;
}

interface KoreanPackage {
  krwBillingKey: { registered: boolean; cardCompany: string | null; cardNumberMasked: string | null; issuedAt: string | null; customerKey: string };
  popbill: { linked: boolean; corpNum: string | null; userId: string | null; linkedAt: string | null };
  lookups: { business: { used: number; limit: number }; address: { used: number; limit: number } };
  kakaoChannels: KakaoChannel[];
  providers: { toss: boolean; businessLookup: boolean; addressSearch: boolean; popbill: boolean };
}

const field = (set: (v: string) => void) => (e: Event) => set((e.target as HTMLInputElement).value);

export function KoreanPackagePage({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}`;
  const state = useLoad(() => api<KoreanPackage>("GET", `${base}/korean-package`), [org.slug]);
  if (state.error instanceof ApiProblem && state.error.status === 403) {
    return (
      <>
        <div class="page-head">
          <h1>Korean package</h1>
        </div>
        <EmptyState title="Only the owner sees the Korean package.">It needs view.billing, which the owner holds.</EmptyState>
      </>
    );
  }
  return (
    <>
      <div class="page-head">
        <h1>Korean package</h1>
      </div>
      <Loaded state={state} what="the Korean package">
        {(p) => (
          <>
            <BillingCard base={base} pkg={p} reload={state.reload} />
            <PopbillMember base={base} pkg={p} reload={state.reload} />
            <Lookups base={base} pkg={p} reload={state.reload} />
            <KakaoChannels base={base} pkg={p} />
          </>
        )}
      </Loaded>
    </>
  );
}

function BillingCard({ base, pkg, reload }: { base: string; pkg: KoreanPackage; reload: () => void }) {
  const [authKey, setAuthKey] = useState("");
  const card = pkg.krwBillingKey;
  return (
    <Section title="KRW billing card" id="krw-card">
      <p>
        {card.registered ? (
          <>
            <Badge tone="good">Registered</Badge> {card.cardCompany} {card.cardNumberMasked} on {card.issuedAt ? formatTime(card.issuedAt) : ""}
          </>
        ) : (
          <Badge tone="neutral">No card</Badge>
        )}
      </p>
      <p class="muted">
        Open the card window of the Korean PG with the customer key <code>{card.customerKey}</code>, then paste the authKey it returns.
      </p>
      <Form
        id="krw-card"
        submitLabel="Register card"
        onSubmit={async () => {
          await api("POST", `${base}/billing/krw/billing-key/issue`, { authKey });
          setAuthKey("");
          reload();
        }}
      >
        <Field label="authKey" value={authKey} required maxLength={300} onInput={field(setAuthKey)} />
      </Form>
    </Section>
  );
}

function PopbillMember({ base, pkg, reload }: { base: string; pkg: KoreanPackage; reload: () => void }) {
  const [form, setForm] = useState({ corpNum: "", corpName: "", ceoName: "", userId: "", contactEmail: "" });
  const set = (key: keyof typeof form) => (e: Event) => setForm({ ...form, [key]: (e.target as HTMLInputElement).value });
  return (
    <Section title="Popbill" id="popbill">
      {pkg.popbill.linked ? (
        <p>
          <Badge tone="good">Linked</Badge> business {pkg.popbill.corpNum}, user {pkg.popbill.userId}
        </p>
      ) : (
        <Form
          id="popbill-member"
          submitLabel="Link with Popbill"
          onSubmit={async () => {
            await api("POST", `${base}/korean-package/popbill-member`, form);
            reload();
          }}
        >
          <Field label="Business registration number" value={form.corpNum} required onInput={set("corpNum")} />
          <Field label="Company name" value={form.corpName} required onInput={set("corpName")} />
          <Field label="Representative" value={form.ceoName} required onInput={set("ceoName")} />
          <Field label="Popbill user id" value={form.userId} required onInput={set("userId")} />
          <Field label="Contact e-mail" type="email" value={form.contactEmail} required onInput={set("contactEmail")} />
        </Form>
      )}
    </Section>
  );
}

function Lookups({ base, pkg, reload }: { base: string; pkg: KoreanPackage; reload: () => void }) {
  const [number, setNumber] = useState("");
  const [q, setQ] = useState("");
  const [result, setResult] = useState<string | null>(null);
  return (
    <Section title="Lookups" id="lookups">
      <p class="muted" id="lookup-counts">
        Today: {pkg.lookups.business.used} of {pkg.lookups.business.limit} business lookups, {pkg.lookups.address.used} of {pkg.lookups.address.limit} address searches.
      </p>
      <Form
        id="business-lookup"
        submitLabel="Look up business"
        onSubmit={async () => {
          const r = await api<{ number: string; status: string; taxType: string | null }>("GET", `${base}/billing/business-lookup${query({ number })}`);
          setResult(`${r.number}: ${r.status}${r.taxType ? ` (${r.taxType})` : ""}`);
          reload();
        }}
      >
        <Field id="business-number" label="Business registration number" value={number} required onInput={field(setNumber)} />
      </Form>
      <Form
        id="address-search"
        submitLabel="Search address"
        onSubmit={async () => {
          const r = await api<{ results: Array<{ roadAddress: string; zipCode: string }> }>("GET", `${base}/billing/address-search${query({ q })}`);
          setResult(r.results.map((a) => `${a.zipCode} ${a.roadAddress}`).join("\n") || "No address found.");
          reload();
        }}
      >
        <Field label="Road-name address" type="search" value={q} required onInput={field(setQ)} />
      </Form>
      {result ? <pre id="lookup-result">{result}</pre> : null}
    </Section>
  );
}

function KakaoChannels({ base, pkg }: { base: string; pkg: KoreanPackage }) {
  const groups = useLoad(() => api<Array<{ id: string; name: string }>>("GET", `${base}/app-groups`), [base]);
  const [groupId, setGroupId] = useState("");
  const chosen = groupId || groups.data?.[0]?.id || "";
  return (
    <Section title="Kakao channel" id="kakao">
      <p class="muted">Once an app group links its channel, verification codes to Korean numbers go as alimtalk, with SMS when it cannot be delivered.</p>
      <Loaded state={groups} what="app groups">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No app groups yet." />
          ) : (
            <>
              <Select label="App group" value={chosen} onChange={setGroupId} options={list.map((g) => [g.id, g.name] as [string, string])} />
              {chosen ? <KakaoChannelForm base={`${base}/app-groups/${chosen}/kakao`} popbillLinked={pkg.popbill.linked} /> : null}
            </>
          )
        }
      </Loaded>
    </Section>
  );
}

function KakaoChannelForm({ base, popbillLinked }: { base: string; popbillLinked: boolean }) {
  const channel = useLoad(() => api<KakaoChannel>("GET", base), [base]);
  const [form, setForm] = useState({ channelId: "", templateCode: "", senderNumber: "" });
  const [popup, setPopup] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: Event) => setForm({ ...form, [key]: (e.target as HTMLInputElement).value });
  return (
    <Loaded state={channel} what="the Kakao channel">
      {(c) => (
        <>
          <p>{c.linked ? `Linked: ${c.channelId}, template ${c.templateCode}, sender ${c.senderNumber}${c.memberId ? `, manager ${c.memberId}` : ""}.` : "No channel linked."}</p>
          {popbillLinked ? (
            <>
              <Form
                id="kakao-link"
                submitLabel={c.linked ? "Change channel" : "Link channel"}
                onSubmit={async () => {
                  await api("PUT", base, form);
                  channel.reload();
                }}
              >
                <Field label="Channel id (@handle)" value={form.channelId} required onInput={set("channelId")} />
                <Field label="Alimtalk template code" value={form.templateCode} required onInput={set("templateCode")} />
                <Field label="Sender number" value={form.senderNumber} required onInput={set("senderNumber")} />
              </Form>
              {c.linked ? (
                <ActionButton
                  kind="danger"
                  onAction={async () => {
                    await api("PUT", base, { channelId: null });
                    channel.reload();
                  }}
                >
                  Unlink channel
                </ActionButton>
              ) : null}
              {(["channel", "template", "sender"] as const).map((kind) => (
                <ActionButton
                  key={kind}
                  kind="secondary"
                  onAction={async () => {
                    setPopup((await api<{ url: string }>("POST", `${base}/popup/${kind}`, {})).url);
                  }}
                >
                  Manage {kind}s at Popbill
                </ActionButton>
              ))}
              {popup ? (
                <p>
                  <a href={popup} target="_blank" rel="noopener noreferrer">
                    Open Popbill
                  </a>
                </p>
              ) : null}
            </>
          ) : (
            <p class="muted">Link the organization with Popbill first.</p>
          )}
        </>
      )}
    </Loaded>
  );
}
