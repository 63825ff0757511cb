/**
 * The developer mailbox (SIGNET_DEV=1): what Signet would have mailed or texted, with
 * its links, so a developer signs in without SMTP. Without dev mode the API route does
 * not exist and the page says so.
 */
import { useState } from "preact/hooks";
import { api, query } from "../api";
import { ApiProblem } from "../api";
import { EmptyState, ErrorMessage, Field, Loading, useLoad } from "../components";
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
  const outbox = useLoad(() => api<{ messages: OutboxMessage[] }>("GET", `/api/dev/outbox${query({ to: filter, limit: 100 })}`, undefined, { redirectOn401: false }), [filter]);
  const notDev = outbox.error instanceof ApiProblem && outbox.error.status === 404;
  return (
    <main class="standalone" id="content">
      <div class="page-head">
        <h1>Dev mailbox</h1>
        <a href="/" data-route>
          Dashboard
        </a>
      </div>
      {notDev ? (
        <EmptyState title="Developer mode is off.">Start Signet with SIGNET_DEV=1 (or --dev) to read sign-in links, invitations and codes here instead of over SMTP.</EmptyState>
      ) : (
        <>
          <form
            class="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              setFilter(to.trim());
            }}
          >
            <Field label="Recipient (e-mail or phone)" id="mailbox-to" value={to} onInput={(e) => setTo((e.target as HTMLInputElement).value)} />
            <button type="submit" class="secondary">
              Filter
            </button>
            <button type="button" class="secondary" onClick={outbox.reload}>
              Refresh
            </button>
          </form>
          {outbox.error ? <ErrorMessage error={outbox.error} /> : null}
          {!outbox.data ? (
            outbox.error ? null : <Loading what="the outbox" />
          ) : outbox.data.messages.length === 0 ? (
            <EmptyState title="Nothing sent yet.">Ask for a sign-in link on the sign-in page, or invite someone: the message appears here.</EmptyState>
          ) : (
            <ul class="messages" id="outbox">
              {outbox.data.messages.map((m) => (
                <li class="card message" key={m.id}>
                  <p class="muted">
                    {m.channel === "mail" ? "Mail" : "SMS"} to <strong>{m.to}</strong> · {formatTime(m.createdAt)} · {m.status}
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
