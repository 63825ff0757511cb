/** The dashboard shell's words: the header, the navigation and the language switcher. */
import type { Catalog } from "../../i18n";

type ShellKey =
  | "skipToContent"
  | "language"
  | "apiReference"
  | "devMailbox"
  | "signOut"
  | "orgOrAccount"
  | "chooseOrg"
  | "organizations"
  | "createOrg"
  | "switchLinked"
  | "orgPages"
  | "nav.overview"
  | "nav.members"
  | "nav.roles"
  | "nav.serviceAccounts"
  | "nav.badges"
  | "nav.teams"
  | "nav.orgChart"
  | "nav.approvals"
  | "nav.board"
  | "nav.meetings"
  | "nav.keys"
  | "nav.apps"
  | "nav.files"
  | "nav.audit"
  | "nav.analytics"
  | "nav.sso"
  | "nav.billing"
  | "nav.settings"
  | "nav.agents"
  | "nav.integrations"
  | "nav.webhooks"
  | "nav.monetization"
  | "nav.koreanPackage";

export const shellCatalog: Catalog<ShellKey> = {
  en: {
    skipToContent: "Skip to content",
    language: "Language",
    apiReference: "API reference",
    devMailbox: "Dev mailbox",
    signOut: "Sign out",
    orgOrAccount: "Organization or account",
    chooseOrg: "Choose an organization…",
    organizations: "Organizations",
    createOrg: "+ Create an organization",
    switchLinked: "Switch to a linked account",
    orgPages: "{name} pages",
    "nav.overview": "Overview",
    "nav.members": "Members",
    "nav.roles": "Roles",
    "nav.serviceAccounts": "Service accounts",
    "nav.badges": "Badges",
    "nav.teams": "Teams",
    "nav.orgChart": "Org chart",
    "nav.approvals": "Approvals",
    "nav.board": "Board",
    "nav.meetings": "Meetings",
    "nav.keys": "API & keys",
    "nav.apps": "Apps",
    "nav.files": "Files",
    "nav.audit": "Audit log",
    "nav.analytics": "Analytics",
    "nav.sso": "SSO & SCIM",
    "nav.billing": "Billing",
    "nav.settings": "Settings",
    "nav.agents": "Agents",
    "nav.integrations": "Integrations",
    "nav.webhooks": "Webhooks",
    "nav.monetization": "Monetization",
    "nav.koreanPackage": "Korean package",
  },
  ko: {
    skipToContent: "본문으로 건너뛰기",
    language: "언어",
    apiReference: "API 문서",
    devMailbox: "개발용 메일함",
    signOut: "로그아웃",
    orgOrAccount: "조직 또는 계정",
    chooseOrg: "조직을 선택하세요…",
    organizations: "조직",
    createOrg: "+ 조직 만들기",
    switchLinked: "연결된 계정으로 전환",
    orgPages: "{name} 페이지",
    "nav.overview": "개요",
    "nav.members": "구성원",
    "nav.roles": "역할",
    "nav.serviceAccounts": "서비스 계정",
    "nav.badges": "배지",
    "nav.teams": "팀",
    "nav.orgChart": "조직도",
    "nav.approvals": "결재",
    "nav.board": "이사회",
    "nav.meetings": "회의",
    "nav.keys": "API 및 키",
    "nav.apps": "앱",
    "nav.files": "파일",
    "nav.audit": "감사 로그",
    "nav.analytics": "분석",
    "nav.sso": "SSO 및 SCIM",
    "nav.billing": "결제",
    "nav.settings": "설정",
    "nav.agents": "에이전트",
    "nav.integrations": "연동",
    "nav.webhooks": "웹훅",
    "nav.monetization": "수익화",
    "nav.koreanPackage": "한국 패키지",
  },
  ja: {
    skipToContent: "本文へスキップ",
    language: "言語",
    apiReference: "API リファレンス",
    devMailbox: "開発用メールボックス",
    signOut: "サインアウト",
    orgOrAccount: "組織またはアカウント",
    chooseOrg: "組織を選択…",
    organizations: "組織",
    createOrg: "+ 組織を作成",
    switchLinked: "リンクしたアカウントに切り替え",
    orgPages: "{name} のページ",
    "nav.overview": "概要",
    "nav.members": "メンバー",
    "nav.roles": "ロール",
    "nav.serviceAccounts": "サービスアカウント",
    "nav.badges": "バッジ",
    "nav.teams": "チーム",
    "nav.orgChart": "組織図",
    "nav.approvals": "承認",
    "nav.board": "取締役会",
    "nav.meetings": "会議",
    "nav.keys": "API とキー",
    "nav.apps": "アプリ",
    "nav.files": "ファイル",
    "nav.audit": "監査ログ",
    "nav.analytics": "分析",
    "nav.sso": "SSO と SCIM",
    "nav.billing": "請求",
    "nav.settings": "設定",
    "nav.agents": "エージェント",
    "nav.integrations": "連携",
    "nav.webhooks": "Webhook",
    "nav.monetization": "収益化",
    "nav.koreanPackage": "韓国パッケージ",
  },
};
