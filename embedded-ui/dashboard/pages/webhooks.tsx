/**
 * Outgoing webhooks: subscribers (add, pause, remove), each one's delivery log with its
 * attempts, the dead letters and a redeliver (docs/integrations.md).
 */
import { useState } from "preact/hooks";
import { api, query } from "../api";
import { ActionButton, Badge, EmptyState, Field, Form, Loaded, Section, Select, useLoad } from "../components";
import { formatTime } from "../messages";
import type { Org } from "../session";

interface Webhook {
  id: string;
  url: string;
  description: string | null;
  eventTypes: string[];
  status: "active" | "disabled";
  includesPayment: boolean;
  createdAt: string;
  counts: { pending: number; delivered: number; dead: number };
}

interface Delivery {
  id: string;
  eventType: string;
  eventSeq: number;
  status: "pending" | "delivered" | "dead";
  attempts: number;
  nextAttemptAt: string | null;
  lastResponseStatus: number | null;
  lastError: string | null;
  createdAt: string;
  log: { attempt: number; at: string; responseStatus: number | null; error: string | null; durationMs: number; trigger: string }[];
}

const TONE = { pending: "warn", delivered: "good", dead: "bad" } as const;

export function WebhooksPage({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}/webhooks`;
  const hooks = useLoad(() => api<Webhook[]>("GET", base), [org.slug]);
  const [url, setUrl] = useState("");
  const [types, setTypes] = useState("");
  const [open, setOpen] = useState<string | null>(null);
  const add = async () => {
    const eventTypes = types.split(/[\s,]+/).filter(Boolean);
    await api("POST", base, { url: url.trim(), ...(eventTypes.length ? { eventTypes } : {}) });
    setUrl("");
    setTypes("");
    hooks.reload();
  };
  return (
    <>
      <div class="page-head">
        <h1>Webhooks</h1>
      </div>
      <p class="muted">
        Subscribers receive the organization's audit events as they are sealed, signed per Standard Webhooks with the webhook secret (API &amp; keys). Failed deliveries are retried for about a
        day (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then kept as dead letters you can redeliver. The webhook-id header is the receiver's idempotency key.
      </p>
      <Section title="Subscribers" id="webhooks">
        <Loaded state={hooks} what="webhooks">
          {(list) =>
            list.length === 0 ? (
              <EmptyState title="No subscribers yet." />
            ) : (
              <div class="table-wrap" tabIndex={0}>
              <table id="webhook-table">
                <thead>
                  <tr>
                    <th scope="col">URL</th>
                    <th scope="col">Events</th>
                    <th scope="col">Queue</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((hook) => (
                    <tr key={hook.id}>
                      <td>
                        <code>{hook.url}</code> {hook.status === "disabled" ? <Badge tone="neutral">paused</Badge> : null}
                      </td>
                      <td>{hook.eventTypes.length ? hook.eventTypes.join(", ") : "every event"}</td>
                      <td>
                        {hook.counts.delivered} delivered · {hook.counts.pending} pending · <span class={hook.counts.dead ? "error" : ""}>{hook.counts.dead} dead</span>
                      </td>
                      <td>
                        <button type="button" class="secondary" onClick={() => setOpen(open === hook.id ? null : hook.id)} aria-expanded={open === hook.id}>
                          Delivery log
                        </button>
                        <ActionButton
                          kind="secondary"
                          onAction={async () => {
                            await api("PATCH", `${base}/${hook.id}`, { status: hook.status === "active" ? "disabled" : "active" });
                            hooks.reload();
                          }}
                        >
                          {hook.status === "active" ? "Pause" : "Resume"}
                        </ActionButton>
                        <ActionButton
                          kind="danger"
                          onAction={async () => {
                            await api("DELETE", `${base}/${hook.id}`);
                            hooks.reload();
                          }}
                        >
                          Remove
                        </ActionButton>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              </div>
            )
          }
        </Loaded>
        {open ? <DeliveryLog base={`${base}/${open}`} onChange={hooks.reload} /> : null}
        <Form onSubmit={add} submitLabel="Add subscriber" id="add-webhook">
          <Field label="Receiver URL" type="url" required value={url} onInput={(e) => setUrl((e.target as HTMLInputElement).value)} placeholder="https://hooks.example.com/signet" id="webhook-url" />
          <Field
            label="Event types (optional)"
            hint="Space or comma separated: agent.*, org.member.added … Empty: every event."
            value={types}
            onInput={(e) => setTypes((e.target as HTMLInputElement).value)}
            id="webhook-types"
          />
        </Form>
      </Section>
    </>
  );
}

function DeliveryLog({ base, onChange }: { base: string; onChange: () => void }) {
  const [status, setStatus] = useState("");
  const deliveries = useLoad(() => api<Delivery[]>("GET", `${base}/deliveries${query({ status: status || undefined })}`), [base, status]);
  return (
    <section class="card" aria-label="Delivery log" id="delivery-log">
      <Select
        label="Show"
        value={status}
        onChange={setStatus}
        options={[
          ["", "All deliveries"],
          ["dead", "Dead letters"],
          ["pending", "Pending"],
          ["delivered", "Delivered"],
        ]}
        id="delivery-filter"
      />
      <Loaded state={deliveries} what="deliveries">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="Nothing here." />
          ) : (
            <ul class="delivery-list" style={{ overflowWrap: "anywhere" }}>
              {list.map((d) => (
                <li key={d.id} data-delivery={d.id}>
                  <Badge tone={TONE[d.status]}>{d.status}</Badge> <code>{d.eventType}</code> #{d.eventSeq} · <code>{d.id}</code> · {d.attempts} attempts
                  {d.nextAttemptAt ? ` · next ${formatTime(d.nextAttemptAt)}` : ""}
                  {d.lastError ? <span class="muted"> · {d.lastError}</span> : null}{" "}
                  {d.status === "dead" ? (
                    <ActionButton
                      kind="secondary"
                      onAction={async () => {
                        await api("POST", `${base}/deliveries/${d.id}/redeliver`);
                        deliveries.reload();
                        onChange();
                      }}
                    >
                      Redeliver
                    </ActionButton>
                  ) : null}
                  <ol class="attempts">
                    {d.log.map((a) => (
                      <li key={`${a.attempt}-${a.at}`}>
                        {formatTime(a.at)}: {a.responseStatus ?? "no answer"} in {a.durationMs} ms{a.trigger === "manual" ? " (redelivered)" : ""}
                        {a.error ? ` · ${a.error}` : ""}
                      </li>
                    ))}
                  </ol>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}
