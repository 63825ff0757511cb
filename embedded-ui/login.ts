// The hosted login portal at {portal_base}/login/{appKey} (and /verify, where magic
// links land). It shows the app group's branding and exactly the sign-in methods the
// group turned on, walks through the SMS second factor when asked, and once signed in
// sends the browser back to the app with a one-time code, or shows who is signed in.
//
// It navigates only to a `redirectTo` the API answered or to the redirect the server
// validated before sending this page (the meta tag): never to anything read from the
// address bar.

import { callApi, plainWords, PortalApiError } from "./login-api";
import { createPasskey, getPasskey, passkeysSupported } from "./login-webauthn";
import { chooseLanguage, languageSwitcher, translateDocument, translator } from "./i18n";
import { loginCatalog } from "./locales/login";

const language = chooseLanguage();
const t = translator(loginCatalog, language);
translateDocument(loginCatalog, language);
document.getElementById("portal")?.append(languageSwitcher(t("language"), language));

interface PortalState {
  view: "sign_in" | "verify" | "not_found";
  appKey: string;
  redirectUrl: string | null;
}

interface LoginMethods {
  appGroup: { key: string; name: string };
  methods: {
    magicLink: boolean;
    passkey: boolean;
    /** Provider keys: google, github, microsoft, apple, kakao, naver. */
    social: string[];
    botProtection: { enabled: boolean; siteKey: string | null };
  };
  branding: {
    name: string;
    iconUrl: string | null;
    brandColor: string | null;
    primaryColor: string | null;
    backgroundColor: string | null;
    textColor: string | null;
    heroTitle: string | null;
    heroSubtitle: string | null;
  };
}

interface EndUser {
  email: string | null;
}

interface SignedIn {
  status: "signed_in";
  accessToken: string;
  endUser: EndUser;
  code?: string;
  redirectTo?: string | null;
}

interface MfaRequired {
  mfaRequired: true;
  mode: "challenge" | "enroll";
  mfaToken: string;
  smsDelivered: boolean | null;
  smsError: string | null;
}

type SignInAnswer = SignedIn | MfaRequired;

interface Handshake {
  signedIn: boolean;
  code?: string;
  endUser?: EndUser;
}

/** How each social provider names itself on its button. */
const PROVIDER_NAMES: Record<string, string> = {
  google: "Google",
  github: "GitHub",
  microsoft: "Microsoft",
  apple: "Apple",
  kakao: "Kakao",
  naver: "Naver",
};

/** The resend throttle of the SMS routes (spec 4.1): the button waits as long. */
const RESEND_COOLDOWN_SECONDS = 60;

const el = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const SCREENS = ["not-found", "methods", "mfa-enroll", "mfa-code", "signed-in"] as const;
type Screen = (typeof SCREENS)[number];

const state: PortalState = JSON.parse(document.querySelector<HTMLMetaElement>('meta[name="signet-portal"]')!.content);
const api = <T>(method: "GET" | "POST", path: string, body?: unknown, bearer?: string) => callApi<T>(state.appKey, method, path, body, bearer);

let methods: LoginMethods | undefined;
let turnstileToken: string | null = null;
/** The signed-in end user's access token, once a sign-in on this page answered one. */
let accessToken: string | null = null;
/** From a handshake: a code that can be traded for an access token when one is needed. */
let handshakeCode: string | null = null;
let mfaToken: string | null = null;

// --- Screens and messages ----------------------------------------------------------------

function show(screen: Screen): void {
  for (const id of SCREENS) el(id).hidden = id !== screen;
  el("status").hidden = true;
}

function say(message: string): void {
  el("status").textContent = message;
  el("status").hidden = false;
}

function fail(error: unknown): void {
  const box = el("error");
  box.textContent = typeof error === "string" ? error : plainWords(error, t);
  box.hidden = false;
}

function clearError(): void {
  el("error").hidden = true;
  el("error").textContent = "";
}

/** Runs a button's or form's action with the control disabled meanwhile, errors shown in words. */
async function busy(control: HTMLButtonElement, action: () => Promise<void>): Promise<void> {
  clearError();
  control.disabled = true;
  try {
    await action();
  } catch (error) {
    fail(error);
  } finally {
    control.disabled = false;
  }
}

// --- Branding and methods ------------------------------------------------------------------

