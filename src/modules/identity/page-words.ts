/**
 * The words of the dashboard's server-rendered sign-in pages (pages.ts) in every language
 * Signet speaks. `{name}` placeholders take values the page escapes itself (an address in
 * <strong>), so the texts here are plain text.
 */
import type { Catalog } from "../../platform/languages";

export type PageWord =
  | "otherWays"
  | "passkeySignIn"
  | "passkeyFailed"
  | "signIn"
  | "signInToSignet"
  | "leadHint"
  | "lead"
  | "emailLabel"
  | "sendLink"
  | "invalidEmail"
  | "checkTitle"
  | "checkSent"
  | "anotherAddress"
  | "chooseTitle"
  | "chooseLead"
  | "continueAs"
  | "switchTo"
  | "linkAccounts"
  | "cannotLink"
  | "openDashboard"
  | "signInLink"
  | "cannotSignIn"
  | "newLink"
  | "problem.magic_link_used"
  | "problem.magic_link_expired"
  | "problem.magic_link_invalid"
  | "problem.link_used"
  | "problem.link_expired"
  | "problem.link_invalid"
  | "confirmTitle"
  | "confirmLead"
  | "confirmButton"
  | "confirmIgnore"
  | "linkedTitle"
  | "linkedLead"
  | "tooManyTitle"
  | "tooManyHeading"
  | "tooManyOneMinute"
  | "tooManyMinutes"
  | "backToSignIn";

