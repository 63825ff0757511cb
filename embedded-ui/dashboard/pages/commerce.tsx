/**
 * Monetization (docs/commerce.md): the policy with the plan's take rate and caps, then per app
 * group its products (create, import from CSV, reprice, sync, delete), its payouts (gateway account, brand,
 * status) and the organization's earnings. Reading products needs membership; everything
 * else is the owner's (view.billing).
 */
import { useRef, useState } from "preact/hooks";
import { api, ApiProblem } from "../api";
import { money, toMinor } from "../billing";
import { ActionButton, Badge, EmptyState, ErrorMessage, Field, Form, Interpolate, Loaded, ProgressBar, Section, Select, showToast, useLoad } from "../components";
import { formatTime } from "../messages";
import type { Org } from "../session";
import { useT } from "../language";
import { IMPORT_PART_ROWS, productRowsOf } from "../product-import";

interface Policy {
  takeRatePercent: number;
  currency: string;
  monthlyVolumeCapUsd: number | null;
  collectingAppGroups: { limit: number; enabled: number };
  consolidatedEnabled: boolean;
  appGroups: Array<{ key: string; name: string; monetizationEnabled: boolean }>;
}

interface Product {
  id: string;
  productKey: string;
  name: string;
  price: number;
  currency: string;
  priceRegistered: boolean;
  syncedAt: string | null;
}

interface PayoutStatus {
  linked: boolean;
  provider: string | null;
  accountRef: string | null;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirementsDue: string[];
  brand: string | null;
}

interface Earnings {
  configured: boolean;
  currency: string;
  cashBalance: number;
  brands: Array<{ brand: string; appGroupKey: string; cashBalance: number; lines: Array<{ chargeId: string; amount: number; takeRate: number; net: number; currency: string; at: string }> }>;
}

export function CommercePage({ org }: { org: Org }) {
  const t = useT();
  const policy = useLoad(() => api<Policy>("GET", `/api/org/${org.slug}/billing/monetization`), [org.slug]);
  const [groupKey, setGroupKey] = useState("");
  const groups = policy.data?.appGroups ?? [];
  const chosen = groupKey || groups[0]?.key || "";
  return (
    <>
      <div class="page-head">
        <h1>{t("commerce.title")}</h1>
      </div>
      <Section title={t("commerce.policy")} id="policy">
        <Loaded state={policy} what={t("commerce.policyWhat")}>
          {(p) => (
            <>
              <p id="policy-summary" data-take-rate={String(p.takeRatePercent)}>
                <Interpolate text={t("commerce.takes")} values={{ rate: <strong>{p.takeRatePercent}%</strong> }} />
                {t("commerce.collect", { enabled: p.collectingAppGroups.enabled, limit: p.collectingAppGroups.limit === -1 ? t("commerce.anyNumber") : p.collectingAppGroups.limit })}
                {p.monthlyVolumeCapUsd !== null ? t("commerce.cap", { cap: p.monthlyVolumeCapUsd.toLocaleString() }) : ""}
                {p.consolidatedEnabled ? t("commerce.consolidated") : ""}
              </p>
              <p class="muted">{t("commerce.pricedIn", { currency: p.currency })}</p>
              {p.appGroups.length === 0 ? (
                <EmptyState title={t("commerce.noGroups")}>{t("commerce.noGroupsHint")}</EmptyState>
              ) : (
                <Select
                  label={t("commerce.appGroup")}
                  value={chosen}
                  onChange={setGroupKey}
                  options={p.appGroups.map((g) => [g.key, g.monetizationEnabled ? t("commerce.collecting", { name: g.name }) : g.name] as [string, string])}
                />
              )}
            </>
          )}
        </Loaded>
      </Section>
      {chosen && policy.data ? (
        <>
          <Products org={org} groupKey={chosen} currency={policy.data.currency} />
          <Payouts org={org} groupKey={chosen} />
        </>
      ) : null}
      <EarningsSection org={org} />
    </>
  );
}

