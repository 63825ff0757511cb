/** The hosted login's words (embedded-ui/login.{html,ts}) in every language Signet speaks. */
import type { Catalog } from "../i18n";

export type LoginKey =
  | "language"
  | "signIn"
  | "signInTo"
  | "loading"
  | "notFound"
  | "notFoundTitle"
  | "waysToSignIn"
  | "email"
  | "sendLink"
  | "or"
  | "passkey"
  | "noMethods"
  | "continueWith"
  | "mfaEnrollTitle"
  | "mfaPhone"
  | "mfaPhoneHint"
  | "mfaSend"
  | "mfaCodeTitle"
  | "mfaCode"
  | "mfaVerify"
  | "mfaResend"
  | "signedInTitle"
  | "signedInAs"
  | "addPasskey"
  | "signOut"
  | "linkSent"
  | "signedInBack"
  | "alreadySignedIn"
  | "signingIn"
  | "signedOut"
  | "passkeyAdded"
  | "enterEmail";

export const loginCatalog: Catalog<LoginKey> = {
  en: {
    language: "Language",
    signIn: "Sign in",
    signInTo: "Sign in to {name}",
    loading: "Loading…",
    notFound: "This sign-in page does not exist. Check the link you followed, or go back to the app and try again.",
    notFoundTitle: "Page not found",
    waysToSignIn: "Ways to sign in",
    email: "E-mail address",
    sendLink: "E-mail me a sign-in link",
    or: "or",
    passkey: "Sign in with a passkey",
    noMethods: "No way to sign in is turned on for this app yet.",
    continueWith: "Continue with {provider}",
    mfaEnrollTitle: "Add a phone for sign-in codes",
    mfaPhone: "Mobile phone number",
    mfaPhoneHint: "International format: a plus sign, the country code, then the number (for example +44 7700 900123 as +447700900123).",
    mfaSend: "Text me a code",
    mfaCodeTitle: "Enter the code we texted you",
    mfaCode: "Code",
    mfaVerify: "Verify",
    mfaResend: "Send a new code",
    signedInTitle: "You are signed in",
    signedInAs: "Signed in as",
    addPasskey: "Add a passkey",
    signOut: "Sign out",
    linkSent: "If {email} can sign in here, a sign-in link is on its way. Open it on this device within 15 minutes.",
    signedInBack: "Signed in. Taking you back to the app…",
    alreadySignedIn: "You are already signed in. Taking you back to the app…",
    signingIn: "Signing you in…",
    signedOut: "You are signed out.",
    passkeyAdded: "Passkey added. Next time, choose “Sign in with a passkey”.",
    enterEmail: "Please enter your e-mail address, such as name@example.com.",
  },
  ko: {
    language: "언어",
    signIn: "로그인",
    signInTo: "{name}에 로그인",
    loading: "불러오는 중…",
    notFound: "이 로그인 페이지는 존재하지 않습니다. 링크를 확인하거나 앱으로 돌아가 다시 시도해 주세요.",
    notFoundTitle: "페이지를 찾을 수 없습니다",
    waysToSignIn: "로그인 방법",
    email: "이메일 주소",
    sendLink: "로그인 링크를 이메일로 받기",
    or: "또는",
    passkey: "패스키로 로그인",
    noMethods: "이 앱에는 아직 사용할 수 있는 로그인 방법이 없습니다.",
    continueWith: "{provider}(으)로 계속하기",
    mfaEnrollTitle: "로그인 코드를 받을 휴대전화 추가",
    mfaPhone: "휴대전화 번호",
    mfaPhoneHint: "국제 형식: 더하기 기호, 국가 번호, 번호 순서로 입력합니다 (예: 010-1234-5678은 +821012345678).",
    mfaSend: "문자로 코드 받기",
    mfaCodeTitle: "문자로 받은 코드를 입력하세요",
    mfaCode: "코드",
    mfaVerify: "확인",
    mfaResend: "새 코드 보내기",
    signedInTitle: "로그인되었습니다",
    signedInAs: "로그인한 계정",
    addPasskey: "패스키 추가",
    signOut: "로그아웃",
    linkSent: "{email}(으)로 로그인할 수 있다면 로그인 링크가 곧 도착합니다. 15분 안에 이 기기에서 열어 주세요.",
    signedInBack: "로그인되었습니다. 앱으로 돌아가는 중…",
    alreadySignedIn: "이미 로그인되어 있습니다. 앱으로 돌아가는 중…",
    signingIn: "로그인하는 중…",
    signedOut: "로그아웃되었습니다.",
    passkeyAdded: "패스키가 추가되었습니다. 다음에는 “패스키로 로그인”을 선택하세요.",
    enterEmail: "name@example.com과 같은 이메일 주소를 입력해 주세요.",
  },
  ja: {
    language: "言語",
    signIn: "サインイン",
    signInTo: "{name} にサインイン",
    loading: "読み込み中…",
    notFound: "このサインインページは存在しません。リンクを確認するか、アプリに戻ってもう一度お試しください。",
    notFoundTitle: "ページが見つかりません",
    waysToSignIn: "サインイン方法",
    email: "メールアドレス",
    sendLink: "サインインリンクをメールで受け取る",
    or: "または",
    passkey: "パスキーでサインイン",
    noMethods: "このアプリではまだサインイン方法が有効になっていません。",
    continueWith: "{provider} で続行",
    mfaEnrollTitle: "サインインコード用の電話番号を追加",
    mfaPhone: "携帯電話番号",
    mfaPhoneHint: "国際形式: プラス記号、国番号、番号の順に入力します (例: 090-1234-5678 は +819012345678)。",
    mfaSend: "SMS でコードを受け取る",
    mfaCodeTitle: "SMS で届いたコードを入力してください",
    mfaCode: "コード",
    mfaVerify: "確認",
    mfaResend: "新しいコードを送信",
    signedInTitle: "サインインしました",
    signedInAs: "サインイン中のアカウント",
    addPasskey: "パスキーを追加",
    signOut: "サインアウト",
    linkSent: "{email} でサインインできる場合、サインインリンクをお送りしました。15 分以内にこの端末で開いてください。",
    signedInBack: "サインインしました。アプリに戻っています…",
    alreadySignedIn: "すでにサインインしています。アプリに戻っています…",
    signingIn: "サインインしています…",
    signedOut: "サインアウトしました。",
    passkeyAdded: "パスキーを追加しました。次回は「パスキーでサインイン」を選んでください。",
    enterEmail: "name@example.com のようなメールアドレスを入力してください。",
  },
};
