/** The signed-in person: passkeys (their Personal Seal), linked accounts and sessions. */
import { useState } from "preact/hooks";
import { api } from "../api";
import { ActionButton, EmptyState, Field, Form, Loaded, Section, useLoad } from "../components";
import { formatTime } from "../messages";
import { passkeysSupported, personalSeal, registerPasskey } from "../passkeys";
import { useSession } from "../session";

interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  deviceType: string;
}

interface Link {
  id: string;
  direction: "outgoing" | "incoming";
  user: { id: string; email: string };
  createdAt: string;
}

interface SessionRow {
  id: string;
  createdAt: string;
  expiresAt: string;
  current: boolean;
  userAgent?: string;
}

export function AccountPage() {
  const { user } = useSession();
  const passkeys = useLoad(() => api<{ passkeys: Passkey[] }>("GET", "/api/auth/passkeys"), []);
  const links = useLoad(() => api<{ links: Link[] }>("GET", "/api/auth/linked-identities"), []);
  const sessions = useLoad(() => api<{ sessions: SessionRow[] }>("GET", "/api/auth/sessions"), []);
  const [passkeyName, setPasskeyName] = useState("");
  const [linkEmail, setLinkEmail] = useState("");
  const [linkSent, setLinkSent] = useState<string | null>(null);

  const addPasskey = async () => {
    await registerPasskey(user, passkeyName.trim() || "Passkey", (passkeys.data?.passkeys.length ?? 0) > 0);
    setPasskeyName("");
    passkeys.reload();
  };
  const deletePasskey = async (id: string) => {
    const seal = await personalSeal("passkey.delete", id);
    await api("DELETE", `/api/auth/passkeys/${encodeURIComponent(id)}`, { assertionResponseJson: seal });
    passkeys.reload();
  };
  const linkAccount = async () => {
    await api("POST", "/api/auth/linked-identities/initiate", { email: linkEmail.trim() });
    setLinkSent(linkEmail.trim());
    setLinkEmail("");
  };

  return (
    <>
      <div class="page-head">
        <h1>Your account</h1>
        <p class="muted">{user.email}</p>
      </div>
      <Section title="Passkeys" id="passkeys">
        <p class="muted">A passkey signs you in without e-mail and is your Personal Seal: it confirms sensitive actions such as the Master Seal or long-lived API keys.</p>
        <Loaded state={passkeys} what="passkeys">
          {(p) =>
            p.passkeys.length === 0 ? (
              <EmptyState title="No passkey yet.">Add one below: your organizations need it to become ready.</EmptyState>
            ) : (
              <table class="table" id="passkey-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Added</th>
                    <th scope="col">Last used</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {p.passkeys.map((k) => (
                    <tr key={k.id}>
                      <td>{k.name}</td>
                      <td>{formatTime(k.createdAt)}</td>
                      <td>{formatTime(k.lastUsedAt)}</td>
                      <td>
                        <ActionButton kind="danger" onAction={() => deletePasskey(k.id)} label={`Delete passkey ${k.name}`}>
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
        {passkeysSupported() ? (
          <Form onSubmit={addPasskey} submitLabel="Add a passkey" id="add-passkey">
            <Field label="Passkey name" id="passkey-name" placeholder="Laptop" maxLength={100} value={passkeyName} onInput={(e) => setPasskeyName((e.target as HTMLInputElement).value)} />
          </Form>
        ) : (
          <p class="error">This browser cannot create passkeys.</p>
        )}
      </Section>

      <Section title="Linked accounts" id="linked-accounts">
        <p class="muted">Link another of your e-mail addresses to switch to it from the organization menu, confirmed with your passkey.</p>
        <Loaded state={links} what="linked accounts">
          {(l) =>
            l.links.length === 0 ? (
              <EmptyState title="No linked accounts." />
            ) : (
              <ul>
                {l.links.map((link) => (
                  <li key={link.id}>
                    {link.user.email} ({link.direction === "outgoing" ? "you can switch to it" : "it can switch to you"}) since {formatTime(link.createdAt)}{" "}
                    <ActionButton
                      kind="secondary"
                      onAction={async () => {
                        await api("POST", `/api/auth/linked-identities/${link.id}/revoke`);
                        links.reload();
                      }}
                    >
                      Unlink
                    </ActionButton>
                  </li>
                ))}
              </ul>
            )
          }
        </Loaded>
        <Form onSubmit={linkAccount} submitLabel="Send a confirmation link">
          <Field label="E-mail address to link" type="email" required maxLength={254} value={linkEmail} onInput={(e) => setLinkEmail((e.target as HTMLInputElement).value)} />
        </Form>
        {linkSent ? <p role="status">We mailed a confirmation link to {linkSent}. It works once, for 15 minutes.</p> : null}
      </Section>

      <Section title="Sessions" id="sessions">
        <Loaded state={sessions} what="sessions">
          {(s) => (
            <ul>
              {s.sessions.map((row) => (
                <li key={row.id}>
                  {row.current ? <strong>This browser</strong> : row.userAgent ?? "Another browser"} · since {formatTime(row.createdAt)} · until {formatTime(row.expiresAt)}
                  {row.current ? null : (
                    <ActionButton
                      kind="secondary"
                      onAction={async () => {
                        await api("DELETE", `/api/auth/sessions/${row.id}`);
                        sessions.reload();
                      }}
                    >
                      End
                    </ActionButton>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Loaded>
      </Section>
    </>
  );
}