function applyBranding(m: LoginMethods): void {
  const b = m.branding;
  const root = document.documentElement.style;
  const brand = b.brandColor ?? b.primaryColor;
  if (brand) root.setProperty("--brand", brand);
  if (b.backgroundColor) root.setProperty("--background", b.backgroundColor);
  if (b.textColor) root.setProperty("--text", b.textColor);
  document.title = `${t("signIn")} · ${b.name}`;
  el("brand-name").textContent = b.name;
  el("hero-title").textContent = b.heroTitle ?? t("signInTo", { name: b.name });
  if (b.heroSubtitle) {
    el("hero-subtitle").textContent = b.heroSubtitle;
    el("hero-subtitle").hidden = false;
  }
  if (b.iconUrl) {
    const icon = el<HTMLImageElement>("brand-icon");
    icon.src = b.iconUrl;
    icon.hidden = false;
  }
}

/** Where a social provider sends the browser back: this portal's verify page, carrying the app's redirect. */
function portalReturnUrl(): string {
  const back = new URL(`/login/${encodeURIComponent(state.appKey)}/verify`, location.origin);
  if (state.redirectUrl) back.searchParams.set("redirect_url", state.redirectUrl);
  return back.href;
}

function renderMethods(m: LoginMethods): void {
  const { magicLink, passkey, social, botProtection } = m.methods;
  el("magic-link-form").hidden = !magicLink;
  const offerPasskey = passkey && passkeysSupported();
  el("passkey-login").hidden = !offerPasskey;
  const socialBox = el("social");
  socialBox.replaceChildren(
    ...social.map((provider) => {
      const link = document.createElement("a");
      link.className = "button secondary social";
      link.dataset.provider = provider;
      const start = new URL(`/api/public/apps/${encodeURIComponent(state.appKey)}/auth/social/${encodeURIComponent(provider)}/start`, location.origin);
      start.searchParams.set("redirect_url", portalReturnUrl());
      start.searchParams.set("portal_origin", location.origin);
      link.href = start.href;
      link.textContent = t("continueWith", { provider: PROVIDER_NAMES[provider] ?? provider });
      return link;
    }),
  );
  el("or").hidden = !(magicLink && (offerPasskey || social.length > 0));
  el("no-methods").hidden = magicLink || offerPasskey || social.length > 0;
  if (magicLink && botProtection.enabled && botProtection.siteKey) loadTurnstile(botProtection.siteKey);
}

interface TurnstileApi {
  render(target: HTMLElement, options: { sitekey: string; callback(token: string): void; "expired-callback"(): void }): string;
  reset(widgetId: string): void;
}

let turnstileWidget: { api: TurnstileApi; id: string } | null = null;

/** A Turnstile token is good for one check: after each send the widget asks again. */
function resetTurnstile(): void {
  turnstileToken = null;
  if (turnstileWidget) turnstileWidget.api.reset(turnstileWidget.id);
}

/** Cloudflare Turnstile, only when the app group turned bot protection on. */
function loadTurnstile(siteKey: string): void {
  const box = el("turnstile");
  box.dataset.sitekey = siteKey;
  box.hidden = false;
  const script = document.createElement("script");
  script.src = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
  script.async = true;
  script.onload = () => {
    const turnstile = (window as unknown as { turnstile?: TurnstileApi }).turnstile;
    if (!turnstile) return;
    const id = turnstile.render(box, {
      sitekey: siteKey,
      callback: (token) => (turnstileToken = token),
      "expired-callback": () => (turnstileToken = null),
    });
    turnstileWidget = { api: turnstile, id };
  };
  script.onerror = () => fail(t("botCheckLoadFailed"));
  document.head.append(script);
}

// --- Finishing a sign-in ---------------------------------------------------------------------

function withCode(redirectUrl: string, code: string): string {
  const url = new URL(redirectUrl);
  url.searchParams.set("code", code);
  return url.href;
}

/**
 * Back to the app with a code: the API's redirectTo, else the validated redirect of this
 * page. A redirectTo to this portal itself (a social sign-in that started here returns
 * here) is where the browser already is, so the page's own redirect applies.
 */
function returnTarget(code: string | undefined, redirectTo?: string | null): string | null {
  if (redirectTo && new URL(redirectTo).origin !== location.origin) return redirectTo;
  return code && state.redirectUrl ? withCode(state.redirectUrl, code) : null;
}

async function finish(answer: SignInAnswer): Promise<void> {
  if ("mfaRequired" in answer) return startMfa(answer);
  const target = returnTarget(answer.code, answer.redirectTo);
  if (target) {
    say(t("signedInBack"));
    location.assign(target);
    return;
  }
  accessToken = answer.accessToken;
  showSignedIn(answer.endUser);
}

