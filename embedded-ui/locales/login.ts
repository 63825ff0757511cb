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
  | "enterEmail"
  | "botCheckLoadFailed"
  | "botCheckFirst"
  | "yourAccount"
  | "mfaResendIn"
  | "mfaPhoneFormat"
  | "mfaEnterCode"
  | "signInTooLong"
  | "newCodeSent"
  | "providerIncomplete"
  | "linkIncomplete"
  | "pageMissing"
  | "passkeyCancelled"
  | "passkeyUnavailable"
  | "somethingWrong"
  | "codeWrong"
  | "codeWrongOneLeft"
  | "codeWrongLeft"
  | "check.email"
  | "check.phone"
  | "check.code"
  | "check.turnstileToken"
  | "error.network"
  | "error.rate_limited"
  | "error.method_disabled"
  | "error.bot_check_failed"
  | "error.invalid_token"
  | "error.token_used"
  | "error.token_expired"
  | "error.token_application_mismatch"
  | "error.redirect_not_allowed"
  | "error.end_user_disabled"
  | "error.signing_key_missing"
  | "error.invalid_access_token"
  | "error.passkey_unknown"
  | "error.passkey_verification_failed"
  | "error.passkey_origin_not_allowed"
  | "error.passkey_already_registered"
  | "error.passkey_limit_reached"
  | "error.invalid_number"
  | "error.region_not_supported"
  | "error.send_failed"
  | "error.region_daily_limit"
  | "error.region_fuse"
  | "error.cooldown"
  | "error.mfa_locked"
  | "error.mfa_code_not_sent"
  | "error.mfa_phone_required"
  | "error.mfa_mode_mismatch"
  | "error.not_found";

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
    botCheckLoadFailed: "The bot check could not load. Reload the page to try again.",
    botCheckFirst: "Please complete the bot check first.",
    yourAccount: "your account",
    mfaResendIn: "Send a new code (in {seconds} s)",
    mfaPhoneFormat: "Write the number in international format: a plus sign, the country code, then the number (such as +14155550123).",
    mfaEnterCode: "Please enter the code from the text message.",
    signInTooLong: "This sign-in took too long. Please start again.",
    newCodeSent: "A new code is on its way.",
    providerIncomplete: "Signing in with that provider did not complete. Please try again.",
    linkIncomplete: "This sign-in link is incomplete. Ask for a new one.",
    pageMissing: "This sign-in page does not exist.",
    passkeyCancelled: "The passkey request was cancelled or timed out.",
    passkeyUnavailable: "Your browser could not use a passkey here.",
    somethingWrong: "Something went wrong. Please try again.",
    codeWrong: "That code is not right.",
    codeWrongOneLeft: "That code is not right. 1 try left.",
    codeWrongLeft: "That code is not right. {count} tries left.",
    "check.email": "Please check the e-mail address.",
    "check.phone": "Please check the phone number.",
    "check.code": "Please check the code.",
    "check.turnstileToken": "Please check the bot check.",
    "error.network": "We could not reach the server. Check your connection and try again.",
    "error.rate_limited": "Too many attempts. Please wait a minute and try again.",
    "error.method_disabled": "This way of signing in is turned off for this app.",
    "error.bot_check_failed": "The bot check did not pass. Please complete it and try again.",
    "error.invalid_token": "This sign-in link is not valid. Ask for a new one.",
    "error.token_used": "This sign-in link was already used. Ask for a new one.",
    "error.token_expired": "This sign-in link has expired. Ask for a new one.",
    "error.token_application_mismatch": "This sign-in link was made for another app.",
    "error.redirect_not_allowed": "The app asked to return to an address it has not registered.",
    "error.end_user_disabled": "This account is disabled. Contact the app's support team.",
    "error.signing_key_missing": "Signing in to this app is not possible right now. Please try again later.",
    "error.invalid_access_token": "Your session has ended. Please sign in again.",
    "error.passkey_unknown": "This passkey is not registered for this app. Sign in another way, then add it.",
    "error.passkey_verification_failed": "The passkey could not be verified. Please try again.",
    "error.passkey_origin_not_allowed": "Passkeys cannot be used on this page for this app.",
    "error.passkey_already_registered": "This passkey is already registered.",
    "error.passkey_limit_reached": "You have as many passkeys as allowed. Remove one in the app first.",
    "error.invalid_number": "This phone number is not valid. Write it in international format, such as +14155550123.",
    "error.region_not_supported": "We cannot send text messages to this country or region.",
    "error.send_failed": "The text message could not be sent. Please try again later.",
    "error.region_daily_limit": "This number has received as many codes as allowed today. Try again tomorrow.",
    "error.region_fuse": "Codes to this region are paused for today. Try again tomorrow.",
    "error.cooldown": "A code was just sent. Please wait a minute before asking for another.",
    "error.mfa_locked": "Too many wrong codes. Please start signing in again.",
    "error.mfa_code_not_sent": "No code has been sent yet. Ask for a new code.",
    "error.mfa_phone_required": "Enter your phone number first.",
    "error.mfa_mode_mismatch": "This sign-in already has a phone. Enter the code we texted you.",
    "error.not_found": "This app could not be found.",
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
    botCheckLoadFailed: "봇 확인을 불러오지 못했습니다. 페이지를 새로고침한 뒤 다시 시도해 주세요.",
    botCheckFirst: "먼저 봇 확인을 완료해 주세요.",
    yourAccount: "내 계정",
    mfaResendIn: "새 코드 보내기 ({seconds}초 후)",
    mfaPhoneFormat: "국제 형식으로 입력해 주세요: 더하기 기호, 국가 번호, 번호 순서입니다 (예: +821012345678).",
    mfaEnterCode: "문자로 받은 코드를 입력해 주세요.",
    signInTooLong: "로그인 시간이 너무 오래 걸렸습니다. 처음부터 다시 시작해 주세요.",
    newCodeSent: "새 코드를 보냈습니다.",
    providerIncomplete: "해당 서비스로 로그인을 완료하지 못했습니다. 다시 시도해 주세요.",
    linkIncomplete: "이 로그인 링크는 완전하지 않습니다. 새 링크를 요청해 주세요.",
    pageMissing: "이 로그인 페이지는 존재하지 않습니다.",
    passkeyCancelled: "패스키 요청이 취소되었거나 시간이 초과되었습니다.",
    passkeyUnavailable: "이 브라우저에서는 여기서 패스키를 사용할 수 없습니다.",
    somethingWrong: "문제가 발생했습니다. 다시 시도해 주세요.",
    codeWrong: "코드가 올바르지 않습니다.",
    codeWrongOneLeft: "코드가 올바르지 않습니다. 1번 더 시도할 수 있습니다.",
    codeWrongLeft: "코드가 올바르지 않습니다. {count}번 더 시도할 수 있습니다.",
    "check.email": "이메일 주소를 확인해 주세요.",
    "check.phone": "전화번호를 확인해 주세요.",
    "check.code": "코드를 확인해 주세요.",
    "check.turnstileToken": "봇 확인을 다시 확인해 주세요.",
    "error.network": "서버에 연결할 수 없습니다. 인터넷 연결을 확인한 뒤 다시 시도해 주세요.",
    "error.rate_limited": "시도 횟수가 너무 많습니다. 1분 정도 기다린 뒤 다시 시도해 주세요.",
    "error.method_disabled": "이 앱에서는 이 로그인 방법이 꺼져 있습니다.",
    "error.bot_check_failed": "봇 확인을 통과하지 못했습니다. 다시 완료한 뒤 시도해 주세요.",
    "error.invalid_token": "유효하지 않은 로그인 링크입니다. 새 링크를 요청해 주세요.",
    "error.token_used": "이미 사용된 로그인 링크입니다. 새 링크를 요청해 주세요.",
    "error.token_expired": "만료된 로그인 링크입니다. 새 링크를 요청해 주세요.",
    "error.token_application_mismatch": "이 로그인 링크는 다른 앱을 위한 것입니다.",
    "error.redirect_not_allowed": "앱이 등록되지 않은 주소로 돌아가려고 했습니다.",
    "error.end_user_disabled": "이 계정은 사용이 중지되었습니다. 앱의 고객 지원팀에 문의해 주세요.",
    "error.signing_key_missing": "지금은 이 앱에 로그인할 수 없습니다. 나중에 다시 시도해 주세요.",
    "error.invalid_access_token": "세션이 종료되었습니다. 다시 로그인해 주세요.",
    "error.passkey_unknown": "이 앱에 등록되지 않은 패스키입니다. 다른 방법으로 로그인한 뒤 추가해 주세요.",
    "error.passkey_verification_failed": "패스키를 확인하지 못했습니다. 다시 시도해 주세요.",
    "error.passkey_origin_not_allowed": "이 페이지에서는 이 앱의 패스키를 사용할 수 없습니다.",
    "error.passkey_already_registered": "이미 등록된 패스키입니다.",
    "error.passkey_limit_reached": "등록할 수 있는 패스키 수를 모두 사용했습니다. 먼저 앱에서 하나를 삭제해 주세요.",
    "error.invalid_number": "올바른 전화번호가 아닙니다. +821012345678과 같은 국제 형식으로 입력해 주세요.",
    "error.region_not_supported": "이 국가나 지역으로는 문자를 보낼 수 없습니다.",
    "error.send_failed": "문자를 보내지 못했습니다. 나중에 다시 시도해 주세요.",
    "error.region_daily_limit": "이 번호로 오늘 받을 수 있는 코드를 모두 받았습니다. 내일 다시 시도해 주세요.",
    "error.region_fuse": "이 지역으로의 코드 발송이 오늘은 중지되었습니다. 내일 다시 시도해 주세요.",
    "error.cooldown": "방금 코드를 보냈습니다. 1분 정도 기다린 뒤 다시 요청해 주세요.",
    "error.mfa_locked": "잘못된 코드를 너무 많이 입력했습니다. 로그인을 처음부터 다시 시작해 주세요.",
    "error.mfa_code_not_sent": "아직 보낸 코드가 없습니다. 새 코드를 요청해 주세요.",
    "error.mfa_phone_required": "먼저 전화번호를 입력해 주세요.",
    "error.mfa_mode_mismatch": "이 로그인에는 이미 전화번호가 있습니다. 문자로 받은 코드를 입력해 주세요.",
    "error.not_found": "이 앱을 찾을 수 없습니다.",
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
    botCheckLoadFailed: "ボット確認を読み込めませんでした。ページを再読み込みしてもう一度お試しください。",
    botCheckFirst: "先にボット確認を完了してください。",
    yourAccount: "あなたのアカウント",
    mfaResendIn: "新しいコードを送信 ({seconds} 秒後)",
    mfaPhoneFormat: "国際形式で入力してください: プラス記号、国番号、番号の順です (例: +819012345678)。",
    mfaEnterCode: "SMS で届いたコードを入力してください。",
    signInTooLong: "サインインに時間がかかりすぎました。最初からやり直してください。",
    newCodeSent: "新しいコードを送信しました。",
    providerIncomplete: "そのサービスでのサインインが完了しませんでした。もう一度お試しください。",
    linkIncomplete: "このサインインリンクは不完全です。新しいリンクをリクエストしてください。",
    pageMissing: "このサインインページは存在しません。",
    passkeyCancelled: "パスキーのリクエストがキャンセルされたか、時間切れになりました。",
    passkeyUnavailable: "このブラウザではここでパスキーを使えません。",
    somethingWrong: "問題が発生しました。もう一度お試しください。",
    codeWrong: "コードが正しくありません。",
    codeWrongOneLeft: "コードが正しくありません。残り 1 回です。",
    codeWrongLeft: "コードが正しくありません。残り {count} 回です。",
    "check.email": "メールアドレスを確認してください。",
    "check.phone": "電話番号を確認してください。",
    "check.code": "コードを確認してください。",
    "check.turnstileToken": "ボット確認をもう一度行ってください。",
    "error.network": "サーバーに接続できませんでした。接続を確認してもう一度お試しください。",
    "error.rate_limited": "試行回数が多すぎます。1 分ほど待ってからもう一度お試しください。",
    "error.method_disabled": "このアプリではこのサインイン方法が無効になっています。",
    "error.bot_check_failed": "ボット確認に合格しませんでした。もう一度完了してからお試しください。",
    "error.invalid_token": "このサインインリンクは無効です。新しいリンクをリクエストしてください。",
    "error.token_used": "このサインインリンクは使用済みです。新しいリンクをリクエストしてください。",
    "error.token_expired": "このサインインリンクは期限切れです。新しいリンクをリクエストしてください。",
    "error.token_application_mismatch": "このサインインリンクは別のアプリ用です。",
    "error.redirect_not_allowed": "アプリが登録されていないアドレスに戻ろうとしました。",
    "error.end_user_disabled": "このアカウントは無効になっています。アプリのサポートにお問い合わせください。",
    "error.signing_key_missing": "現在このアプリにはサインインできません。しばらくしてからもう一度お試しください。",
    "error.invalid_access_token": "セッションが終了しました。もう一度サインインしてください。",
    "error.passkey_unknown": "このパスキーはこのアプリに登録されていません。別の方法でサインインしてから追加してください。",
    "error.passkey_verification_failed": "パスキーを確認できませんでした。もう一度お試しください。",
    "error.passkey_origin_not_allowed": "このページではこのアプリのパスキーを使えません。",
    "error.passkey_already_registered": "このパスキーはすでに登録されています。",
    "error.passkey_limit_reached": "登録できるパスキーの上限に達しています。先にアプリで 1 つ削除してください。",
    "error.invalid_number": "電話番号が正しくありません。+819012345678 のような国際形式で入力してください。",
    "error.region_not_supported": "この国または地域には SMS を送信できません。",
    "error.send_failed": "SMS を送信できませんでした。しばらくしてからもう一度お試しください。",
    "error.region_daily_limit": "この番号が今日受け取れるコードの上限に達しました。明日もう一度お試しください。",
    "error.region_fuse": "この地域へのコード送信は今日は停止されています。明日もう一度お試しください。",
    "error.cooldown": "コードを送信したばかりです。1 分ほど待ってから再度リクエストしてください。",
    "error.mfa_locked": "誤ったコードの入力が多すぎます。サインインを最初からやり直してください。",
    "error.mfa_code_not_sent": "まだコードが送信されていません。新しいコードをリクエストしてください。",
    "error.mfa_phone_required": "先に電話番号を入力してください。",
    "error.mfa_mode_mismatch": "このサインインにはすでに電話番号があります。SMS で届いたコードを入力してください。",
    "error.not_found": "このアプリが見つかりませんでした。",
  },
};
