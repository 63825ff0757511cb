/**
 * The Korean package (docs/commerce.md), for the owner (view.billing): the KRW billing card,
 * the Popbill membership, business and address lookups with today's counts, and each app
 * group's Kakao channel, through which verification codes to Korean numbers go as alimtalk.
 */
import { useState } from "preact/hooks";
import { api, ApiProblem, query } from "../api";
import { ActionButton, Badge, EmptyState, Field, Form, Interpolate, Loaded, Section, Select, useLoad } from "../components";
import { formatTime } from "../messages";
import type { Org } from "../session";
import { useT } from "../language";

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
  const t = useT();
  const base = `/api/org/${org.slug}`;
  const state = useLoad(() => api<KoreanPackage>("GET", `${base}/korean-package`), [org.slug]);
  if (state.error instanceof ApiProblem && state.error.status === 403) {
    return (
      <>
        <div class="page-head">
          <h1>{t("korean.title")}</h1>
        </div>
        <EmptyState title={t("korean.ownerOnly")}>{t("korean.ownerOnlyHint")}</EmptyState>
      </>
    );
  }
  return (
    <>
      <div class="page-head">
        <h1>{t("korean.title")}</h1>
      </div>
      <Loaded state={state} what={t("korean.what")}>
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
  const t = useT();
  const [authKey, setAuthKey] = useState("");
  const card = pkg.krwBillingKey;
  return (
    <Section title={t("korean.card")} id="krw-card">
      <p>
        {card.registered ? (
          <>
            <Badge tone="good">{t("korean.registered")}</Badge> {card.cardCompany} {card.cardNumberMasked} {t("korean.registeredOn", { time: card.issuedAt ? formatTime(card.issuedAt) : "" })}
          </>
        ) : (
          <Badge tone="neutral">{t("korean.noCard")}</Badge>
        )}
      </p>
      <p class="muted">
        <Interpolate text={t("korean.cardHint")} values={{ key: <code>{card.customerKey}</code> }} />
      </p>
      <Form
        id="krw-card"
        submitLabel={t("korean.registerCard")}
        done={t("korean.cardRegistered")}
        onSubmit={async () => {
          await api("POST", `${base}/billing/krw/billing-key/issue`, { authKey });
          setAuthKey("");
          reload();
        }}
      >
        <Field label={"authKey"} value={authKey} required maxLength={300} onInput={field(setAuthKey)} />
      </Form>
    </Section>
  );
}

function PopbillMember({ base, pkg, reload }: { base: string; pkg: KoreanPackage; reload: () => void }) {
  const t = useT();
  const [form, setForm] = useState({ corpNum: "", corpName: "", ceoName: "", userId: "", contactEmail: "" });
  const set = (key: keyof typeof form) => (e: Event) => setForm({ ...form, [key]: (e.target as HTMLInputElement).value });
  return (
    <Section title={"Popbill"} id="popbill">
      {pkg.popbill.linked ? (
        <p>
          <Badge tone="good">{t("korean.linked")}</Badge> {t("korean.popbillLinked", { corp: pkg.popbill.corpNum ?? "", user: pkg.popbill.userId ?? "" })}
        </p>
      ) : (
        <Form
          id="popbill-member"
          submitLabel={t("korean.linkPopbill")}
          done={t("korean.popbillDone")}
          onSubmit={async () => {
            await api("POST", `${base}/korean-package/popbill-member`, form);
            reload();
          }}
        >
          <Field label={t("korean.corpNum")} value={form.corpNum} required onInput={set("corpNum")} />
          <Field label={t("korean.corpName")} value={form.corpName} required onInput={set("corpName")} />
          <Field label={t("korean.ceo")} value={form.ceoName} required onInput={set("ceoName")} />
          <Field label={t("korean.popbillUser")} value={form.userId} required onInput={set("userId")} />
          <Field label={t("korean.contactEmail")} type="email" value={form.contactEmail} required onInput={set("contactEmail")} />
        </Form>
      )}
    </Section>
  );
}

