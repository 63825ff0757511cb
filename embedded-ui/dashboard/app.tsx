/**
 * The dashboard shell: signs the browser in (through /login), then shows the header with
 * the organization and account switcher, the navigation of the current organization,
 * and the page for the path.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { api, signInAgain } from "./api";
import { ErrorMessage, Loading, Toasts } from "./components";
import { describeError } from "./messages";
import { personalSeal, passkeysSupported } from "./passkeys";
import { interceptLink, match, navigate, usePath } from "./router";
import { SessionContext, type Org, type SessionState } from "./session";
import { AccountPage } from "./pages/account";
import { AgentsPage } from "./pages/agents";
import { ApprovalsPage } from "./pages/approvals";
import { AppsPage } from "./pages/apps";
import { AuditPage } from "./pages/audit";
import { BillingPage } from "./pages/billing";
import { BoardPage } from "./pages/board";
import { CommercePage } from "./pages/commerce";
import { FilesPage } from "./pages/files";
import { HomePage, CreateOrgPage } from "./pages/home";
import { IntegrationsPage } from "./pages/integrations";
import { InvitePage } from "./pages/invite";
import { KeysPage } from "./pages/keys";
import { KoreanPackagePage } from "./pages/korean";
import { MailboxPage } from "./pages/mailbox";
import { MeetingPage } from "./pages/meeting";
import { MeetingsPage } from "./pages/meetings";
import { MembersPage } from "./pages/members";
import { OrgChartPage } from "./pages/org-chart";
import { OverviewPage } from "./pages/overview";
import { SettingsPage } from "./pages/settings";
import { SsoPage } from "./pages/sso";
import { TeamsPage } from "./pages/teams";
import { WebhooksPage } from "./pages/webhooks";
import { RolesPage } from "./pages/roles";
import { ServiceAccountsPage } from "./pages/service-accounts";
import { BadgesPage } from "./pages/badges";
import { AnalyticsPage } from "./pages/analytics";
import { chooseLanguage, LANGUAGE_NAMES, LANGUAGES, rememberLanguage, type Language } from "../i18n";
import { keepLanguageOnAccount, LanguageContext, NAV_KEYS, useLanguage, useT } from "./language";

/** The pages of one organization, in navigation order. */
const ORG_PAGES = [
  { path: "", label: "Overview", Page: OverviewPage },
  { path: "/members", label: "Members", Page: MembersPage },
  { path: "/roles", label: "Roles", Page: RolesPage },
  { path: "/service-accounts", label: "Service accounts", Page: ServiceAccountsPage },
  { path: "/badges", label: "Badges", Page: BadgesPage },
  { path: "/teams", label: "Teams", Page: TeamsPage },
  { path: "/org-chart", label: "Org chart", Page: OrgChartPage },
  { path: "/approvals", label: "Approvals", Page: ApprovalsPage },
  { path: "/board", label: "Board", Page: BoardPage },
  { path: "/meetings", label: "Meetings", Page: MeetingsPage },
  { path: "/keys", label: "API & keys", Page: KeysPage },
  { path: "/apps", label: "Apps", Page: AppsPage },
  { path: "/agents", label: "Agents", Page: AgentsPage },
  { path: "/integrations", label: "Integrations", Page: IntegrationsPage },
  { path: "/webhooks", label: "Webhooks", Page: WebhooksPage },
  { path: "/files", label: "Files", Page: FilesPage },
  { path: "/audit", label: "Audit log", Page: AuditPage },
  { path: "/analytics", label: "Analytics", Page: AnalyticsPage },
  { path: "/sso", label: "SSO & SCIM", Page: SsoPage },
  { path: "/billing", label: "Billing", Page: BillingPage },
  { path: "/monetization", label: "Monetization", Page: CommercePage },
  { path: "/korean-package", label: "Korean package", Page: KoreanPackagePage },
  { path: "/settings", label: "Settings", Page: SettingsPage },
] as const;

/** Pages of one organization that the navigation does not list, opened from another page; they take the path's params. */
const ORG_DETAIL_PAGES = [{ path: "/meetings/:meetingId", render: (org: Org, params: Record<string, string>) => <MeetingPage org={org} meetingId={params.meetingId!} /> }];

