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
  CATEGORY_NAMES,
  entryKind,
  type InvoiceView,
  type LedgerEntry,
  money,
  periodName,
  type PlanChange,
  type Quote,
  SELF_SERVE_PLANS,
  SETTLEMENT_NAMES,
  type Summary,
  type TopUp,
  toMinor,
  type VerificationView,
  type Withdrawal,
} from "../billing";
import { ActionButton, Badge, CopyButton, EmptyState, ErrorMessage, Field, Form, Loaded, Section, Select, Toggle, useLoad } from "../components";
import { formatTime } from "../messages";
import { PLAN_NAMES, useSession, type Org } from "../session";

const LEDGER_PAGE = 50;
const LEDGER_MAX = 500;

const planName = (plan: string) => PLAN_NAMES[plan] ?? plan;
const formatDay = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: "long" }) : "—");

export function BillingPage({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}/billing`;
  // One counter reloads every section after a change: money moves touch most of them.
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  const summary = useLoad(() => api<Summary>("GET", base), [org.slug, version]);

  if (summary.error instanceof ApiProblem && summary.error.status === 403) {
    return (
      <>
        <div class="page-head">
          <h1>Billing</h1>
        </div>
        <EmptyState title="Only the owner sees billing.">Billing needs view.billing, which the owner holds (and a custom role may be given).</EmptyState>
      </>
    );
  }
  return (
    <>
      <div class="page-head">
        <h1>Billing</h1>
      </div>
      <Loaded state={summary} what="billing">
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
  const d = summary.delinquency;
  if (!d) return null;
  return (
    <div class="warning banner" role="alert" id="grace-banner">
      <strong>A charge could not be paid from the prepaid credit.</strong> Since {formatTime(d.since)} ({d.failedAttempts === 1 ? "1 failed attempt" : `${d.failedAttempts} failed attempts`}), the organization is in a grace
      period that ends <strong id="grace-ends">{formatTime(d.graceEndsAt)}</strong>. Top up before then: the open charges are retried at once. After it, the plan drops to Free and paid
      add-ons switch off.
    </div>
  );
}

function Credit({ base, summary, onChanged }: { base: string; summary: Summary; onChanged: () => void }) {
  const { devMode } = useSession();
  const [amount, setAmount] = useState("");
  const [result, setResult] = useState<TopUp | null>(null);
  const topUp = async () => {
    setResult(null);
    const minor = toMinor(amount, summary.currency);
    setResult(await api<TopUp>("POST", `${base}/top-ups`, { amount: minor, currency: summary.currency }));
    setAmount("");
    onChanged();
  };
  return (
    <Section title="Prepaid credit" id="credit">
      <dl class="facts">
        <div>
          <dt>Balance</dt>
          <dd id="credit-balance">{money(summary.balance, summary.currency)}</dd>
        </div>
        <div>
          <dt>Service reserve</dt>
          <dd id="credit-reserve">{money(summary.reserve, summary.currency)}</dd>
        </div>
        <div>
          <dt>Currency</dt>
          <dd>{summary.currency}</dd>
        </div>
      </dl>
      <p class="muted">
        The plan, add-ons and metered texts are charged from this credit. The reserve stays back from withdrawals while a paid plan or add-on is on.
      </p>
      {result ? <TopUpResult result={result} /> : null}
      <Form onSubmit={topUp} submitLabel="Add credit" id="top-up">
        <Field
          label={`Amount (${summary.currency})`}
          id="top-up-amount"
          inputMode="decimal"
          required
          placeholder={summary.currency === "KRW" ? "50000" : "50.00"}
          hint={devMode ? "Developer mode: the dev gateway adds the credit at once and charges no card." : "Paid by card through Stripe, when the operator has set it up."}
          value={amount}
          onInput={(e) => setAmount((e.target as HTMLInputElement).value)}
        />
      </Form>
    </Section>
  );
}

function TopUpResult({ result }: { result: TopUp }) {
  const amount = money(result.amount, result.currency);
  if (result.status === "succeeded") {
    return (
      <p role="status" class="success" id="top-up-result">
        Added {amount}
        {result.provider === "dev" ? " through the dev gateway (no card was charged)" : ""}.
      </p>
    );
  }
  return (
    <p role="status" class="warning" id="top-up-result">
      The payment of {amount} is open with {result.provider === "stripe" ? "Stripe" : result.provider} (payment <code>{result.paymentId}</code>). The credit arrives when the processor confirms it.
      This dashboard does not take card details yet, so the card payment is completed with Stripe; until then the balance stays {money(result.balance, result.currency)}.
    </p>
  );
}

function Plan({ org, base, summary, onChanged }: { org: Org; base: string; summary: Summary; onChanged: () => void }) {
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
    if (upgrade && !confirm(`Upgrade to ${planName(to)} now? The rest of this month is charged to the prepaid credit, prorated by day.`)) return;
    const changed = await api<PlanChange>("PUT", `${base}/plan`, { plan: to });
    setResult(changed);
    onChanged();
    await reloadOrgs();
  };
  const follows = Boolean(org.parentSlug);
  return (
    <Section title="Plan" id="plan">
      <dl class="facts">
        <div>
          <dt>Plan</dt>
          <dd id="plan-name">{planName(summary.plan)}</dd>
        </div>
        <div>
          <dt>Per month</dt>
          <dd id="plan-price">{summary.monthlyPrice === null ? "per contract" : money(summary.monthlyPrice, summary.currency)}</dd>
        </div>
        <div>
          <dt>Paid until</dt>
          <dd>{summary.planPaidThrough ? formatDay(summary.planPaidThrough) : "—"}</dd>
        </div>
      </dl>
      {result ? <PlanResult result={result} /> : null}
      {summary.scheduledPlan ? (
        <div class="warning" id="scheduled-change">
          <p>
            Changes to <strong>{planName(summary.scheduledPlan)}</strong> on {formatDay(summary.scheduledAt)}, the end of the paid period; {planName(summary.plan)} stays until then.
          </p>
          <ActionButton kind="secondary" id="cancel-downgrade" onAction={() => change(summary.plan)}>
            Keep {planName(summary.plan)}
          </ActionButton>
        </div>
      ) : null}
      {follows ? (
        <p class="muted">This sub-organization follows its parent organization's plan.</p>
      ) : summary.plan === "enterprise" ? (
        <p class="muted">Enterprise is priced per contract: the operator changes it.</p>
      ) : (
        <>
          <p class="muted" id="plan-rules">
            An upgrade applies now: the rest of this month, prorated by day, is taken from the credit (less what {planName(summary.plan)} has paid for those days), and the charge is
            shown here. A downgrade waits for the end of the paid period and can be cancelled until then. Enterprise is per contract.
          </p>
          <Form onSubmit={() => change(plan)} submitLabel="Change plan" id="change-plan">
            <Select label="New plan" id="plan-select" value={plan} onChange={setPlan} options={choices.map((p) => [p, planName(p)])} />
          </Form>
        </>
      )}
    </Section>
  );
}

function PlanResult({ result }: { result: PlanChange }) {
  const text =
    result.change === "upgraded"
      ? `Upgraded to ${planName(result.plan)}: ${money(result.charged, result.currency)} was taken from the credit for the rest of this month.`
      : result.change === "scheduled"
        ? `${planName(result.scheduledPlan ?? "")} from ${formatDay(result.scheduledAt)}; ${planName(result.plan)} stays until then.`
        : result.change === "cancelled"
          ? `The scheduled change was cancelled: ${planName(result.plan)} continues.`
          : `Already on ${planName(result.plan)}: nothing changed.`;
  return (
    <p role="status" class="success" id="plan-result" data-change={result.change} data-charged={result.charged}>
      {text}
    </p>
  );
}

function Addons({ org, version, onChanged }: { org: Org; version: number; onChanged: () => void }) {
  const list = useLoad(() => api<AddonList>("GET", `/api/org/${org.slug}/settings/addons`), [org.slug, version]);
  return (
    <Section title="Add-ons" id="addons">
      <Loaded state={list} what="add-ons">
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
        setNote(r.chargedCents > 0 ? `On: ${money(r.chargedCents, "USD")} was taken from the credit for the rest of this month.` : "On: this month is already paid, nothing was charged.");
      } else {
        const r = await api<Addon>("DELETE", path);
        setNote(`Off. No refund: it is paid until ${formatDay(r.paidThrough)}, and switching it on again before then costs nothing.`);
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
      <Toggle id={`addon-${addon.key}`} label={`${addon.name}: ${price} a month`} checked={on} disabled={busy || (!addon.active && !addon.planAllows)} onChange={toggle} />
      <p class="muted">
        {addon.planAllows ? "" : `Needs ${planName(addon.minimumPlan)} or higher. `}
        {addon.active && addon.paidThrough ? `Paid until ${formatDay(addon.paidThrough)}.` : addon.active ? "On." : "Off. Switching it on charges the rest of this month, prorated by day."}
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
  const invoices = useLoad(() => api<InvoiceView[]>("GET", `${base}/invoices`), [base, version]);
  return (
    <Section title="Invoices" id="invoices">
      <p class="muted">
        Each month's charges gather on an open statement, issued and sealed when the month closes (a SHA-256 hash anchored in the audit log). Anyone holding an invoice's verify link can
        check its seal without an account.
      </p>
      <Loaded state={invoices} what="invoices">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No invoices yet.">The first charge opens this month's statement.</EmptyState>
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
  const [verdict, setVerdict] = useState<VerificationView | null>(null);
  const verifyPath = `/api/public/v1/invoices/${encodeURIComponent(invoice.id)}/verify`;
  const open = invoice.status === "Open";
  const title = invoice.number ?? "Open statement";
  const tone = invoice.status === "Issued" ? "good" : invoice.status === "Superseded" ? "warn" : "neutral";
  return (
    <li class="card invoice" data-invoice-id={invoice.id} data-status={invoice.status}>
      <div class="invoice-head">
        <strong class="invoice-number">{title}</strong> <span class="muted">{periodName(invoice.period)}</span> <Badge tone={tone}>{invoice.status}</Badge>{" "}
        <Badge tone={invoice.settlement === "settled" || invoice.settlement === "none" ? "neutral" : "warn"}>{SETTLEMENT_NAMES[invoice.settlement]}</Badge>
      </div>
      <p class="invoice-totals">
        Total <strong>{money(invoice.subtotal, invoice.currency)}</strong> · paid {money(invoice.settled, invoice.currency)}
        {invoice.unsettled ? ` · not covered by the credit ${money(invoice.unsettled, invoice.currency)}` : ""}
        {invoice.issuedAt ? ` · issued ${formatTime(invoice.issuedAt)}` : " · issued when the month closes"}
        {invoice.supersededBy ? " · replaced by a correction" : ""}
      </p>
      <details>
        <summary>{invoice.lines.length === 1 ? "1 line" : `${invoice.lines.length} lines`}</summary>
        <div class="table-wrap" tabIndex={0}>
          <table class="table">
            <thead>
              <tr>
                <th scope="col">What</th>
                <th scope="col">Amount</th>
                <th scope="col">Paid</th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((line) => (
                <tr key={line.refId} data-category={line.category}>
                  <td>
                    <span class="muted">{CATEGORY_NAMES[line.category] ?? line.category}:</span> {line.memo}
                  </td>
                  <td>{money(line.amount, invoice.currency)}</td>
                  <td>{line.outcome === "ok" ? "yes" : line.outcome === "insufficient" ? "no: credit too low" : "no: error"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <div class="toolbar invoice-links">
        {open ? null : (
          <a class="button secondary" href={`${base}/invoices/${encodeURIComponent(invoice.id)}/pdf`} target="_blank" rel="noopener">
            PDF<span class="visually-hidden"> of {title}</span>
          </a>
        )}
        <a class="verify-link" href={verifyPath} target="_blank" rel="noopener">
          Verify link<span class="visually-hidden"> of {title}</span>
        </a>
        <CopyButton text={`${location.origin}${verifyPath}`} label="Copy verify link" />
        <ActionButton kind="secondary" label={`Check the seal of ${title}`} onAction={async () => setVerdict(await api<VerificationView>("GET", verifyPath))}>
          Check the seal
        </ActionButton>
      </div>
      {verdict ? <Verdict verdict={verdict} /> : null}
    </li>
  );
}

function Verdict({ verdict }: { verdict: VerificationView }) {
  const text =
    verdict.verdict === "valid"
      ? `Seal valid: the invoice hashes to ${verdict.selfHash?.slice(0, 16)}… and the audit chain holds that hash${verdict.status === "superseded" ? " (a correction has replaced it since)" : ""}.`
      : verdict.verdict === "mismatch"
        ? "Mismatch: the stored invoice no longer hashes to its seal."
        : "Open: the statement is sealed when its month closes; until then there is nothing to verify.";
  return (
    <p role="status" class={verdict.verdict === "mismatch" ? "error" : "success"} data-verdict={verdict.verdict}>
      {text}
    </p>
  );
}

function Ledger({ base, version }: { base: string; version: number }) {
  const [limit, setLimit] = useState(LEDGER_PAGE);
  const entries = useLoad(() => api<LedgerEntry[]>("GET", `${base}/ledger${query({ limit })}`), [base, version, limit]);
  return (
    <Section title="Ledger" id="ledger">
      <Loaded state={entries} what="the ledger">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No money has moved yet.">A top-up is the first entry.</EmptyState>
          ) : (
            <>
              <div class="table-wrap" tabIndex={0}>
                <table class="table" id="ledger-table">
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">What</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Balance after</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((e) => (
                      <tr key={e.id} data-ref-id={e.refId}>
                        <td>{formatTime(e.at)}</td>
                        <td>
                          <strong>{entryKind(e)}</strong> <span class="muted">{e.memo}</span>
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
                    Show older entries
                  </button>
                </div>
              ) : list.length >= LEDGER_MAX ? (
                <p class="muted">The newest {LEDGER_MAX} entries are shown.</p>
              ) : null}
            </>
          )
        }
      </Loaded>
    </Section>
  );
}

function Withdraw({ base, summary, version, onChanged }: { base: string; summary: Summary; version: number; onChanged: () => void }) {
  const quote = useLoad(() => api<Quote>("GET", `${base}/withdrawals/quote`), [base, version]);
  const [amount, setAmount] = useState("");
  const [result, setResult] = useState<Withdrawal | null>(null);
  const withdraw = async () => {
    setResult(null);
    const minor = toMinor(amount, summary.currency);
    if (!confirm(`Withdraw ${money(minor, summary.currency)} to the card? A fee of 2.9% plus a fixed part is kept.`)) return;
    setResult(await api<Withdrawal>("POST", `${base}/withdrawals`, { amount: minor, currency: summary.currency }));
    setAmount("");
    onChanged();
  };
  return (
    <Section title="Withdraw to the card" id="withdraw">
      <Loaded state={quote} what="what can be withdrawn">
        {(q) => (
          <dl class="facts">
            <div>
              <dt>Can be withdrawn</dt>
              <dd id="withdrawable">{money(q.withdrawable, q.currency)}</dd>
            </div>
            <div>
              <dt>Paid by card, left</dt>
              <dd>{money(q.paidLeft, q.currency)}</dd>
            </div>
            <div>
              <dt>Bonus credit</dt>
              <dd>{money(q.bonusLeft, q.currency)}</dd>
            </div>
            <div>
              <dt>Reserve held back</dt>
              <dd>{money(q.reserve, q.currency)}</dd>
            </div>
          </dl>
        )}
      </Loaded>
      <p class="muted">
        Only money paid by card goes back, to the newest payments' cards first; card refunds usually land within 5 to 10 business days. A fee of 2.9% plus a fixed part is kept, and
        bonus credit is taken back in proportion.
      </p>
      {result ? (
        <p role="status" class="success" id="withdraw-result">
          Withdrew {money(result.amount, result.currency)}: fee {money(result.fee, result.currency)}, {money(result.payout, result.currency)} back to the card
          {result.clawback ? `, bonus taken back ${money(result.clawback, result.currency)}` : ""}. The balance is now {money(result.balance, result.currency)}.
        </p>
      ) : null}
      <Form onSubmit={withdraw} submitLabel="Withdraw" id="withdraw-form">
        <Field label={`Amount to withdraw (${summary.currency})`} id="withdraw-amount" inputMode="decimal" required value={amount} onInput={(e) => setAmount((e.target as HTMLInputElement).value)} />
      </Form>
      {quote.error ? <ErrorMessage error={quote.error} /> : null}
    </Section>
  );
}

