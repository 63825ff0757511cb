/**
 * Outgoing webhooks: subscribers (add, pause, remove), each one's delivery log with its
 * attempts, the dead letters and a redeliver (docs/integrations.md).
 */
import { useState } from "preact/hooks";
import { api, query } from "../api";
import { ActionButton, Badge, EmptyState, Field, Form, Loaded, Section, Select, useLoad } from "../components";
import { formatTime } from "../messages";
import type { Org } from "../session";
import { useT } from "../language";

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
  const t = useT();
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
        <h1>{t("webhooks.title")}</h1>
      </div>
      <p class="muted">{t("webhooks.intro")}</p>
      <Section title={t("webhooks.subscribers")} id="webhooks">
        <Loaded state={hooks} what={t("webhooks.what")}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={t("webhooks.none")} />
            ) : (
              <div class="table-wrap" tabIndex={0}>
              <table id="webhook-table">
                <thead>
                  <tr>
                    <th scope="col">{"URL"}</th>
                    <th scope="col">{t("webhooks.events")}</th>
                    <th scope="col">{t("webhooks.queue")}</th>
                    <th scope="col">{t("webhooks.actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((hook) => (
                    <tr key={hook.id}>
                      <td>
                        <code>{hook.url}</code> {hook.status === "disabled" ? <Badge tone="neutral">{t("webhooks.paused")}</Badge> : null}
                      </td>
                      <td>{hook.eventTypes.length ? hook.eventTypes.join(", ") : t("webhooks.everyEvent")}</td>
                      <td>
                        {t("webhooks.counts", { delivered: hook.counts.delivered, pending: hook.counts.pending })}
                        <span class={hook.counts.dead ? "error" : ""}>{t("webhooks.dead", { dead: hook.counts.dead })}</span>
                      </td>
                      <td>
                        <button type="button" class="secondary" onClick={() => setOpen(open === hook.id ? null : hook.id)} aria-expanded={open === hook.id}>
                          {t("webhooks.deliveryLog")}
                        </button>
                        <ActionButton
                          kind="secondary"
                          done={hook.status === "active" ? t("webhooks.pausedDone") : t("webhooks.resumedDone")}
                          onAction={async () => {
                            await api("PATCH", `${base}/${hook.id}`, { status: hook.status === "active" ? "disabled" : "active" });
                            hooks.reload();
                          }}
                        >
                          {hook.status === "active" ? t("webhooks.pause") : t("webhooks.resume")}
                        </ActionButton>
                        <ActionButton
                          kind="danger"
                          done={t("webhooks.removed")}
                          onAction={async () => {
                            await api("DELETE", `${base}/${hook.id}`);
                            hooks.reload();
                          }}
                        >
                          {t("webhooks.remove")}
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
        <Form onSubmit={add} submitLabel={t("webhooks.add")} done={t("webhooks.added")} id="add-webhook">
          <Field label={t("webhooks.receiverUrl")} type="url" required value={url} onInput={(e) => setUrl((e.target as HTMLInputElement).value)} placeholder={"https://hooks.example.com/signet"} id="webhook-url" />
          <Field
            label={t("webhooks.eventTypes")}
            hint={t("webhooks.eventTypesHint")}
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
  const t = useT();
  const [status, setStatus] = useState("");
  const deliveries = useLoad(() => api<Delivery[]>("GET", `${base}/deliveries${query({ status: status || undefined })}`), [base, status]);
  return (
    <section class="card" aria-label={t("webhooks.deliveryLog")} id="delivery-log">
      <Select
        label={t("webhooks.show")}
        value={status}
        onChange={setStatus}
        options={[
          ["", t("webhooks.all")],
          ["dead", t("webhooks.deadLetters")],
          ["pending", t("webhooks.pending")],
          ["delivered", t("webhooks.delivered")],
        ]}
        id="delivery-filter"
      />
      <Loaded state={deliveries} what={t("webhooks.deliveriesWhat")}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t("webhooks.nothing")} />
          ) : (
            <ul class="delivery-list" style={{ overflowWrap: "anywhere" }}>
              {list.map((d) => (
                <li key={d.id} data-delivery={d.id} data-delivery-status={d.status}>
                  <Badge tone={TONE[d.status]}>{t(`webhooks.status.${d.status}`)}</Badge> <code>{d.eventType}</code> #{d.eventSeq} · <code>{d.id}</code>
                  {t("webhooks.attempts", { count: d.attempts })}
                  {d.nextAttemptAt ? t("webhooks.next", { time: formatTime(d.nextAttemptAt) }) : ""}
                  {d.lastError ? <span class="muted"> · {d.lastError}</span> : null}{" "}
                  {d.status === "dead" ? (
                    <ActionButton
                      kind="secondary"
                      done={t("webhooks.redelivered")}
                      onAction={async () => {
                        await api("POST", `${base}/deliveries/${d.id}/redeliver`);
                        deliveries.reload();
                        onChange();
                      }}
                    >
                      {t("webhooks.redeliver")}
                    </ActionButton>
                  ) : null}
                  <ol class="attempts">
                    {d.log.map((a) => (
                      <li key={`${a.attempt}-${a.at}`}>
                        {t("webhooks.attempt", { time: formatTime(a.at), status: a.responseStatus ?? t("webhooks.noAnswer"), ms: a.durationMs })}
                        {a.trigger === "manual" ? t("webhooks.manual") : ""}
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
