/** The account page's words: passkeys (the Personal Seal), linked accounts and sessions. */
import type { Catalog } from "../../i18n";

type AccountKey =
  | "account.title"
  | "account.passkeys"
  | "account.passkeysIntro"
  | "account.passkeysWhat"
  | "account.noPasskey"
  | "account.noPasskeyHint"
  | "account.name"
  | "account.added"
  | "account.lastUsed"
  | "account.actions"
  | "account.deleteLabel"
  | "account.delete"
  | "account.addPasskey"
  | "account.passkeyName"
  | "account.passkeyPlaceholder"
  | "account.defaultPasskeyName"
  | "account.noPasskeySupport"
  | "account.linked"
  | "account.linkedIntro"
  | "account.linkedWhat"
  | "account.noLinked"
  | "account.linkOutgoing"
  | "account.linkIncoming"
  | "account.unlink"
  | "account.sendLink"
  | "account.linkEmail"
  | "account.linkSent"
  | "account.sessions"
  | "account.sessionsWhat"
  | "account.thisBrowser"
  | "account.anotherBrowser"
  | "account.sinceUntil"
  | "account.end";

export const accountCatalog: Catalog<AccountKey> = {
  en: {
    "account.title": "Your account",
    "account.passkeys": "Passkeys",
    "account.passkeysIntro": "A passkey signs you in without e-mail and is your Personal Seal: it confirms sensitive actions such as the Master Seal or long-lived API keys.",
    "account.passkeysWhat": "passkeys",
    "account.noPasskey": "No passkey yet.",
    "account.noPasskeyHint": "Add one below: your organizations need it to become ready.",
    "account.name": "Name",
    "account.added": "Added",
    "account.lastUsed": "Last used",
    "account.actions": "Actions",
    "account.deleteLabel": "Delete passkey {name}",
    "account.delete": "Delete",
    "account.addPasskey": "Add a passkey",
    "account.passkeyName": "Passkey name",
    "account.passkeyPlaceholder": "Laptop",
    "account.defaultPasskeyName": "Passkey",
    "account.noPasskeySupport": "This browser cannot create passkeys.",
    "account.linked": "Linked accounts",
    "account.linkedIntro": "Link another of your e-mail addresses to switch to it from the organization menu, confirmed with your passkey.",
    "account.linkedWhat": "linked accounts",
    "account.noLinked": "No linked accounts.",
    "account.linkOutgoing": "{email} (you can switch to it) since {time}",
    "account.linkIncoming": "{email} (it can switch to you) since {time}",
    "account.unlink": "Unlink",
    "account.sendLink": "Send a confirmation link",
    "account.linkEmail": "E-mail address to link",
    "account.linkSent": "We mailed a confirmation link to {email}. It works once, for 15 minutes.",
    "account.sessions": "Sessions",
    "account.sessionsWhat": "sessions",
    "account.thisBrowser": "This browser",
    "account.anotherBrowser": "Another browser",
    "account.sinceUntil": " · since {since} · until {until}",
    "account.end": "End",
  },
  ko: {
    "account.title": "내 계정",
    "account.passkeys": "패스키",
    "account.passkeysIntro": "패스키는 이메일 없이 로그인하게 해 주며 나의 개인 인장입니다. 마스터 인장이나 장기 API 키 같은 민감한 작업을 확인합니다.",
    "account.passkeysWhat": "패스키",
    "account.noPasskey": "아직 패스키가 없습니다.",
    "account.noPasskeyHint": "아래에서 추가하세요. 조직이 준비되려면 패스키가 필요합니다.",
    "account.name": "이름",
    "account.added": "추가일",
    "account.lastUsed": "마지막 사용",
    "account.actions": "작업",
    "account.deleteLabel": "패스키 {name} 삭제",
    "account.delete": "삭제",
    "account.addPasskey": "패스키 추가",
    "account.passkeyName": "패스키 이름",
    "account.passkeyPlaceholder": "노트북",
    "account.defaultPasskeyName": "패스키",
    "account.noPasskeySupport": "이 브라우저는 패스키를 만들 수 없습니다.",
    "account.linked": "연결된 계정",
    "account.linkedIntro": "다른 이메일 주소를 연결하면 조직 메뉴에서 그 계정으로 전환할 수 있습니다. 패스키로 확인합니다.",
    "account.linkedWhat": "연결된 계정",
    "account.noLinked": "연결된 계정이 없습니다.",
    "account.linkOutgoing": "{email}(내가 전환할 수 있음) · {time}부터",
    "account.linkIncoming": "{email}(나로 전환할 수 있음) · {time}부터",
    "account.unlink": "연결 해제",
    "account.sendLink": "확인 링크 보내기",
    "account.linkEmail": "연결할 이메일 주소",
    "account.linkSent": "{email}(으)로 확인 링크를 보냈습니다. 15분 동안 한 번 쓸 수 있습니다.",
    "account.sessions": "세션",
    "account.sessionsWhat": "세션",
    "account.thisBrowser": "이 브라우저",
    "account.anotherBrowser": "다른 브라우저",
    "account.sinceUntil": " · {since}부터 · {until}까지",
    "account.end": "종료",
  },
  ja: {
    "account.title": "あなたのアカウント",
    "account.passkeys": "パスキー",
    "account.passkeysIntro": "パスキーを使うとメールなしでサインインでき、あなたの個人シールになります。マスターシールや長期有効な API キーなど、重要な操作を確認します。",
    "account.passkeysWhat": "パスキー",
    "account.noPasskey": "パスキーはまだありません。",
    "account.noPasskeyHint": "下のフォームから追加してください。組織の準備にはパスキーが必要です。",
    "account.name": "名前",
    "account.added": "追加日時",
    "account.lastUsed": "最終使用",
    "account.actions": "操作",
    "account.deleteLabel": "パスキー {name} を削除",
    "account.delete": "削除",
    "account.addPasskey": "パスキーを追加",
    "account.passkeyName": "パスキーの名前",
    "account.passkeyPlaceholder": "ノートパソコン",
    "account.defaultPasskeyName": "パスキー",
    "account.noPasskeySupport": "このブラウザではパスキーを作成できません。",
    "account.linked": "リンクしたアカウント",
    "account.linkedIntro": "別のメールアドレスをリンクすると、組織メニューからそのアカウントに切り替えられます。パスキーで確認します。",
    "account.linkedWhat": "リンクしたアカウント",
    "account.noLinked": "リンクしたアカウントはありません。",
    "account.linkOutgoing": "{email}（あなたから切り替え可能）· {time} から",
    "account.linkIncoming": "{email}（あなたへ切り替え可能）· {time} から",
    "account.unlink": "リンクを解除",
    "account.sendLink": "確認リンクを送信",
    "account.linkEmail": "リンクするメールアドレス",
    "account.linkSent": "{email} に確認リンクを送りました。15 分間、1 回だけ使えます。",
    "account.sessions": "セッション",
    "account.sessionsWhat": "セッション",
    "account.thisBrowser": "このブラウザ",
    "account.anotherBrowser": "別のブラウザ",
    "account.sinceUntil": " · {since} から · {until} まで",
    "account.end": "終了",
  },
};
