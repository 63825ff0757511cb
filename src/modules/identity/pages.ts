/**
 * The dashboard's sign-in pages, rendered on the server: small, dependency-free and
 * usable without JavaScript (the form posts; only the passkey button needs a script).
 */
import { pageHeaders, scriptNonce, withNonce } from "../../platform/http/page-headers";
import type { Context } from "elysia";
import { MAGIC_LINK_TTL_MS } from "./magic-link";

const esc = (value: string) => Bun.escapeHTML(value);

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

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Signet</title>
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
export function htmlPage(set: Context["set"], status: number, html: string): string {
  set.status = status;
  const nonce = scriptNonce();
  Object.assign(set.headers, pageHeaders({ nonce }));
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
function passkeySection(next: string): string {
  const target = JSON.stringify(next).replaceAll("<", "\\u003c");
  return `<section aria-labelledby="other-ways">
<h2 id="other-ways">Other ways to sign in</h2>
<button type="button" id="passkey-sign-in" class="secondary" hidden>Sign in with a passkey</button>
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
      status.textContent = "Passkey sign-in did not work. Use the e-mail link instead.";
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
  error?: string;
}

/**
 * The sign-in form. With a login_hint the passkey option stays closed: the hand-over
 * asks for one particular account, proven by a link mailed to it. (The dashboard has
 * no social sign-in.)
 */
export function signInPage(input: SignInPageInput): string {
  const error = input.error ? `<p class="error" role="alert">${esc(input.error)}</p>` : "";
  const lead = input.hint
    ? `<p>Sign in as <strong>${esc(input.hint)}</strong> to continue. We will e-mail you a link.</p>`
    : "<p>Enter your e-mail address and we will send you a sign-in link.</p>";
  return layout(
    "Sign in",
    `<h1>Sign in to Signet</h1>
${lead}
${error}
<form method="post" action="/login">
<label for="email">E-mail address</label>
<input id="email" type="email" name="email" autocomplete="email" required maxlength="254" autofocus value="${esc(input.email)}">
${hidden("login_hint", input.hint)}
${hidden("returnUrl", input.returnUrl)}
<button type="submit">E-mail me a sign-in link</button>
</form>
${input.hint ? "" : passkeySection(input.returnUrl ?? "/")}`,
  );
}

export function checkInboxPage(email: string, retryPath: string): string {
  return layout(
    "Check your e-mail",
    `<h1>Check your e-mail</h1>
<p>We sent a sign-in link to <strong>${esc(email)}</strong>. It works once and expires in ${MAGIC_LINK_TTL_MS / 60_000} minutes.</p>
<p><a href="${esc(retryPath)}">Use another address or send a new link</a></p>`,
  );
}

export function chooseAccountPage(input: { current: string; hint: string; continueUrl: string; switchPath: string }): string {
  return layout(
    "Choose an account",
    `<h1>Choose an account</h1>
<p>You are signed in as <strong>${esc(input.current)}</strong>. This link is meant for <strong>${esc(input.hint)}</strong>.</p>
<ul class="choices">
<li><a id="continue" class="button" href="${esc(input.continueUrl)}">Continue as ${esc(input.current)}</a></li>
<li><a id="switch" class="button secondary" href="${esc(input.switchPath)}">Sign out and use ${esc(input.hint)}</a></li>
</ul>`,
  );
}

const LINK_PROBLEMS: Record<string, string> = {
  magic_link_used: "This sign-in link has already been used. Each link works once.",
  magic_link_expired: `This sign-in link has expired: links last ${MAGIC_LINK_TTL_MS / 60_000} minutes.`,
  magic_link_invalid: "This sign-in link is not valid. Check that you opened the whole link from the mail.",
  link_used: "This link has already been used.",
  link_expired: "This link has expired: links last 15 minutes. Ask again from the other account.",
  link_invalid: "This link is not valid. Check that you opened the whole link from the mail.",
};

/** Why a clicked magic link did not sign the person in (or a confirm link link anything), with the way back. */
export function linkProblemPage(code: string, purpose: "sign-in" | "account-link" = "sign-in"): string {
  const reason = LINK_PROBLEMS[code] ?? LINK_PROBLEMS.magic_link_invalid!;
  if (purpose === "account-link") {
    return layout("Link accounts", `<h1>This link cannot link the accounts</h1>\n<p>${esc(reason)}</p>\n<p><a class="button" href="/">Open the dashboard</a></p>`);
  }
  return layout(
    "Sign-in link",
    `<h1>This link cannot sign you in</h1>
<p>${esc(reason)}</p>
<p><a class="button" href="/login">Get a new sign-in link</a></p>`,
  );
}

/** The page the mailed confirm link opens: nothing is linked until its button is pressed. */
export function confirmLinkPage(token: string): string {
  return layout(
    "Link accounts",
    `<h1>Link this account?</h1>
<p>Another Signet account asked to be allowed to switch into this one (the mail says which). Confirm only if that was you.</p>
<form method="post" action="/api/auth/linked-identities/confirm">
<input type="hidden" name="token" value="${esc(token)}">
<button type="submit">Confirm the link</button>
</form>
<p>If you did not ask for this, close this page: nothing is linked.</p>`,
  );
}

export function linkConfirmedPage(from: string, to: string): string {
  return layout(
    "Accounts linked",
    `<h1>Accounts linked</h1>
<p><strong>${esc(from)}</strong> may now switch into <strong>${esc(to)}</strong> with its passkey. Either account can revoke the link from its account page.</p>
<p><a class="button" href="/">Open the dashboard</a></p>`,
  );
}

export function rateLimitedPage(retryAfterSeconds: number, backPath: string): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return layout(
    "Too many requests",
    `<h1>Too many sign-in links</h1>
<p role="alert">Too many sign-in links were asked for. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.</p>
<p><a href="${esc(backPath)}">Back to sign-in</a></p>`,
  );
}
