/**
 * Billing (docs/billing.md), for the owner (view.billing): the prepaid credit with its
 * reserve and a top-up, the plan and changing it, add-ons, invoices with their PDF and
 * public verify link, the ledger, and withdrawing paid credit. A running delinquency
 * grace shows as a banner with the day it ends.
 */
import { useEffect, useState } from "preact/hooks";
import { api, ApiProblem, query } from "../api";
import {
  type AddonEnabled,
  type AddonList,
  type Addon,
  categoryName,
  entryKind,
  type InvoiceView,
  type LedgerEntry,
  money,
  periodName,
  type PlanChange,
  type Quote,
  SELF_SERVE_PLANS,
  settlementName,
  type Summary,
  type TopUp,
  toMinor,
  type VerificationView,
  type Withdrawal,
} from "../billing";
import { ActionButton, Badge, CopyButton, EmptyState, ErrorMessage, Field, Form, Interpolate, Loaded, Section, Select, Toggle, useLoad } from "../components";
import { formatTime } from "../messages";
import { PLAN_NAMES, useSession, type Org } from "../session";
import { useT } from "../language";

const LEDGER_PAGE = 50;
const LEDGER_MAX = 500;
const STATUS_KEYS = { Open: "billing.status.Open", Issued: "billing.status.Issued", Superseded: "billing.status.Superseded" } as const;

const planName = (plan: string) => PLAN_NAMES[plan] ?? plan;
const formatDay = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: "long" }) : "—");

export function BillingPage({ org }: { org: Org }) {
  const t = useT();
  const base = `/api/org/${org.slug}/billing`;
  // One counter reloads every section after a change: money moves touch most of them.
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  const summary = useLoad(() => api<Summary>("GET", base), [org.slug, version]);

  if (summary.error instanceof ApiProblem && summary.error.status === 403) {
    return (
      <>
        <div class="page-head">
          <h1>{t("billing.title")}</h1>
        </div>
        <EmptyState title={t("billing.ownerOnly")}>{t("billing.ownerOnlyHint")}</EmptyState>
      </>
    );
  }
  return (
    <>
      <div class="page-head">
        <h1>{t("billing.title")}</h1>
      </div>
      <Loaded state={summary} what={t("billing.what")}>
        {(s) => (
          <>
            <GraceBanner summary={s} />
            <Credit base={base} summary={s} onChanged={changed} />
            <Plan org={org} base={base} summary={s} onChanged={changed} />
            <Addons org={org} version={version} onChanged={changed} />
            <Invoices base={base} version={version} />
            <Ledger base={base} version={version} />
            <Withdraw base={base} summary={s} version={version} onChanged={changed} />
          </>
        )}
      </Loaded>
    </>
  );
}

/** Spec 3.7: a failed charge opens a 3-day grace; at its end the plan drops to Free and paid add-ons switch off. */
function GraceBanner({ summary }: { summary: Summary }) {
  const t = useT();
  const d = summary.delinquency;
  if (!d) return null;
  return (
    <div class="warning banner" role="alert" id="grace-banner">
      <strong>{t("billing.graceStrong")}</strong>{" "}
      {t("billing.graceSince", { time: formatTime(d.since), attempts: d.failedAttempts === 1 ? t("billing.failedOne") : t("billing.failedMany", { count: d.failedAttempts }) })}{" "}
      <strong id="grace-ends">{formatTime(d.graceEndsAt)}</strong>
      {t("billing.graceAfter")}
    </div>
  );
}

