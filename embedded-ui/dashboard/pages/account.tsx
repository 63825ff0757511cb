/** The signed-in person: passkeys (their Personal Seal), linked accounts and sessions. */
import { useState } from "preact/hooks";
import { api } from "../api";
import { ActionButton, EmptyState, Field, Form, Loaded, Section, useLoad } from "../components";
import { useLanguage, useT } from "../language";
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
  const t = useT();
  const { language } = useLanguage();
  const passkeys = useLoad(() => api<{ passkeys: Passkey[] }>("GET", "/api/auth/passkeys"), []);
  const links = useLoad(() => api<{ links: Link[] }>("GET", "/api/auth/linked-identities"), []);
  const sessions = useLoad(() => api<{ sessions: SessionRow[] }>("GET", "/api/auth/sessions"), []);
  const [passkeyName, setPasskeyName] = useState("");
  const [linkEmail, setLinkEmail] = useState("");
  const [linkSent, setLinkSent] = useState<string | null>(null);

  const addPasskey = async () => {
    await registerPasskey(user, passkeyName.trim() || t("account.defaultPasskeyName"), (passkeys.data?.passkeys.length ?? 0) > 0);
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
        <h1>{t("account.title")}</h1>
        <p class="muted">{user.email}</p>
      </div>
      <Section title={t("account.passkeys")} id="passkeys">
        <p class="muted">{t("account.passkeysIntro")}</p>
        <Loaded state={passkeys} what={t("account.passkeysWhat")}>
          {(p) =>
            p.passkeys.length === 0 ? (
              <EmptyState title={t("account.noPasskey")}>{t("account.noPasskeyHint")}</EmptyState>
            ) : (
              <table class="table" id="passkey-table">
                <thead>
                  <tr>
                    <th scope="col">{t("account.name")}</th>
                    <th scope="col">{t("account.added")}</th>
                    <th scope="col">{t("account.lastUsed")}</th>
                    <th scope="col">
                      <span class="visually-hidden">{t("account.actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {p.passkeys.map((k) => (
                    <tr key={k.id}>
                      <td>{k.name}</td>
                      <td>{formatTime(k.createdAt, language)}</td>
                      <td>{formatTime(k.lastUsedAt, language)}</td>
                      <td>
                        <ActionButton kind="danger" onAction={() => deletePasskey(k.id)} label={t("account.deleteLabel", { name: k.name })}>
                          {t("account.delete")}
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
          <Form onSubmit={addPasskey} submitLabel={t("account.addPasskey")} id="add-passkey">
            <Field label={t("account.passkeyName")} id="passkey-name" placeholder={t("account.passkeyPlaceholder")} maxLength={100} value={passkeyName} onInput={(e) => setPasskeyName((e.target as HTMLInputElement).value)} />
          </Form>
        ) : (
          <p class="error">{t("account.noPasskeySupport")}</p>
        )}
      </Section>

      <Section title={t("account.linked")} id="linked-accounts">
        <p class="muted">{t("account.linkedIntro")}</p>
        <Loaded state={links} what={t("account.linkedWhat")}>
          {(l) =>
            l.links.length === 0 ? (
              <EmptyState title={t("account.noLinked")} />
            ) : (
              <ul>
                {l.links.map((link) => (
                  <li key={link.id}>
                    {t(link.direction === "outgoing" ? "account.linkOutgoing" : "account.linkIncoming", { email: link.user.email, time: formatTime(link.createdAt, language) })}{" "}
                    <ActionButton
                      kind="secondary"
                      onAction={async () => {
                        await api("POST", `/api/auth/linked-identities/${link.id}/revoke`);
                        links.reload();
                      }}
                    >
                      {t("account.unlink")}
                    </ActionButton>
                  </li>
                ))}
              </ul>
            )
          }
        </Loaded>
        <Form onSubmit={linkAccount} submitLabel={t("account.sendLink")}>
          <Field label={t("account.linkEmail")} type="email" required maxLength={254} value={linkEmail} onInput={(e) => setLinkEmail((e.target as HTMLInputElement).value)} />
        </Form>
        {linkSent ? <p role="status">{t("account.linkSent", { email: linkSent })}</p> : null}
      </Section>

      <Section title={t("account.sessions")} id="sessions">
        <Loaded state={sessions} what={t("account.sessionsWhat")}>
          {(s) => (
            <ul>
              {s.sessions.map((row) => (
                <li key={row.id}>
                  {row.current ? <strong>{t("account.thisBrowser")}</strong> : row.userAgent ?? t("account.anotherBrowser")}
                  {t("account.sinceUntil", { since: formatTime(row.createdAt, language), until: formatTime(row.expiresAt, language) })}
                  {row.current ? null : (
                    <ActionButton
                      kind="secondary"
                      onAction={async () => {
                        await api("DELETE", `/api/auth/sessions/${row.id}`);
                        sessions.reload();
                      }}
                    >
                      {t("account.end")}
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