function Lookups({ base, pkg, reload }: { base: string; pkg: KoreanPackage; reload: () => void }) {
  const t = useT();
  const [number, setNumber] = useState("");
  const [q, setQ] = useState("");
  const [result, setResult] = useState<string | null>(null);
  return (
    <Section title={t("korean.lookups")} id="lookups">
      <p class="muted" id="lookup-counts">
        {t("korean.today", {
          businessUsed: pkg.lookups.business.used,
          businessLimit: pkg.lookups.business.limit,
          addressUsed: pkg.lookups.address.used,
          addressLimit: pkg.lookups.address.limit,
        })}
      </p>
      <Form
        id="business-lookup"
        submitLabel={t("korean.lookUp")}
        onSubmit={async () => {
          const r = await api<{ number: string; status: string; taxType: string | null }>("GET", `${base}/billing/business-lookup${query({ number })}`);
          setResult(`${r.number}: ${r.status}${r.taxType ? ` (${r.taxType})` : ""}`);
          reload();
        }}
      >
        <Field id="business-number" label={t("korean.corpNum")} value={number} required onInput={field(setNumber)} />
      </Form>
      <Form
        id="address-search"
        submitLabel={t("korean.searchAddress")}
        onSubmit={async () => {
          const r = await api<{ results: Array<{ roadAddress: string; zipCode: string }> }>("GET", `${base}/billing/address-search${query({ q })}`);
          setResult(r.results.map((a) => `${a.zipCode} ${a.roadAddress}`).join("\n") || t("korean.noAddress"));
          reload();
        }}
      >
        <Field label={t("korean.roadAddress")} type="search" value={q} required onInput={field(setQ)} />
      </Form>
      {result ? <pre id="lookup-result">{result}</pre> : null}
    </Section>
  );
}

function KakaoChannels({ base, pkg }: { base: string; pkg: KoreanPackage }) {
  const t = useT();
  const groups = useLoad(() => api<Array<{ id: string; name: string }>>("GET", `${base}/app-groups`), [base]);
  const [groupId, setGroupId] = useState("");
  const chosen = groupId || groups.data?.[0]?.id || "";
  return (
    <Section title={t("korean.kakao")} id="kakao">
      <p class="muted">{t("korean.kakaoHint")}</p>
      <Loaded state={groups} what={t("korean.groupsWhat")}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t("korean.noGroups")} />
          ) : (
            <>
              <Select label={t("korean.appGroup")} value={chosen} onChange={setGroupId} options={list.map((g) => [g.id, g.name] as [string, string])} />
              {chosen ? <KakaoChannelForm base={`${base}/app-groups/${chosen}/kakao`} popbillLinked={pkg.popbill.linked} /> : null}
            </>
          )
        }
      </Loaded>
    </Section>
  );
}

function KakaoChannelForm({ base, popbillLinked }: { base: string; popbillLinked: boolean }) {
  const t = useT();
  const channel = useLoad(() => api<KakaoChannel>("GET", base), [base]);
  const [form, setForm] = useState({ channelId: "", templateCode: "", senderNumber: "" });
  const [popup, setPopup] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: Event) => setForm({ ...form, [key]: (e.target as HTMLInputElement).value });
  return (
    <Loaded state={channel} what={t("korean.channelWhat")}>
      {(c) => (
        <>
          <p>
            {c.linked
              ? t(c.memberId ? "korean.channelLinkedManager" : "korean.channelLinked", { channel: c.channelId ?? "", template: c.templateCode ?? "", sender: c.senderNumber ?? "", manager: c.memberId ?? "" })
              : t("korean.noChannel")}
          </p>
          {popbillLinked ? (
            <>
              <Form
                id="kakao-link"
                submitLabel={c.linked ? t("korean.changeChannel") : t("korean.linkChannel")}
                done={t("korean.channelSaved")}
                onSubmit={async () => {
                  await api("PUT", base, form);
                  channel.reload();
                }}
              >
                <Field label={t("korean.channelId")} value={form.channelId} required onInput={set("channelId")} />
                <Field label={t("korean.templateCode")} value={form.templateCode} required onInput={set("templateCode")} />
                <Field label={t("korean.senderNumber")} value={form.senderNumber} required onInput={set("senderNumber")} />
              </Form>
              {c.linked ? (
                <ActionButton
                  kind="danger"
                  done={t("korean.unlinked")}
                  onAction={async () => {
                    await api("PUT", base, { channelId: null });
                    channel.reload();
                  }}
                >
                  {t("korean.unlink")}
                </ActionButton>
              ) : null}
              {(["channel", "template", "sender"] as const).map((kind) => (
                <ActionButton
                  key={kind}
                  kind="secondary"
                  done={t("korean.popupReady")}
                  onAction={async () => {
                    setPopup((await api<{ url: string }>("POST", `${base}/popup/${kind}`, {})).url);
                  }}
                >
                  {t(`korean.manage.${kind}`)}
                </ActionButton>
              ))}
              {popup ? (
                <p>
                  <a href={popup} target="_blank" rel="noopener noreferrer">
                    {t("korean.openPopbill")}
                  </a>
                </p>
              ) : null}
            </>
          ) : (
            <p class="muted">{t("korean.popbillFirst")}</p>
          )}
        </>
      )}
    </Loaded>
  );
}