function Credit({ base, summary, onChanged }: { base: string; summary: Summary; onChanged: () => void }) {
  const t = useT();
  const { devMode } = useSession();
  const [amount, setAmount] = useState("");
  const [result, setResult] = useState<TopUp | null>(null);
  const topUp = async () => {
    setResult(null);
    const minor = toMinor(t, amount, summary.currency);
    setResult(await api<TopUp>("POST", `${base}/top-ups`, { amount: minor, currency: summary.currency }));
    setAmount("");
    onChanged();
  };
  return (
    <Section title={t("billing.credit")} id="credit">
      <dl class="facts">
        <div>
          <dt>{t("billing.balance")}</dt>
          <dd id="credit-balance">{money(summary.balance, summary.currency)}</dd>
        </div>
        <div>
          <dt>{t("billing.reserve")}</dt>
          <dd id="credit-reserve">{money(summary.reserve, summary.currency)}</dd>
        </div>
        <div>
          <dt>{t("billing.currency")}</dt>
          <dd>{summary.currency}</dd>
        </div>
      </dl>
      <p class="muted">
        {t("billing.creditHint")}
      </p>
      {result ? <TopUpResult result={result} /> : null}
      <Form onSubmit={topUp} submitLabel={t("billing.addCredit")} id="top-up">
        <Field
          label={t("billing.amount", { currency: summary.currency })}
          id="top-up-amount"
          inputMode="decimal"
          required
          placeholder={summary.currency === "KRW" ? "50000" : "50.00"}
          hint={devMode ? t("billing.devGateway") : t("billing.stripe")}
          value={amount}
          onInput={(e) => setAmount((e.target as HTMLInputElement).value)}
        />
      </Form>
    </Section>
  );
}

function TopUpResult({ result }: { result: TopUp }) {
  const t = useT();
  const amount = money(result.amount, result.currency);
  if (result.status === "succeeded") {
    return (
      <p role="status" class="success" id="top-up-result">
        {result.provider === "dev" ? t("billing.addedDev", { amount }) : t("billing.added", { amount })}
      </p>
    );
  }
  return (
    <p role="status" class="warning" id="top-up-result">
      <Interpolate
        text={t("billing.openPayment")}
        values={{ amount, provider: result.provider === "stripe" ? "Stripe" : result.provider, payment: <code>{result.paymentId}</code>, balance: money(result.balance, result.currency) }}
      />
    </p>
  );
}

function Plan({ org, base, summary, onChanged }: { org: Org; base: string; summary: Summary; onChanged: () => void }) {
  const t = useT();
  const { reloadOrgs } = useSession();
  const choices = SELF_SERVE_PLANS.filter((p) => p !== summary.plan);
  const [chosen, setPlan] = useState<string>(choices[choices.length - 1] ?? "free");
  // After a change the chosen plan may be the current one, which the list no longer offers.
  const plan = choices.includes(chosen as (typeof choices)[number]) ? chosen : (choices[choices.length - 1] ?? "free");
  const [result, setResult] = useState<PlanChange | null>(null);
  const rank = (p: string) => SELF_SERVE_PLANS.indexOf(p as (typeof SELF_SERVE_PLANS)[number]);
  const change = async (to: string) => {
    setResult(null);
    const upgrade = rank(to) > rank(summary.plan);
    if (upgrade && !confirm(t("billing.confirmUpgrade", { plan: planName(to) }))) return;
    const changed = await api<PlanChange>("PUT", `${base}/plan`, { plan: to });
    setResult(changed);
    onChanged();
    await reloadOrgs();
  };
  const follows = Boolean(org.parentSlug);
  return (
    <Section title={t("billing.plan")} id="plan">
      <dl class="facts">
        <div>
          <dt>{t("billing.plan")}</dt>
          <dd id="plan-name">{planName(summary.plan)}</dd>
        </div>
        <div>
          <dt>{t("billing.perMonth")}</dt>
          <dd id="plan-price">{summary.monthlyPrice === null ? t("billing.perContract") : money(summary.monthlyPrice, summary.currency)}</dd>
        </div>
        <div>
          <dt>{t("billing.paidUntil")}</dt>
          <dd>{summary.planPaidThrough ? formatDay(summary.planPaidThrough) : "—"}</dd>
        </div>
      </dl>
      {result ? <PlanResult result={result} /> : null}
      {summary.scheduledPlan ? (
        <div class="warning" id="scheduled-change">
          <p>
            <Interpolate
              text={t("billing.scheduled")}
              values={{ plan: <strong>{planName(summary.scheduledPlan)}</strong>, day: formatDay(summary.scheduledAt), current: planName(summary.plan) }}
            />
          </p>
          <ActionButton kind="secondary" id="cancel-downgrade" onAction={() => change(summary.plan)}>
            {t("billing.keep", { plan: planName(summary.plan) })}
          </ActionButton>
        </div>
      ) : null}
      {follows ? (
        <p class="muted">{t("billing.follows")}</p>
      ) : summary.plan === "enterprise" ? (
        <p class="muted">{t("billing.enterprise")}</p>
      ) : (
        <>
          <p class="muted" id="plan-rules">
            {t("billing.rules", { plan: planName(summary.plan) })}
          </p>
          <Form onSubmit={() => change(plan)} submitLabel={t("billing.changePlan")} done={t("billing.planChanged")} id="change-plan">
            <Select label={t("billing.newPlan")} id="plan-select" value={plan} onChange={setPlan} options={choices.map((p) => [p, planName(p)])} />
          </Form>
        </>
      )}
    </Section>
  );
}