function showSignedIn(endUser: EndUser | undefined): void {
  el("signed-in-email").textContent = endUser?.email ?? t("yourAccount");
  el("add-passkey").hidden = !(methods?.methods.passkey && passkeysSupported());
  show("signed-in");
  el("sign-out").focus();
}

async function currentAccessToken(): Promise<string> {
  if (accessToken) return accessToken;
  if (!handshakeCode) throw new PortalApiError(401, "invalid_access_token", {});
  const session = await api<SignedIn>("POST", "/auth/session/exchange", { code: handshakeCode });
  handshakeCode = null;
  accessToken = session.accessToken;
  return accessToken;
}

// --- Sign-in methods ---------------------------------------------------------------------------

el<HTMLFormElement>("magic-link-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = el<HTMLInputElement>("email");
  void busy(el<HTMLButtonElement>("magic-link-send"), async () => {
    const email = input.value.trim();
    if (!input.checkValidity() || !email) {
      input.focus();
      throw t("enterEmail");
    }
    if (methods?.methods.botProtection.enabled && !turnstileToken) throw t("botCheckFirst");
    const bot = turnstileToken;
    if (bot) resetTurnstile();
    await api("POST", "/auth/magic-link/send", {
      email,
      ...(state.redirectUrl ? { postSignInRedirectUrl: state.redirectUrl } : {}),
      ...(bot ? { turnstileToken: bot } : {}),
    });
    const sent = el("magic-link-sent");
    sent.textContent = t("linkSent", { email });
    sent.hidden = false;
    sent.focus();
  });
});

el<HTMLButtonElement>("passkey-login").addEventListener("click", (event) => {
  void busy(event.currentTarget as HTMLButtonElement, async () => {
    const email = el<HTMLInputElement>("email").value.trim();
    const options = await api<Record<string, unknown>>("POST", "/auth/passkey/login-options", email ? { email } : {});
    const response = await getPasskey(options);
    await finish(await api<SignInAnswer>("POST", "/auth/passkey/login", { response }));
  });
});

el<HTMLButtonElement>("add-passkey").addEventListener("click", (event) => {
  void busy(event.currentTarget as HTMLButtonElement, async () => {
    const token = await currentAccessToken();
    const options = await api<Record<string, unknown>>("POST", "/auth/passkey/register-options", {}, token);
    const response = await createPasskey(options);
    await api("POST", "/auth/passkey/register", { response }, token);
    say(t("passkeyAdded"));
  });
});

el<HTMLButtonElement>("sign-out").addEventListener("click", (event) => {
  void busy(event.currentTarget as HTMLButtonElement, async () => {
    await api("POST", "/auth/session/sign-out", {}, accessToken ?? undefined);
    accessToken = null;
    handshakeCode = null;
    showMethods();
    say(t("signedOut"));
  });
});

// --- SMS second factor -------------------------------------------------------------------------

function startMfa(answer: MfaRequired): void {
  mfaToken = answer.mfaToken;
  if (answer.mode === "enroll") {
    show("mfa-enroll");
    el("mfa-phone").focus();
    return;
  }
  showCodeForm(answer.smsDelivered === true);
  if (answer.smsDelivered === false) fail(new PortalApiError(502, answer.smsError ?? "send_failed", {}));
}

function showCodeForm(codeWasSent: boolean): void {
  show("mfa-code");
  el("mfa-resend").hidden = false;
  if (codeWasSent) startResendCooldown();
  el("mfa-code-input").focus();
}

let cooldownTimer: ReturnType<typeof setInterval> | undefined;

/**
 * After a delivered code the resend button waits out the server's cooldown, counting
 * down. The wait is a deadline on the clock, so throttled timers (a tab in the
 * background) never stretch it.
 */
function startResendCooldown(seconds = RESEND_COOLDOWN_SECONDS): void {
  const button = el<HTMLButtonElement>("mfa-resend");
  clearInterval(cooldownTimer);
  const deadline = Date.now() + seconds * 1000;
  const tick = () => {
    const left = Math.ceil((deadline - Date.now()) / 1000);
    if (left <= 0) {
      clearInterval(cooldownTimer);
      button.disabled = false;
      button.textContent = t("mfaResend");
      return;
    }
    button.disabled = true;
    button.textContent = t("mfaResendIn", { seconds: left });
  };
  tick();
  cooldownTimer = setInterval(tick, 1000);
}