interface LinkedAccount {
  id: string;
  direction: "outgoing" | "incoming";
  user: { id: string; email: string };
}

/** The server's version, written into the page's meta tag when it serves it. */
function version(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="signet-version"]')?.content ?? "";
}

async function devModeOn(): Promise<boolean> {
  const r = await fetch("/api/dev/outbox?limit=1", { credentials: "same-origin" }).catch(() => null);
  return r?.status === 200;
}

export function App() {
  const [language, setLanguage] = useState<Language>(chooseLanguage);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const choose = (next: Language) => {
    rememberLanguage(next);
    setLanguage(next);
    void keepLanguageOnAccount(next);
  };
  return (
    <LanguageContext.Provider value={{ language, setLanguage: choose }}>
      <Routes />
      <Toasts />
    </LanguageContext.Provider>
  );
}

function Routes() {
  const path = usePath();
  useEffect(() => {
    document.addEventListener("click", interceptLink);
    return () => document.removeEventListener("click", interceptLink);
  }, []);
  // These pages work signed out: the mailbox is how a developer signs in without SMTP,
  // and an invitation is read before signing in.
  if (path === "/dev/mailbox") return <MailboxPage />;
  const invite = match("/invite/:code", path);
  if (invite) return <InvitePage code={invite.code!} />;
  return <SignedIn path={path} />;
}

function SignedIn({ path }: { path: string }) {
  const t = useT();
  const [session, setSession] = useState<SessionState | null>(null);
  const [error, setError] = useState<unknown>(null);

  const loadOrgs = async () => (await api<{ organizations: Org[] }>("GET", "/api/org")).organizations;
  useEffect(() => {
    (async () => {
      const [me, orgs, devMode] = await Promise.all([api<{ user: { id: string; email: string } }>("GET", "/api/auth/session"), loadOrgs(), devModeOn()]);
      const reloadOrgs = async () => {
        const fresh = await loadOrgs();
        setSession((s) => (s ? { ...s, orgs: fresh } : s));
      };
      setSession({ user: me.user, orgs, reloadOrgs, devMode });
    })().catch(setError);
  }, []);

  // After an in-app navigation, focus moves to the new page's content (as a page load
  // would for a screen reader) and the title names the page.
  const firstPath = useRef(path);
  useEffect(() => {
    const heading = document.querySelector("#content h1")?.textContent;
    document.title = heading ? `${heading} · Signet` : "Signet";
    if (path !== firstPath.current) document.getElementById("content")?.focus();
  }, [path, session]);

  if (error) return <main class="center"><ErrorMessage error={error} /></main>;
  if (!session) return <main class="center"><Loading what={t("app.yourDashboard")} /></main>;

  const orgMatch = match("/orgs/:slug", path) ?? matchOrgSubpage(path);
  const org = orgMatch ? session.orgs.find((o) => o.slug === orgMatch.slug) : undefined;
  return (
    <SessionContext.Provider value={session}>
      <a class="skip-link" href="#content">
        {t("skipToContent")}
      </a>
      <Header session={session} currentSlug={org?.slug} />
      <div class="layout">
        {org ? <OrgNav org={org} path={path} /> : null}
        <main id="content" tabIndex={-1}>
          <Page path={path} org={org} orgSlug={orgMatch?.slug} />
        </main>
      </div>
    </SessionContext.Provider>
  );
}

function matchOrgSubpage(path: string): Record<string, string> | null {
  for (const page of [...ORG_PAGES, ...ORG_DETAIL_PAGES]) {
    const params = page.path && match(`/orgs/:slug${page.path}`, path);
    if (params) return params;
  }
  return null;
}

function Page({ path, org, orgSlug }: { path: string; org?: Org; orgSlug?: string }) {
  const t = useT();
  if (path === "/" || path === "/orgs") return <HomePage />;
  if (path === "/orgs/new") return <CreateOrgPage />;
  if (path === "/account") return <AccountPage />;
  if (orgSlug) {
    if (!org) {
      return (
        <div class="card">
          <h1>{t("app.orgNotFound")}</h1>
          <p>
            {t("app.notAMember", { slug: orgSlug })}{" "}
            <a href="/" data-route>
              {t("app.chooseOneOfYours")}
            </a>
            .
          </p>
        </div>
      );
    }
    const page = ORG_PAGES.find((p) => match(`/orgs/:slug${p.path}`, path));
    if (page) return <page.Page org={org} />;
    for (const detail of ORG_DETAIL_PAGES) {
      const params = match(`/orgs/:slug${detail.path}`, path);
      if (params) return detail.render(org, params);
    }
  }
  return (
    <div class="card">
      <h1>{t("app.pageNotFound")}</h1>
      <p>
        <a href="/" data-route>
          {t("app.backToOrgs")}
        </a>
      </p>
    </div>
  );
}