export const pageWords: Catalog<PageWord> = {
  en: {
    otherWays: "Other ways to sign in",
    passkeySignIn: "Sign in with a passkey",
    passkeyFailed: "Passkey sign-in did not work. Use the e-mail link instead.",
    signIn: "Sign in",
    signInToSignet: "Sign in to Signet",
    leadHint: "Sign in as {email} to continue. We will e-mail you a link.",
    lead: "Enter your e-mail address and we will send you a sign-in link.",
    emailLabel: "E-mail address",
    sendLink: "E-mail me a sign-in link",
    invalidEmail: "Enter a valid e-mail address.",
    checkTitle: "Check your e-mail",
    checkSent: "We sent a sign-in link to {email}. It works once and expires in {minutes} minutes.",
    anotherAddress: "Use another address or send a new link",
    chooseTitle: "Choose an account",
    chooseLead: "You are signed in as {current}. This link is meant for {hint}.",
    continueAs: "Continue as {current}",
    switchTo: "Sign out and use {hint}",
    linkAccounts: "Link accounts",
    cannotLink: "This link cannot link the accounts",
    openDashboard: "Open the dashboard",
    signInLink: "Sign-in link",
    cannotSignIn: "This link cannot sign you in",
    newLink: "Get a new sign-in link",
    "problem.magic_link_used": "This sign-in link has already been used. Each link works once.",
    "problem.magic_link_expired": "This sign-in link has expired: links last {minutes} minutes.",
    "problem.magic_link_invalid": "This sign-in link is not valid. Check that you opened the whole link from the mail.",
    "problem.link_used": "This link has already been used.",
    "problem.link_expired": "This link has expired: links last {minutes} minutes. Ask again from the other account.",
    "problem.link_invalid": "This link is not valid. Check that you opened the whole link from the mail.",
    confirmTitle: "Link this account?",
    confirmLead: "Another Signet account asked to be allowed to switch into this one (the mail says which). Confirm only if that was you.",
    confirmButton: "Confirm the link",
    confirmIgnore: "If you did not ask for this, close this page: nothing is linked.",
    linkedTitle: "Accounts linked",
    linkedLead: "{from} may now switch into {to} with its passkey. Either account can revoke the link from its account page.",
    tooManyTitle: "Too many requests",
    tooManyHeading: "Too many sign-in links",
    tooManyOneMinute: "Too many sign-in links were asked for. Try again in 1 minute.",
    tooManyMinutes: "Too many sign-in links were asked for. Try again in {minutes} minutes.",
    backToSignIn: "Back to sign-in",
  },
  ko: {
    otherWays: "다른 로그인 방법",
    passkeySignIn: "패스키로 로그인",
    passkeyFailed: "패스키로 로그인하지 못했습니다. 대신 이메일 링크를 사용해 주세요.",
    signIn: "로그인",
    signInToSignet: "Signet에 로그인",
    leadHint: "계속하려면 {email}(으)로 로그인하세요. 링크를 이메일로 보내 드립니다.",
    lead: "이메일 주소를 입력하면 로그인 링크를 보내 드립니다.",
    emailLabel: "이메일 주소",
    sendLink: "로그인 링크를 이메일로 받기",
    invalidEmail: "올바른 이메일 주소를 입력해 주세요.",
    checkTitle: "이메일을 확인하세요",
    checkSent: "{email}(으)로 로그인 링크를 보냈습니다. 한 번만 사용할 수 있으며 {minutes}분 후에 만료됩니다.",
    anotherAddress: "다른 주소를 사용하거나 새 링크 보내기",
    chooseTitle: "계정 선택",
    chooseLead: "{current}(으)로 로그인되어 있습니다. 이 링크는 {hint}을(를) 위한 것입니다.",
    continueAs: "{current}(으)로 계속하기",
    switchTo: "로그아웃하고 {hint} 사용하기",
    linkAccounts: "계정 연결",
    cannotLink: "이 링크로는 계정을 연결할 수 없습니다",
    openDashboard: "대시보드 열기",
    signInLink: "로그인 링크",
    cannotSignIn: "이 링크로는 로그인할 수 없습니다",
    newLink: "새 로그인 링크 받기",
    "problem.magic_link_used": "이미 사용된 로그인 링크입니다. 각 링크는 한 번만 사용할 수 있습니다.",
    "problem.magic_link_expired": "만료된 로그인 링크입니다. 링크는 {minutes}분 동안 유효합니다.",
    "problem.magic_link_invalid": "유효하지 않은 로그인 링크입니다. 메일의 링크 전체를 열었는지 확인해 주세요.",
    "problem.link_used": "이미 사용된 링크입니다.",
    "problem.link_expired": "만료된 링크입니다. 링크는 {minutes}분 동안 유효합니다. 다른 계정에서 다시 요청해 주세요.",
    "problem.link_invalid": "유효하지 않은 링크입니다. 메일의 링크 전체를 열었는지 확인해 주세요.",
    confirmTitle: "이 계정을 연결할까요?",
    confirmLead: "다른 Signet 계정이 이 계정으로 전환할 수 있도록 허용을 요청했습니다 (메일에 어떤 계정인지 나와 있습니다). 본인이 요청한 경우에만 확인하세요.",
    confirmButton: "연결 확인",
    confirmIgnore: "요청하지 않았다면 이 페이지를 닫으세요. 아무것도 연결되지 않습니다.",
    linkedTitle: "계정이 연결되었습니다",
    linkedLead: "이제 {from}은(는) 패스키로 {to}(으)로 전환할 수 있습니다. 어느 계정이든 계정 페이지에서 연결을 해제할 수 있습니다.",
    tooManyTitle: "요청이 너무 많습니다",
    tooManyHeading: "로그인 링크 요청이 너무 많습니다",
    tooManyOneMinute: "로그인 링크 요청이 너무 많았습니다. 1분 후에 다시 시도해 주세요.",
    tooManyMinutes: "로그인 링크 요청이 너무 많았습니다. {minutes}분 후에 다시 시도해 주세요.",
    backToSignIn: "로그인으로 돌아가기",
  },
  ja: {
    otherWays: "その他のサインイン方法",
    passkeySignIn: "パスキーでサインイン",
    passkeyFailed: "パスキーでサインインできませんでした。代わりにメールのリンクを使ってください。",
    signIn: "サインイン",
    signInToSignet: "Signet にサインイン",
    leadHint: "続けるには {email} でサインインしてください。リンクをメールでお送りします。",
    lead: "メールアドレスを入力すると、サインインリンクをお送りします。",
    emailLabel: "メールアドレス",
    sendLink: "サインインリンクをメールで受け取る",
    invalidEmail: "有効なメールアドレスを入力してください。",
    checkTitle: "メールを確認してください",
    checkSent: "{email} にサインインリンクを送信しました。1 回だけ使え、{minutes} 分で期限切れになります。",
    anotherAddress: "別のアドレスを使うか、新しいリンクを送信",
    chooseTitle: "アカウントを選択",
    chooseLead: "{current} でサインインしています。このリンクは {hint} 用です。",
    continueAs: "{current} で続行",
    switchTo: "サインアウトして {hint} を使う",
    linkAccounts: "アカウントの連携",
    cannotLink: "このリンクではアカウントを連携できません",
    openDashboard: "ダッシュボードを開く",
    signInLink: "サインインリンク",
    cannotSignIn: "このリンクではサインインできません",
    newLink: "新しいサインインリンクを受け取る",
    "problem.magic_link_used": "このサインインリンクは使用済みです。各リンクは 1 回だけ使えます。",
    "problem.magic_link_expired": "このサインインリンクは期限切れです。リンクの有効期間は {minutes} 分です。",
    "problem.magic_link_invalid": "このサインインリンクは無効です。メールのリンク全体を開いたか確認してください。",
    "problem.link_used": "このリンクは使用済みです。",
    "problem.link_expired": "このリンクは期限切れです。リンクの有効期間は {minutes} 分です。もう一方のアカウントから再度リクエストしてください。",
    "problem.link_invalid": "このリンクは無効です。メールのリンク全体を開いたか確認してください。",
    confirmTitle: "このアカウントを連携しますか?",
    confirmLead: "別の Signet アカウントが、このアカウントへの切り替えの許可を求めています (どのアカウントかはメールに書かれています)。ご本人の場合のみ確認してください。",
    confirmButton: "連携を確認",
    confirmIgnore: "心当たりがない場合は、このページを閉じてください。何も連携されません。",
    linkedTitle: "アカウントを連携しました",
    linkedLead: "{from} はパスキーで {to} に切り替えられるようになりました。どちらのアカウントからでも、アカウントページで連携を解除できます。",
    tooManyTitle: "リクエストが多すぎます",
    tooManyHeading: "サインインリンクのリクエストが多すぎます",
    tooManyOneMinute: "サインインリンクのリクエストが多すぎました。1 分後にもう一度お試しください。",
    tooManyMinutes: "サインインリンクのリクエストが多すぎました。{minutes} 分後にもう一度お試しください。",
    backToSignIn: "サインインに戻る",
  },
};
