/**
 * Monetization (docs/commerce.md): the policy with the plan's take rate and caps, then per app
 * group its products (create, reprice, sync, delete), its payouts (gateway account, brand,
 * status) and the organization's earnings. Reading products needs membership; everything
 * else is the owner's (view.billing).
 */
import { useState } from "preact/hooks";
import { api, ApiProblem } from "../api";
import { money, toMinor } from "../billing";
import { ActionButton, Badge, EmptyState, Field, Form, Loaded, Section, Select, useLoad } from "../components";
import { formatTime } from "../messages";
import type { Org } from "../session";

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
  const policy = useLoad(() => api<Policy>("GET", `/api/org/${org.slug}/billing/monetization`), [org.slug]);
  const [groupKey, setGroupKey] = useState("");
  const groups = policy.data?.appGroups ?? [];
  const chosen = groupKey || groups[0]?.key || "";
  return (
    <>
      <div class="page-head">
        <h1>Monetization</h1>
      </div>
      <Section title="Policy" id="policy">
        <Loaded state={policy} what="the monetization policy">
          {(p) => (
            <>
              <p id="policy-summary" data-take-rate={String(p.takeRatePercent)}>
                Signet takes <strong>{p.takeRatePercent}%</strong> of what your end users pay. {p.collectingAppGroups.enabled} of{" "}
                {p.collectingAppGroups.limit === -1 ? "any number of" : p.collectingAppGroups.limit} app groups collect.
                {p.monthlyVolumeCapUsd !== null ? ` Up to $${p.monthlyVolumeCapUsd.toLocaleString()} a month on this plan.` : ""}
                {p.consolidatedEnabled ? " Consolidated roll-up is on." : ""}
              </p>
              <p class="muted">Products are priced in {p.currency}. Switch an app group's collection on its Apps page (billing collection).</p>
              {p.appGroups.length === 0 ? (
                <EmptyState title="No app groups yet.">Create one on the Apps page to sell to its end users.</EmptyState>
              ) : (
                <Select label="App group" value={chosen} onChange={setGroupKey} options={p.appGroups.map((g) => [g.key, `${g.name}${g.monetizationEnabled ? " (collecting)" : ""}`] as [string, string])} />
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
  const base = `/api/org/${org.slug}/app-groups/${groupKey}/products`;
  const products = useLoad(() => api<Product[]>("GET", base), [base]);
  const [name, setName] = useState("");
  const [price, setPrice] = useState("");
  const [reprices, setReprices] = useState<Record<string, string>>({});
  return (
    <Section title="Products" id="products">
      <Loaded state={products} what="products">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No products yet." />
          ) : (
            <table id="product-table">
              <thead>
                <tr>
                  <th>Product</th>
                  <th>Price</th>
                  <th>Gateway</th>
                  <th>Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.map((p) => (
                  <tr key={p.id} data-product-key={p.productKey} data-synced={String(p.priceRegistered)}>
                    <td>
                      {p.name} <span class="muted">{p.productKey}</span>
                    </td>
                    <td>{money(p.price, p.currency)}</td>
                    <td>{p.priceRegistered ? <Badge tone="good">Synced {p.syncedAt ? formatTime(p.syncedAt) : ""}</Badge> : <Badge tone="warn">Not synced</Badge>}</td>
                    <td>
                      <ActionButton
                        kind="secondary"
                        id={`sync-${p.productKey}`}
                        onAction={async () => {
                          await api("POST", `${base}/${p.id}/sync`);
                          products.reload();
                        }}
                      >
                        Sync
                      </ActionButton>
                      <Field label={`New price of ${p.name}`} inputMode="decimal" value={reprices[p.id] ?? ""} onInput={(e) => setReprices({ ...reprices, [p.id]: (e.target as HTMLInputElement).value })} />
                      <ActionButton
                        kind="secondary"
                        onAction={async () => {
                          await api("POST", `${base}/${p.id}/reprice`, { price: toMinor(reprices[p.id] ?? "", p.currency) });
                          products.reload();
                        }}
                      >
                        Reprice
                      </ActionButton>
                      <ActionButton
                        kind="danger"
                        onAction={async () => {
                          await api("DELETE", `${base}/${p.id}`);
                          products.reload();
                        }}
                      >
                        Delete
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
        submitLabel="Add product"
        onSubmit={async () => {
          await api("POST", base, { name, price: toMinor(price, currency) });
          setName("");
          setPrice("");
          products.reload();
        }}
      >
        <Field id="product-name" label="Name" value={name} maxLength={200} required onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        <Field id="product-price" label={`Price (${currency})`} inputMode="decimal" value={price} required onInput={(e) => setPrice((e.target as HTMLInputElement).value)} />
      </Form>
    </Section>
  );
}

function Payouts({ org, groupKey }: { org: Org; groupKey: string }) {
  const base = `/api/org/${org.slug}/app-groups/${groupKey}`;
  const status = useLoad(() => api<PayoutStatus>("GET", `${base}/payout-status`), [base]);
  const [onboarding, setOnboarding] = useState<string | null>(null);
  if (status.error instanceof ApiProblem && status.error.status === 403) return null;
  return (
    <Section title="Payouts" id="payouts">
      <Loaded state={status} what="the payout account">
        {(s) => (
          <>
            {s.linked ? (
              <p id="payout-account" data-linked="true">
                Gateway account <code>{s.accountRef}</code> ({s.provider}): charges {s.chargesEnabled ? "on" : "off"}, payouts {s.payoutsEnabled ? "on" : "off"}.
                {s.requirementsDue.length > 0 ? ` Still needed: ${s.requirementsDue.join(", ")}.` : ""} Brand: {s.brand ?? "not published yet"}.
              </p>
            ) : (
              <EmptyState title="No gateway account yet.">Link one to collect from this app group's end users.</EmptyState>
            )}
            <ActionButton
              id="gateway-linkup"
              onAction={async () => {
                const linked = await api<{ onboardingUrl: string }>("POST", `${base}/gateway-linkup`, {});
                setOnboarding(linked.onboardingUrl);
                status.reload();
              }}
            >
              {s.linked ? "Continue onboarding" : "Link gateway account"}
            </ActionButton>
            {s.linked ? (
              <ActionButton
                kind="secondary"
                id="gateway-listing"
                onAction={async () => {
                  await api("POST", `${base}/gateway-listing`, {});
                  status.reload();
                }}
              >
                Publish brand
              </ActionButton>
            ) : null}
            {onboarding ? (
              <p>
                <a href={onboarding} target="_blank" rel="noopener noreferrer">
                  Open the gateway's onboarding
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
  const earnings = useLoad(() => api<Earnings>("GET", `/api/org/${org.slug}/billing/earnings`), [org.slug]);
  if (earnings.error instanceof ApiProblem && earnings.error.status === 403) return null;
  return (
    <Section title="Earnings" id="earnings">
      <Loaded state={earnings} what="earnings">
        {(e) => (
          <>
            <p id="earnings-total">
              Collected after Signet's take rate: <strong>{money(e.cashBalance, e.currency)}</strong>
              {e.configured ? "" : " (no gateway account linked yet)"}
            </p>
            {e.brands.map((b) => (
              <div key={b.brand}>
                <h3>
                  {b.brand}: {money(b.cashBalance, e.currency)}
                </h3>
                <ul>
                  {b.lines.map((l) => (
                    <li key={l.chargeId}>
                      {formatTime(l.at)}: {money(l.amount, l.currency)} paid, {money(l.takeRate, l.currency)} take rate, {money(l.net, l.currency)} net
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