function Products({ org, groupKey, currency }: { org: Org; groupKey: string; currency: string }) {
  const t = useT();
  const base = `/api/org/${org.slug}/app-groups/${groupKey}/products`;
  const products = useLoad(() => api<Product[]>("GET", base), [base]);
  const [name, setName] = useState("");
  const [price, setPrice] = useState("");
  const [reprices, setReprices] = useState<Record<string, string>>({});
  return (
    <Section title={t("commerce.products")} id="products">
      <Loaded state={products} what={t("commerce.productsWhat")}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t("commerce.noProducts")} />
          ) : (
            <table id="product-table">
              <thead>
                <tr>
                  <th>{t("commerce.product")}</th>
                  <th>{t("commerce.price")}</th>
                  <th>{t("commerce.gateway")}</th>
                  <th>{t("commerce.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {byName(list).map((p) => (
                  <tr key={p.id} data-product-key={p.productKey} data-synced={String(p.priceRegistered)}>
                    <td>
                      {p.name} <span class="muted">{p.productKey}</span>
                    </td>
                    <td>{money(p.price, p.currency)}</td>
                    <td>{p.priceRegistered ? <Badge tone="good">{t("commerce.synced", { time: p.syncedAt ? formatTime(p.syncedAt) : "" })}</Badge> : <Badge tone="warn">{t("commerce.notSynced")}</Badge>}</td>
                    <td>
                      <ActionButton
                        kind="secondary"
                        id={`sync-${p.productKey}`}
                        done={t("commerce.syncedDone")}
                        onAction={async () => {
                          await api("POST", `${base}/${p.id}/sync`);
                          products.reload();
                        }}
                      >
                        {t("commerce.sync")}
                      </ActionButton>
                      <Field label={t("commerce.newPrice", { name: p.name })} inputMode="decimal" value={reprices[p.id] ?? ""} onInput={(e) => setReprices({ ...reprices, [p.id]: (e.target as HTMLInputElement).value })} />
                      <ActionButton
                        kind="secondary"
                        done={t("commerce.repriced")}
                        onAction={async () => {
                          await api("POST", `${base}/${p.id}/reprice`, { price: toMinor(t, reprices[p.id] ?? "", p.currency) });
                          products.reload();
                        }}
                      >
                        {t("commerce.reprice")}
                      </ActionButton>
                      <ActionButton
                        kind="danger"
                        done={t("commerce.deleted")}
                        onAction={async () => {
                          await api("DELETE", `${base}/${p.id}`);
                          products.reload();
                        }}
                      >
                        {t("commerce.delete")}
                      </ActionButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
      <Form
        id="product-create"
        submitLabel={t("commerce.add")}
        done={t("commerce.added")}
        onSubmit={async () => {
          await api("POST", base, { name, price: toMinor(t, price, currency) });
          setName("");
          setPrice("");
          products.reload();
        }}
      >
        <Field id="product-name" label={t("commerce.name")} value={name} maxLength={200} required onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        <Field id="product-price" label={t("commerce.priceIn", { currency })} inputMode="decimal" value={price} required onInput={(e) => setPrice((e.target as HTMLInputElement).value)} />
      </Form>
      <ProductImport base={base} currency={currency} onImported={products.reload} />
    </Section>
  );
}

/** A catalog reads by name ("no. 2" before "no. 10"): an import's products share one creation time. */
function byName(list: Product[]): Product[] {
  return [...list].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
}

interface ImportResult {
  created: unknown[];
  skipped: unknown[];
}

/**
 * A CSV file of products, checked here row by row before anything is sent, then sent in
 * parts of the route's limit with a progress bar. Existing products are skipped by their
 * key, else their name (spec 4.4), so importing the same file again adds nothing. A part
 * the server refuses stops the import and says which rows went in before it.
 */
function ProductImport({ base, currency, onImported }: { base: string; currency: string; onImported: () => void }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [outcome, setOutcome] = useState<{ created: number; skipped: number; stoppedAt: number | null } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const run = async (event: Event) => {
    event.preventDefault();
    setError(null);
    setOutcome(null);
    const file = input.current?.files?.[0];
    if (!file) return setError(new Error(t("commerce.importChooseFile")));
    let rows;
    try {
      rows = productRowsOf(t, await file.text(), currency);
    } catch (e) {
      return setError(e);
    }
    const tally = { created: 0, skipped: 0, stoppedAt: null as number | null };
    setProgress({ done: 0, total: rows.length });
    try {
      for (let start = 0; start < rows.length; start += IMPORT_PART_ROWS) {
        tally.stoppedAt = start;
        const part = await api<ImportResult>("POST", `${base}/import`, { products: rows.slice(start, start + IMPORT_PART_ROWS) });
        tally.created += part.created.length;
        tally.skipped += part.skipped.length;
        setProgress({ done: Math.min(start + IMPORT_PART_ROWS, rows.length), total: rows.length });
      }
      tally.stoppedAt = null;
      showToast(t("commerce.imported", { created: tally.created, skipped: tally.skipped }));
      if (input.current) input.current.value = "";
    } catch (e) {
      setError(e);
    } finally {
      setOutcome(tally);
      setProgress(null);
      onImported();
    }
  };
  return (
    <form class="inline-form" id="product-import" onSubmit={run}>
      <h3>{t("commerce.importHeading")}</h3>
      <p class="muted" id="product-import-hint">
        {t("commerce.importHint", { currency, max: IMPORT_PART_ROWS })}
      </p>
      <label for="product-import-file">{t("commerce.importFile")}</label>
      <input id="product-import-file" type="file" accept=".csv,text/csv" ref={input} aria-describedby="product-import-hint" />
      <button type="submit" class="secondary" disabled={progress !== null}>
        {t("commerce.import")}
      </button>
      {progress ? (
        <div id="product-import-progress" role="status">
          <ProgressBar value={progress.done} max={progress.total} label={t("commerce.importProgress", progress)} />
          <p class="muted">{t("commerce.importProgress", progress)}</p>
        </div>
      ) : null}
      {outcome ? (
        <p id="product-import-outcome" role="status" data-created={outcome.created} data-skipped={outcome.skipped}>
          {outcome.stoppedAt === null
            ? t("commerce.imported", { created: outcome.created, skipped: outcome.skipped })
            : t("commerce.importStopped", { created: outcome.created, skipped: outcome.skipped, row: outcome.stoppedAt + 2 })}
        </p>
      ) : null}
      <ErrorMessage error={error} />
    </form>
  );
}

function Payouts({ org, groupKey }: { org: Org; groupKey: string }) {
  const t = useT();
  const base = `/api/org/${org.slug}/app-groups/${groupKey}`;
  const status = useLoad(() => api<PayoutStatus>("GET", `${base}/payout-status`), [base]);
  const [onboarding, setOnboarding] = useState<string | null>(null);
  if (status.error instanceof ApiProblem && status.error.status === 403) return null;
  return (
    <Section title={t("commerce.payouts")} id="payouts">
      <Loaded state={status} what={t("commerce.payoutWhat")}>
        {(s) => (
          <>
            {s.linked ? (
              <p id="payout-account" data-linked="true">
                <Interpolate
                  text={t("commerce.account")}
                  values={{
                    account: <code>{s.accountRef}</code>,
                    provider: s.provider,
                    charges: s.chargesEnabled ? t("commerce.on") : t("commerce.off"),
                    payouts: s.payoutsEnabled ? t("commerce.on") : t("commerce.off"),
                  }}
                />
                {s.requirementsDue.length > 0 ? t("commerce.stillNeeded", { items: s.requirementsDue.join(", ") }) : ""}
                {t("commerce.brand", { brand: s.brand ?? t("commerce.notPublished") })}
              </p>
            ) : (
              <EmptyState title={t("commerce.noAccount")}>{t("commerce.noAccountHint")}</EmptyState>
            )}
            <ActionButton
              id="gateway-linkup"
              done={t("commerce.linked")}
              onAction={async () => {
                const linked = await api<{ onboardingUrl: string }>("POST", `${base}/gateway-linkup`, {});
                setOnboarding(linked.onboardingUrl);
                status.reload();
              }}
            >
              {s.linked ? t("commerce.continueOnboarding") : t("commerce.link")}
            </ActionButton>
            {s.linked ? (
              <ActionButton
                kind="secondary"
                id="gateway-listing"
                done={t("commerce.published")}
                onAction={async () => {
                  await api("POST", `${base}/gateway-listing`, {});
                  status.reload();
                }}
              >
                {t("commerce.publish")}
              </ActionButton>
            ) : null}
            {onboarding ? (
              <p>
                <a href={onboarding} target="_blank" rel="noopener noreferrer">
                  {t("commerce.openOnboarding")}
                </a>
              </p>
            ) : null}
          </>
        )}
      </Loaded>
    </Section>
  );
}

function EarningsSection({ org }: { org: Org }) {
  const t = useT();
  const earnings = useLoad(() => api<Earnings>("GET", `/api/org/${org.slug}/billing/earnings`), [org.slug]);
  if (earnings.error instanceof ApiProblem && earnings.error.status === 403) return null;
  return (
    <Section title={t("commerce.earnings")} id="earnings">
      <Loaded state={earnings} what={t("commerce.earningsWhat")}>
        {(e) => (
          <>
            <p id="earnings-total">
              <Interpolate text={t("commerce.collected")} values={{ amount: <strong>{money(e.cashBalance, e.currency)}</strong> }} />
              {e.configured ? "" : t("commerce.noAccountLinked")}
            </p>
            {e.brands.map((b) => (
              <div key={b.brand}>
                <h3>
                  {b.brand}: {money(b.cashBalance, e.currency)}
                </h3>
                <ul>
                  {b.lines.map((l) => (
                    <li key={l.chargeId}>
                      {t("commerce.line", { time: formatTime(l.at), amount: money(l.amount, l.currency), take: money(l.takeRate, l.currency), net: money(l.net, l.currency) })}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </>
        )}
      </Loaded>
    </Section>
  );
}