function PlanResult({ result }: { result: PlanChange }) {
  const t = useT();
  const text =
    result.change === "upgraded"
      ? t("billing.upgraded", { plan: planName(result.plan), amount: money(result.charged, result.currency) })
      : result.change === "scheduled"
        ? t("billing.scheduledResult", { plan: planName(result.scheduledPlan ?? ""), day: formatDay(result.scheduledAt), current: planName(result.plan) })
        : result.change === "cancelled"
          ? t("billing.cancelled", { plan: planName(result.plan) })
          : t("billing.unchanged", { plan: planName(result.plan) });
  return (
    <p role="status" class="success" id="plan-result" data-change={result.change} data-charged={result.charged}>
      {text}
    </p>
  );
}

function Addons({ org, version, onChanged }: { org: Org; version: number; onChanged: () => void }) {
  const t = useT();
  const list = useLoad(() => api<AddonList>("GET", `/api/org/${org.slug}/settings/addons`), [org.slug, version]);
  return (
    <Section title={t("billing.addons")} id="addons">
      <Loaded state={list} what={t("billing.addonsWhat")}>
        {(l) => (
          <ul class="addon-list">
            {l.addons.map((a) => (
              <AddonRow key={a.key} org={org} addon={a} onChanged={onChanged} />
            ))}
          </ul>
        )}
      </Loaded>
    </Section>
  );
}