function Header({ session, currentSlug }: { session: SessionState; currentSlug?: string }) {
  const t = useT();
  const [linked, setLinked] = useState<LinkedAccount[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    api<{ links: LinkedAccount[] }>("GET", "/api/auth/linked-identities")
      .then((r) => setLinked(r.links.filter((l) => l.direction === "outgoing")))
      .catch(() => setLinked([]));
  }, []);

  const choose = async (value: string) => {
    setProblem(null);
    if (value === "__new") return navigate("/orgs/new");
    if (value.startsWith("org:")) return navigate(`/orgs/${value.slice(4)}`);
    if (value.startsWith("user:")) {
      // 5.6: switching to a linked account is sealed with one of my passkeys.
      const target = value.slice(5);
      try {
        if (!passkeysSupported()) throw new Error(t("app.noPasskeys"));
        const seal = await personalSeal("linked_identity.switch", target);
        await api("POST", "/api/auth/linked-identities/switch", { targetUserId: target, assertionResponseJson: seal });
        location.assign("/");
      } catch (e) {
        setProblem(describeError(e));
      }
    }
  };

  const signOut = async () => {
    await api("POST", "/api/auth/sign-out").catch(() => undefined);
    signInAgain();
  };

  return (
    <header class="topbar">
      <a class="brand" href="/" data-route>
        {"Signet"}
      </a>
      <div class="switcher">
        <label for="org-switcher" class="visually-hidden">
          {t("orgOrAccount")}
        </label>
        <select id="org-switcher" value={currentSlug ? `org:${currentSlug}` : ""} onChange={(e) => choose((e.target as HTMLSelectElement).value)}>
          <option value="" disabled>
            {t("chooseOrg")}
          </option>
          <optgroup label={t("organizations")}>
            {session.orgs.map((o) => (
              <option key={o.slug} value={`org:${o.slug}`}>
                {o.parentSlug ? `↳ ${o.name}` : o.name}
              </option>
            ))}
            <option value="__new">{t("createOrg")}</option>
          </optgroup>
          {linked.length ? (
            <optgroup label={t("switchLinked")}>
              {linked.map((l) => (
                <option key={l.id} value={`user:${l.user.id}`}>
                  {l.user.email}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
        {problem ? (
          <p class="error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <nav class="account-nav" aria-label={t("app.account")}>
        <LanguageSwitcher />
        <a href="/swagger" title={`Signet ${version()}`}>
          {t("apiReference")}
        </a>
        {session.devMode ? (
          <a href="/dev/mailbox" data-route>
            {t("devMailbox")}
          </a>
        ) : null}
        <a href="/account" data-route id="account-link">
          {session.user.email}
        </a>
        <button type="button" class="link" id="sign-out" onClick={signOut}>
          {t("signOut")}
        </button>
      </nav>
    </header>
  );
}

/** The language chooser of the header: the choice is kept in this browser and applies at once. */
function LanguageSwitcher() {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  return (
    <span class="language-switcher">
      <label for="language" class="visually-hidden">
        {t("language")}
      </label>
      <select id="language" value={language} onChange={(e) => setLanguage((e.target as HTMLSelectElement).value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}

function OrgNav({ org, path }: { org: Org; path: string }) {
  const t = useT();
  return (
    <nav class="sidenav" aria-label={t("orgPages", { name: org.name })}>
      <p class="sidenav-title">{org.name}</p>
      <ul>
        {ORG_PAGES.map((page) => {
          const href = `/orgs/${org.slug}${page.path}`;
          return (
            <li key={page.path}>
              <a href={href} data-route aria-current={path === href ? "page" : undefined}>
                {NAV_KEYS[page.path] ? t(NAV_KEYS[page.path]!) : page.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
