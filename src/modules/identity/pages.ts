/**
 * The dashboard's sign-in pages, rendered on the server: small, dependency-free and
 * usable without JavaScript (the form posts; only the passkey button needs a script).
 * Each is in the request's language (docs/languages.md), its words from page-words.ts.
 */
import { pageHeaders, scriptNonce, withNonce } from "../../platform/http/page-headers";
import { languageHeaders } from "../../platform/http/page-language";
import { fillPlaceholders, type Language } from "../../platform/languages";
import type { Context } from "elysia";
import { MAGIC_LINK_TTL_MS } from "./magic-link";
import { LINK_TTL_MS } from "./linked-identities/service";
import { pageWords, type PageWord } from "./page-words";

const esc = (value: string) => Bun.escapeHTML(value);

/** A page's words in `language`, escaped, with `{name}` filled from values already made HTML. */
function wordsIn(language: Language) {
  const words = pageWords[language];
  return (key: PageWord, html: Record<string, string | number> = {}) => fillPlaceholders(esc(words[key]), html);
}

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1b1f24}
main{max-width:26rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.4rem;margin-top:0}
label{display:block;font-weight:600;margin-bottom:.3rem}
input[type=email]{box-sizing:border-box;width:100%;padding:.55rem;font-size:1rem;border:1px solid #8a939e;border-radius:.3rem}
button,.button{display:inline-block;margin-top:1rem;padding:.55rem 1rem;font-size:1rem;border-radius:.3rem;border:1px solid #1f4fd1;background:#1f4fd1;color:#fff;text-decoration:none;cursor:pointer}
.secondary{background:#fff;color:#1f4fd1}
.error{color:#a3160d}
ul.choices{list-style:none;padding:0}
`;

function layout(language: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Signet</title>
<style>${STYLE}</style>
</head>
<body>
<main data-gate="dashboard">
${body}
</main>
</body>
</html>
`;
}

/**
 * Sends a page: HTML, never cached (it depends on the session), no referrer (the URL may
 * carry a hand-over), never framed, and only its own inline scripts run (a nonce per
 * response, DESIGN §9).
 */
export function htmlPage(set: Context["set"], status: number, html: string, language: Language): string {
  set.status = status;
  const nonce = scriptNonce();
  Object.assign(set.headers, pageHeaders({ nonce }), languageHeaders(language));
  return withNonce(html, nonce);
}

/** A 303 to `location`, never cached. */
export function seeOther(set: Context["set"], location: string): string {
  set.status = 303;
  set.headers.location = location;
  set.headers["cache-control"] = "no-store";
  return "";
}

const hidden = (name: string, value: string | null) => (value ? `<input type="hidden" name="${name}" value="${esc(value)}">` : "");

/**
 * Passkey sign-in through the passkeys API (login-options, then login with the
 * authenticator's response). Shown only where the browser supports WebAuthn JSON.
 */
function passkeySection(next: string, language: Language): string {
  const w = wordsIn(language);
  const script = (value: string) => JSON.stringify(value).replaceAll("<", "\\u003c");
  const target = script(next);
  return `<section aria-labelledby="other-ways">
<h2 id="other-ways">${w("otherWays")}</h2>
<button type="button" id="passkey-sign-in" class="secondary" hidden>${w("passkeySignIn")}</button>
<p id="passkey-status" class="error" role="alert"></p>
</section>
<script>
(() => {
  const button = document.getElementById("passkey-sign-in");
  const status = document.getElementById("passkey-status");
  if (!window.PublicKeyCredential || !PublicKeyCredential.parseRequestOptionsFromJSON) return;
  button.hidden = false;
  const post = (path, body) => fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  button.addEventListener("click", async () => {
    status.textContent = "";
    try {
      const options = await (await post("/api/auth/passkeys/login-options", {})).json();
      const credential = await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) });
      const signedIn = await post("/api/auth/passkeys/login", { response: credential.toJSON() });
      if (!signedIn.ok) throw new Error("refused");
      location.assign(${target});
    } catch {
      status.textContent = ${script(pageWords[language].passkeyFailed)};
    }
  });
})();
</script>`;
}

export interface SignInPageInput {
  /** What the e-mail field holds: the hint, or what the person typed. */
  email: string;
  hint: string | null;
  /** The validated returnUrl, carried through the form. */
  returnUrl: string | null;
  /** The address typed was not one: the form says so. */
  invalidEmail?: boolean;
}

/**
 * The sign-in form. With a login_hint the passkey option stays closed: the hand-over
 * asks for one particular account, proven by a link mailed to it. (The dashboard has
 * no social sign-in.)
 */
export function signInPage(input: SignInPageInput, language: Language): string {
  const w = wordsIn(language);
  const error = input.invalidEmail ? `<p class="error" role="alert">${w("invalidEmail")}</p>` : "";
  const lead = input.hint ? `<p>${w("leadHint", { email: `<strong>${esc(input.hint)}</strong>` })}</p>` : `<p>${w("lead")}</p>`;
  return layout(
    language,
    w("signIn"),
    `<h1>${w("signInToSignet")}</h1>
${lead}
${error}
<form method="post" action="/login">
<label for="email">${w("emailLabel")}</label>
<input id="email" type="email" name="email" autocomplete="email" required maxlength="254" autofocus value="${esc(input.email)}">
${hidden("login_hint", input.hint)}
${hidden("returnUrl", input.returnUrl)}
<button type="submit">${w("sendLink")}</button>
</form>
${input.hint ? "" : passkeySection(input.returnUrl ?? "/", language)}`,
  );
}

export function checkInboxPage(email: string, retryPath: string, language: Language): string {
  const w = wordsIn(language);
  return layout(
    language,
    w("checkTitle"),
    `<h1>${w("checkTitle")}</h1>
<p>${w("checkSent", { email: `<strong>${esc(email)}</strong>`, minutes: MAGIC_LINK_TTL_MS / 60_000 })}</p>
<p><a href="${esc(retryPath)}">${w("anotherAddress")}</a></p>`,
  );
}

export function chooseAccountPage(input: { current: string; hint: string; continueUrl: string; switchPath: string }, language: Language): string {
  const w = wordsIn(language);
  const current = esc(input.current);
  const hint = esc(input.hint);
  return layout(
    language,
    w("chooseTitle"),
    `<h1>${w("chooseTitle")}</h1>
<p>${w("chooseLead", { current: `<strong>${current}</strong>`, hint: `<strong>${hint}</strong>` })}</p>
<ul class="choices">
<li><a id="continue" class="button" href="${esc(input.continueUrl)}">${w("continueAs", { current })}</a></li>
<li><a id="switch" class="button secondary" href="${esc(input.switchPath)}">${w("switchTo", { hint })}</a></li>
</ul>`,
  );
}

/** The refusal codes a clicked link can meet, and how long their kind of link lasts. */
const LINK_PROBLEMS: Record<string, number> = {
  magic_link_used: MAGIC_LINK_TTL_MS,
  magic_link_expired: MAGIC_LINK_TTL_MS,
  magic_link_invalid: MAGIC_LINK_TTL_MS,
  link_used: LINK_TTL_MS,
  link_expired: LINK_TTL_MS,
  link_invalid: LINK_TTL_MS,
};

/** Why a clicked magic link did not sign the person in (or a confirm link link anything), with the way back. */
export function linkProblemPage(code: string, language: Language, purpose: "sign-in" | "account-link" = "sign-in"): string {
  const w = wordsIn(language);
  const known = code in LINK_PROBLEMS ? code : "magic_link_invalid";
  const reason = w(`problem.${known}` as PageWord, { minutes: LINK_PROBLEMS[known]! / 60_000 });
  if (purpose === "account-link") {
    return layout(language, w("linkAccounts"), `<h1>${w("cannotLink")}</h1>\n<p>${reason}</p>\n<p><a class="button" href="/">${w("openDashboard")}</a></p>`);
  }
  return layout(
    language,
    w("signInLink"),
    `<h1>${w("cannotSignIn")}</h1>
<p>${reason}</p>
<p><a class="button" href="/login">${w("newLink")}</a></p>`,
  );
}

/** The page the mailed confirm link opens: nothing is linked until its button is pressed. */
export function confirmLinkPage(token: string, language: Language): string {
  const w = wordsIn(language);
  return layout(
    language,
    w("linkAccounts"),
    `<h1>${w("confirmTitle")}</h1>
<p>${w("confirmLead")}</p>
<form method="post" action="/api/auth/linked-identities/confirm">
<input type="hidden" name="token" value="${esc(token)}">
<button type="submit">${w("confirmButton")}</button>
</form>
<p>${w("confirmIgnore")}</p>`,
  );
}

export function linkConfirmedPage(from: string, to: string, language: Language): string {
  const w = wordsIn(language);
  return layout(
    language,
    w("linkedTitle"),
    `<h1>${w("linkedTitle")}</h1>
<p>${w("linkedLead", { from: `<strong>${esc(from)}</strong>`, to: `<strong>${esc(to)}</strong>` })}</p>
<p><a class="button" href="/">${w("openDashboard")}</a></p>`,
  );
}

export function rateLimitedPage(retryAfterSeconds: number, backPath: string, language: Language): string {
  const w = wordsIn(language);
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return layout(
    language,
    w("tooManyTitle"),
    `<h1>${w("tooManyHeading")}</h1>
<p role="alert">${minutes === 1 ? w("tooManyOneMinute") : w("tooManyMinutes", { minutes })}</p>
<p><a href="${esc(backPath)}">${w("backToSignIn")}</a></p>`,
  );
}