el<HTMLFormElement>("mfa-enroll-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = el<HTMLInputElement>("mfa-phone");
  void busy(el<HTMLButtonElement>("mfa-enroll-send"), async () => {
    const phone = input.value.replace(/[\s().-]/g, "");
    if (!/^\+\d{6,15}$/.test(phone)) {
      input.focus();
      throw t("mfaPhoneFormat");
    }
    await api("POST", "/auth/mfa/enroll/send", { mfaToken, phone });
    showCodeForm(true);
  });
});

el<HTMLFormElement>("mfa-code-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = el<HTMLInputElement>("mfa-code-input");
  void busy(el<HTMLButtonElement>("mfa-verify"), async () => {
    const code = input.value.replace(/\s/g, "");
    if (!code) {
      input.focus();
      throw t("mfaEnterCode");
    }
    try {
      await finish(await api<SignInAnswer>("POST", "/auth/mfa/verify", { mfaToken, code }));
    } catch (error) {
      input.select();
      if (error instanceof PortalApiError && ["mfa_locked", "token_expired", "token_used", "invalid_token"].includes(error.code)) {
        showMethods();
        throw error.code === "mfa_locked" ? error : t("signInTooLong");
      }
      throw error;
    }
  });
});

el<HTMLButtonElement>("mfa-resend").addEventListener("click", async (event) => {
  const button = event.currentTarget as HTMLButtonElement;
  clearError();
  button.disabled = true;
  try {
    // In enroll mode too: the phone named at enroll/send is on the MFA session.
    await api("POST", "/auth/mfa/challenge/resend", { mfaToken });
    say(t("newCodeSent"));
    startResendCooldown();
  } catch (error) {
    // A failed send starts no cooldown; a refused one waits as long as the server says.
    if (error instanceof PortalApiError && error.code === "cooldown") startResendCooldown(error.retryAfter ?? RESEND_COOLDOWN_SECONDS);
    else button.disabled = false;
    fail(error);
  }
});

// --- Opening the page -------------------------------------------------------------------------

function showMethods(): void {
  mfaToken = null;
  clearInterval(cooldownTimer);
  show("methods");
}

/**
 * The magic link's landing (token) or a social provider's return (code or error; on the
 * verify page, or on the sign-in page when the flow started without a redirect).
 */
async function completeFromLink(params: URLSearchParams): Promise<void> {
  const token = params.get("token");
  const code = params.get("code");
  const providerError = params.get("error");
  // The secret leaves the address bar (and the history) at once; the validated redirect stays.
  const kept = new URL(location.pathname, location.origin);
  if (state.redirectUrl) kept.searchParams.set("redirect_url", state.redirectUrl);
  history.replaceState(null, "", kept.pathname + kept.search);
  if (token) {
    say(t("signingIn"));
    return finish(await api<SignInAnswer>("POST", "/auth/magic-link/verify", { token, ...(state.redirectUrl ? { redirectUrl: state.redirectUrl } : {}) }));
  }
  if (code) {
    say(t("signingIn"));
    return finish(await api<SignInAnswer>("POST", "/auth/social/exchange", { code }));
  }
  showMethods();
  fail(providerError ? t("providerIncomplete") : t("linkIncomplete"));
}

async function open(): Promise<void> {
  if (state.view === "not_found") {
    document.title = t("notFoundTitle");
    el("hero-title").textContent = t("notFoundTitle");
    show("not-found");
    return;
  }
  methods = await api<LoginMethods>("GET", "/login-methods");
  applyBranding(methods);
  renderMethods(methods);
  const params = new URLSearchParams(location.search);
  if (state.view === "verify" || params.has("code") || params.has("error")) {
    try {
      await completeFromLink(params);
    } catch (error) {
      showMethods();
      fail(error);
    }
    return;
  }
  const session = await api<Handshake>("POST", "/auth/session/handshake");
  if (session.signedIn) {
    const target = returnTarget(session.code);
    if (target) {
      say(t("alreadySignedIn"));
      location.assign(target);
      return;
    }
    handshakeCode = session.code ?? null;
    showSignedIn(session.endUser);
    return;
  }
  showMethods();
}

open().catch((error) => {
  el("status").hidden = true;
  fail(error instanceof PortalApiError && error.status === 404 ? t("pageMissing") : error);
});
