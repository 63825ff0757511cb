/** The developer mailbox's words. */
import type { Catalog } from "../../i18n";

type MailboxKey =
  | "mailbox.title"
  | "mailbox.dashboard"
  | "mailbox.devOff"
  | "mailbox.devOffHint"
  | "mailbox.recipient"
  | "mailbox.filter"
  | "mailbox.refresh"
  | "mailbox.what"
  | "mailbox.nothing"
  | "mailbox.nothingHint"
  | "mailbox.mailTo"
  | "mailbox.smsTo";

export const mailboxCatalog: Catalog<MailboxKey> = {
  en: {
    "mailbox.title": "Dev mailbox",
    "mailbox.dashboard": "Dashboard",
    "mailbox.devOff": "Developer mode is off.",
    "mailbox.devOffHint": "Start Signet with SIGNET_DEV=1 (or --dev) to read sign-in links, invitations and codes here instead of over SMTP.",
    "mailbox.recipient": "Recipient (e-mail or phone)",
    "mailbox.filter": "Filter",
    "mailbox.refresh": "Refresh",
    "mailbox.what": "the outbox",
    "mailbox.nothing": "Nothing sent yet.",
    "mailbox.nothingHint": "Ask for a sign-in link on the sign-in page, or invite someone: the message appears here.",
    "mailbox.mailTo": "Mail to",
    "mailbox.smsTo": "SMS to",
  },
  ko: {
    "mailbox.title": "개발용 메일함",
    "mailbox.dashboard": "대시보드",
    "mailbox.devOff": "개발자 모드가 꺼져 있습니다.",
    "mailbox.devOffHint": "SIGNET_DEV=1(또는 --dev)로 Signet을 시작하면 로그인 링크, 초대, 코드를 SMTP 대신 여기에서 읽을 수 있습니다.",
    "mailbox.recipient": "받는 사람(이메일 또는 전화번호)",
    "mailbox.filter": "거르기",
    "mailbox.refresh": "새로 고침",
    "mailbox.what": "보낸 메시지",
    "mailbox.nothing": "아직 보낸 것이 없습니다.",
    "mailbox.nothingHint": "로그인 페이지에서 로그인 링크를 요청하거나 누군가를 초대하면 메시지가 여기에 나타납니다.",
    "mailbox.mailTo": "메일 받는 사람:",
    "mailbox.smsTo": "문자 받는 사람:",
  },
  ja: {
    "mailbox.title": "開発用メールボックス",
    "mailbox.dashboard": "ダッシュボード",
    "mailbox.devOff": "開発者モードはオフです。",
    "mailbox.devOffHint": "SIGNET_DEV=1（または --dev）で Signet を起動すると、サインインリンク、招待、コードを SMTP の代わりにここで読めます。",
    "mailbox.recipient": "宛先（メールまたは電話番号）",
    "mailbox.filter": "絞り込む",
    "mailbox.refresh": "更新",
    "mailbox.what": "送信済みメッセージ",
    "mailbox.nothing": "まだ何も送信されていません。",
    "mailbox.nothingHint": "サインインページでサインインリンクを請求するか、誰かを招待すると、ここにメッセージが表示されます。",
    "mailbox.mailTo": "メールの宛先:",
    "mailbox.smsTo": "SMS の宛先:",
  },
};
