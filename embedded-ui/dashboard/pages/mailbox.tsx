/**
 * The developer mailbox (SIGNET_DEV=1): what Signet would have mailed or texted, with
 * its links, so a developer signs in without SMTP. Without dev mode the API route does
 * not exist and the page says so.
 */
import { useState } from "preact/hooks";
import { api, query } from "../api";
import { ApiProblem } from "../api";
import { EmptyState, ErrorMessage, Field, Loading, useLoad } from "../components";
import { useLanguage, useT } from "../language";
import { formatTime } from "../messages";

interface OutboxMessage {
  id: string;
  channel: "mail" | "sms";
  to: string;
  subject: string | null;
  text: string;
  links: string[];
  status: string;
  createdAt: string;
}

export function MailboxPage() {
  const [to, setTo] = useState("");
  const [filter, setFilter] = useState("");
  const t = useT();
  const { language } = useLanguage();
  const outbox = useLoad(() => api<{ messages: OutboxMessage[] }>("GET", `/api/dev/outbox${query({ to: filter, limit: 100 })}`, undefined, { redirectOn401: false }), [filter]);
  const notDev = outbox.error instanceof ApiProblem && outbox.error.status === 404;
  return (
    <main class="standalone" id="content">
      <div class="page-head">
        <h1>{t("mailbox.title")}</h1>
        <a href="/" data-route>
          {t("mailbox.dashboard")}
        </a>
      </div>
      {notDev ? (
        <EmptyState title={t("mailbox.devOff")}>{t("mailbox.devOffHint")}</EmptyState>
      ) : (
        <>
          <form
            class="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              setFilter(to.trim());
            }}
          >
            <Field label={t("mailbox.recipient")} id="mailbox-to" value={to} onInput={(e) => setTo((e.target as HTMLInputElement).value)} />
            <button type="submit" class="secondary">
              {t("mailbox.filter")}
            </button>
            <button type="button" class="secondary" onClick={outbox.reload}>
              {t("mailbox.refresh")}
            </button>
          </form>
          {outbox.error ? <ErrorMessage error={outbox.error} /> : null}
          {!outbox.data ? (
            outbox.error ? null : <Loading what={t("mailbox.what")} />
          ) : outbox.data.messages.length === 0 ? (
            <EmptyState title={t("mailbox.nothing")}>{t("mailbox.nothingHint")}</EmptyState>
          ) : (
            <ul class="messages" id="outbox">
              {outbox.data.messages.map((m) => (
                <li class="card message" key={m.id}>
                  <p class="muted">
                    {m.channel === "mail" ? t("mailbox.mailTo") : t("mailbox.smsTo")} <strong>{m.to}</strong> · {formatTime(m.createdAt, language)} · {m.status}
                  </p>
                  {m.subject ? <h2>{m.subject}</h2> : null}
                  <pre class="message-text">{m.text}</pre>
                  {m.links.length ? (
                    <ul class="links">
                      {m.links.map((link) => (
                        <li key={link}>
                          <a href={link}>{link}</a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </main>
  );
}