function AddonRow({ org, addon, onChanged }: { org: Org; addon: Addon; onChanged: () => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [note, setNote] = useState<string | null>(null);
  // The switch moves at once and moves back, with the reason, when the API refuses.
  const [on, setOn] = useState(addon.active);
  useEffect(() => setOn(addon.active), [addon.active]);
  const price = money(addon.monthlyPriceCents, "USD");
  const toggle = async (want: boolean) => {
    setOn(want);
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const path = `/api/org/${org.slug}/settings/addons/${encodeURIComponent(addon.key)}`;
      if (want) {
        const r = await api<AddonEnabled>("POST", path);
        setNote(r.chargedCents > 0 ? t("billing.addonOnCharged", { amount: money(r.chargedCents, "USD") }) : t("billing.addonOnFree"));
      } else {
        const r = await api<Addon>("DELETE", path);
        setNote(t("billing.addonOff", { day: formatDay(r.paidThrough) }));
      }
      onChanged();
    } catch (e) {
      setOn(!want);
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li class="addon" data-addon-key={addon.key} data-active={addon.active}>
      <Toggle id={`addon-${addon.key}`} label={t("billing.addonLabel", { name: addon.name, price })} checked={on} disabled={busy || (!addon.active && !addon.planAllows)} onChange={toggle} />
      <p class="muted">
        {addon.planAllows ? "" : t("billing.needsPlan", { plan: planName(addon.minimumPlan) })}
        {addon.active && addon.paidThrough ? t("billing.addonPaidUntil", { day: formatDay(addon.paidThrough) }) : addon.active ? t("billing.addonOn") : t("billing.addonOffHint")}
      </p>
      {note ? (
        <p role="status" class="success addon-note">
          {note}
        </p>
      ) : null}
      <ErrorMessage error={error} />
    </li>
  );
}

function Invoices({ base, version }: { base: string; version: number }) {
  const t = useT();
  const invoices = useLoad(() => api<InvoiceView[]>("GET", `${base}/invoices`), [base, version]);
  return (
    <Section title={t("billing.invoices")} id="invoices">
      <p class="muted">
        {t("billing.invoicesHint")}
      </p>
      <Loaded state={invoices} what={t("billing.invoicesWhat")}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t("billing.noInvoices")}>{t("billing.noInvoicesHint")}</EmptyState>
          ) : (
            <ul class="invoice-list">
              {list.map((invoice) => (
                <InvoiceItem key={invoice.id} base={base} invoice={invoice} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </Section>
  );
}

function InvoiceItem({ base, invoice }: { base: string; invoice: InvoiceView }) {
  const t = useT();
  const [verdict, setVerdict] = useState<VerificationView | null>(null);
  const verifyPath = `/api/public/v1/invoices/${encodeURIComponent(invoice.id)}/verify`;
  const open = invoice.status === "Open";
  const title = invoice.number ?? t("billing.openStatement");
  const tone = invoice.status === "Issued" ? "good" : invoice.status === "Superseded" ? "warn" : "neutral";
  return (
    <li class="card invoice" data-invoice-id={invoice.id} data-status={invoice.status}>
      <div class="invoice-head">
        <strong class="invoice-number">{title}</strong> <span class="muted">{periodName(invoice.period)}</span> <Badge tone={tone}>{invoice.status in STATUS_KEYS ? t(STATUS_KEYS[invoice.status as keyof typeof STATUS_KEYS]) : invoice.status}</Badge>{" "}
        <Badge tone={invoice.settlement === "settled" || invoice.settlement === "none" ? "neutral" : "warn"}>{settlementName(t, invoice.settlement)}</Badge>
      </div>
      <p class="invoice-totals">
        {t("billing.total")} <strong>{money(invoice.subtotal, invoice.currency)}</strong>
        {t("billing.paid", { amount: money(invoice.settled, invoice.currency) })}
        {invoice.unsettled ? t("billing.notCovered", { amount: money(invoice.unsettled, invoice.currency) }) : ""}
        {invoice.issuedAt ? t("billing.issued", { time: formatTime(invoice.issuedAt) }) : t("billing.issuedWhenClosed")}
        {invoice.supersededBy ? t("billing.replaced") : ""}
      </p>
      <details>
        <summary>{invoice.lines.length === 1 ? t("billing.lineOne") : t("billing.lineMany", { count: invoice.lines.length })}</summary>
        <div class="table-wrap" tabIndex={0}>
          <table class="table">
            <thead>
              <tr>
                <th scope="col">{t("billing.whatColumn")}</th>
                <th scope="col">{t("billing.amountColumn")}</th>
                <th scope="col">{t("billing.paidColumn")}</th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((line) => (
                <tr key={line.refId} data-category={line.category}>
                  <td>
                    <span class="muted">{categoryName(t, line.category)}:</span> {line.memo}
                  </td>
                  <td>{money(line.amount, invoice.currency)}</td>
                  <td>{line.outcome === "ok" ? t("billing.yes") : line.outcome === "insufficient" ? t("billing.creditTooLow") : t("billing.lineError")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <div class="toolbar invoice-links">
        {open ? null : (
          <a class="button secondary" href={`${base}/invoices/${encodeURIComponent(invoice.id)}/pdf`} target="_blank" rel="noopener">
            {"PDF"}
            <span class="visually-hidden">{t("billing.pdfOf", { title })}</span>
          </a>
        )}
        <a class="verify-link" href={verifyPath} target="_blank" rel="noopener">
          {t("billing.verifyLink")}
          <span class="visually-hidden">{t("billing.pdfOf", { title })}</span>
        </a>
        <CopyButton text={`${location.origin}${verifyPath}`} label={t("billing.copyVerify")} />
        <ActionButton kind="secondary" label={t("billing.checkSealOf", { title })} onAction={async () => setVerdict(await api<VerificationView>("GET", verifyPath))}>
          {t("billing.checkSeal")}
        </ActionButton>
      </div>
      {verdict ? <Verdict verdict={verdict} /> : null}
    </li>
  );
}

function Verdict({ verdict }: { verdict: VerificationView }) {
  const t = useT();
  const text =
    verdict.verdict === "valid"
      ? t(verdict.status === "superseded" ? "billing.sealValidSuperseded" : "billing.sealValid", { hash: verdict.selfHash?.slice(0, 16) ?? "" })
      : verdict.verdict === "mismatch"
        ? t("billing.mismatch")
        : t("billing.openVerdict");
  return (
    <p role="status" class={verdict.verdict === "mismatch" ? "error" : "success"} data-verdict={verdict.verdict}>
      {text}
    </p>
  );
}

function Ledger({ base, version }: { base: string; version: number }) {
  const t = useT();
  const [limit, setLimit] = useState(LEDGER_PAGE);
  const entries = useLoad(() => api<LedgerEntry[]>("GET", `${base}/ledger${query({ limit })}`), [base, version, limit]);
  return (
    <Section title={t("billing.ledger")} id="ledger">
      <Loaded state={entries} what={t("billing.ledgerWhat")}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t("billing.noMoney")}>{t("billing.noMoneyHint")}</EmptyState>
          ) : (
            <>
              <div class="table-wrap" tabIndex={0}>
                <table class="table" id="ledger-table">
                  <thead>
                    <tr>
                      <th scope="col">{t("billing.when")}</th>
                      <th scope="col">{t("billing.whatColumn")}</th>
                      <th scope="col">{t("billing.amountColumn")}</th>
                      <th scope="col">{t("billing.balanceAfter")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((e) => (
                      <tr key={e.id} data-ref-id={e.refId}>
                        <td>{formatTime(e.at)}</td>
                        <td>
                          <strong>{entryKind(t, e)}</strong> <span class="muted">{e.memo}</span>
                        </td>
                        <td class={e.amount < 0 ? "amount-out" : "amount-in"}>{(e.amount > 0 ? "+" : "") + money(e.amount, e.currency)}</td>
                        <td>{money(e.balanceAfter, e.currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {list.length >= limit && limit < LEDGER_MAX ? (
                <div class="pager">
                  <button type="button" class="secondary" id="ledger-more" onClick={() => setLimit(Math.min(LEDGER_MAX, limit + LEDGER_PAGE))}>
                    {t("billing.older")}
                  </button>
                </div>
              ) : list.length >= LEDGER_MAX ? (
                <p class="muted">{t("billing.newest", { count: LEDGER_MAX })}</p>
              ) : null}
            </>
          )
        }
      </Loaded>
    </Section>
  );
}

function Withdraw({ base, summary, version, onChanged }: { base: string; summary: Summary; version: number; onChanged: () => void }) {
  const t = useT();
  const quote = useLoad(() => api<Quote>("GET", `${base}/withdrawals/quote`), [base, version]);
  const [amount, setAmount] = useState("");
  const [result, setResult] = useState<Withdrawal | null>(null);
  const withdraw = async () => {
    setResult(null);
    const minor = toMinor(t, amount, summary.currency);
    if (!confirm(t("billing.confirmWithdraw", { amount: money(minor, summary.currency) }))) return;
    setResult(await api<Withdrawal>("POST", `${base}/withdrawals`, { amount: minor, currency: summary.currency }));
    setAmount("");
    onChanged();
  };
  return (
    <Section title={t("billing.withdrawTitle")} id="withdraw">
      <Loaded state={quote} what={t("billing.quoteWhat")}>
        {(q) => (
          <dl class="facts">
            <div>
              <dt>{t("billing.withdrawable")}</dt>
              <dd id="withdrawable">{money(q.withdrawable, q.currency)}</dd>
            </div>
            <div>
              <dt>{t("billing.paidLeft")}</dt>
              <dd>{money(q.paidLeft, q.currency)}</dd>
            </div>
            <div>
              <dt>{t("billing.bonus")}</dt>
              <dd>{money(q.bonusLeft, q.currency)}</dd>
            </div>
            <div>
              <dt>{t("billing.reserveHeld")}</dt>
              <dd>{money(q.reserve, q.currency)}</dd>
            </div>
          </dl>
        )}
      </Loaded>
      <p class="muted">
        {t("billing.withdrawHint")}
      </p>
      {result ? (
        <p role="status" class="success" id="withdraw-result">
          {t("billing.withdrew", { amount: money(result.amount, result.currency), fee: money(result.fee, result.currency), payout: money(result.payout, result.currency) })}
          {result.clawback ? t("billing.clawback", { amount: money(result.clawback, result.currency) }) : ""}
          {t("billing.balanceNow", { amount: money(result.balance, result.currency) })}
        </p>
      ) : null}
      <Form onSubmit={withdraw} submitLabel={t("billing.withdraw")} id="withdraw-form">
        <Field label={t("billing.withdrawAmount", { currency: summary.currency })} id="withdraw-amount" inputMode="decimal" required value={amount} onInput={(e) => setAmount((e.target as HTMLInputElement).value)} />
      </Form>
      {quote.error ? <ErrorMessage error={quote.error} /> : null}
    </Section>
  );
}

