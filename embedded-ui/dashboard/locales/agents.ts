/** The Agents page's words (pages/agents.tsx). */
import type { Catalog } from "../../i18n";

type AgentsKey =
  | "agents.kind.test"
  | "agents.kind.design"
  | "agents.kind.db"
  | "agents.kind.api"
  | "agents.kind.infra"
  | "agents.kind.custom"
  | "agents.title"
  | "agents.intro"
  | "agents.groupsWhat"
  | "agents.noGroups"
  | "agents.appGroup"
  | "agents.nobody"
  | "agents.credentialTitle"
  | "agents.credentialHint"
  | "agents.roster"
  | "agents.agentsWhat"
  | "agents.none"
  | "agents.agent"
  | "agents.status"
  | "agents.operator"
  | "agents.actions"
  | "agents.expires"
  | "agents.credential"
  | "agents.status.active"
  | "agents.status.suspended"
  | "agents.status.revoked"
  | "agents.reason.manual"
  | "agents.reason.expired"
  | "agents.operatorOf"
  | "agents.choosePerson"
  | "agents.issue"
  | "agents.suspend"
  | "agents.suspended"
  | "agents.activate"
  | "agents.activated"
  | "agents.revoke"
  | "agents.revoked"
  | "agents.hireTitle"
  | "agents.hire"
  | "agents.hired"
  | "agents.kind"
  | "agents.name"
  | "agents.expiresLabel"
  | "agents.expiresHint";

export const agentsCatalog: Catalog<AgentsKey> = {
  en: {
    "agents.kind.test": "Test: reads and lists",
    "agents.kind.design": "Design: writes screens",
    "agents.kind.db": "Database: schemas and queries",
    "agents.kind.api": "API: keys and webhooks",
    "agents.kind.infra": "Infrastructure: app settings, clients",
    "agents.kind.custom": "Custom: no scopes until given",
    "agents.title": "Agents",
    "agents.intro": "AI agents act in one app group with a shared kind role, an expiry, and a person as operator: they can do only what both their role and their operator may.",
    "agents.groupsWhat": "app groups",
    "agents.noGroups": "Agents work in an app group: create one under Apps first.",
    "agents.appGroup": "App group",
    "agents.nobody": "nobody yet",
    "agents.credentialTitle": "The agent's credential",
    "agents.credentialHint": "Give it to the agent as its bearer for the MCP server.",
    "agents.roster": "Roster",
    "agents.agentsWhat": "agents",
    "agents.none": "No agents in this app group.",
    "agents.agent": "Agent",
    "agents.status": "Status",
    "agents.operator": "Operator",
    "agents.actions": "Actions",
    "agents.expires": "expires {time}",
    "agents.credential": " · credential {prefix}…",
    "agents.status.active": "active",
    "agents.status.suspended": "suspended",
    "agents.status.revoked": "revoked",
    "agents.reason.manual": "manual",
    "agents.reason.expired": "expired",
    "agents.operatorOf": "Operator of {name}",
    "agents.choosePerson": "Choose a person…",
    "agents.issue": "Issue credential",
    "agents.suspend": "Suspend",
    "agents.suspended": "Agent suspended.",
    "agents.activate": "Activate",
    "agents.activated": "Agent activated.",
    "agents.revoke": "Revoke",
    "agents.revoked": "Agent revoked.",
    "agents.hireTitle": "Hire an agent",
    "agents.hire": "Hire",
    "agents.hired": "Agent hired.",
    "agents.kind": "Kind",
    "agents.name": "Name",
    "agents.expiresLabel": "Expires",
    "agents.expiresHint": "Required: at this time the agent is suspended.",
  },
  ko: {
    "agents.kind.test": "테스트: 읽기와 목록",
    "agents.kind.design": "디자인: 화면 작성",
    "agents.kind.db": "데이터베이스: 스키마와 쿼리",
    "agents.kind.api": "API: 키와 웹훅",
    "agents.kind.infra": "인프라: 앱 설정, 클라이언트",
    "agents.kind.custom": "사용자 지정: 부여하기 전까지 스코프 없음",
    "agents.title": "에이전트",
    "agents.intro": "AI 에이전트는 하나의 앱 그룹에서 종류별 공용 역할, 만료 시각, 운영자(사람)를 가지고 동작합니다. 역할과 운영자 모두에게 허용된 일만 할 수 있습니다.",
    "agents.groupsWhat": "앱 그룹",
    "agents.noGroups": "에이전트는 앱 그룹에서 일합니다. 먼저 앱에서 그룹을 만드세요.",
    "agents.appGroup": "앱 그룹",
    "agents.nobody": "아직 없음",
    "agents.credentialTitle": "에이전트 자격 증명",
    "agents.credentialHint": "MCP 서버용 Bearer로 에이전트에게 전달하세요.",
    "agents.roster": "명단",
    "agents.agentsWhat": "에이전트",
    "agents.none": "이 앱 그룹에 에이전트가 없습니다.",
    "agents.agent": "에이전트",
    "agents.status": "상태",
    "agents.operator": "운영자",
    "agents.actions": "작업",
    "agents.expires": "{time}에 만료",
    "agents.credential": " · 자격 증명 {prefix}…",
    "agents.status.active": "활성",
    "agents.status.suspended": "정지됨",
    "agents.status.revoked": "폐기됨",
    "agents.reason.manual": "수동",
    "agents.reason.expired": "만료",
    "agents.operatorOf": "{name}의 운영자",
    "agents.choosePerson": "사람을 선택하세요…",
    "agents.issue": "자격 증명 발급",
    "agents.suspend": "정지",
    "agents.suspended": "에이전트를 정지했습니다.",
    "agents.activate": "활성화",
    "agents.activated": "에이전트를 활성화했습니다.",
    "agents.revoke": "폐기",
    "agents.revoked": "에이전트를 폐기했습니다.",
    "agents.hireTitle": "에이전트 고용",
    "agents.hire": "고용",
    "agents.hired": "에이전트를 고용했습니다.",
    "agents.kind": "종류",
    "agents.name": "이름",
    "agents.expiresLabel": "만료 시각",
    "agents.expiresHint": "필수: 이 시각에 에이전트가 정지됩니다.",
  },
  ja: {
    "agents.kind.test": "テスト: 読み取りと一覧",
    "agents.kind.design": "デザイン: 画面の作成",
    "agents.kind.db": "データベース: スキーマとクエリ",
    "agents.kind.api": "API: キーと Webhook",
    "agents.kind.infra": "インフラ: アプリ設定、クライアント",
    "agents.kind.custom": "カスタム: 付与するまでスコープなし",
    "agents.title": "エージェント",
    "agents.intro": "AI エージェントはひとつのアプリグループの中で、種類ごとの共通ロール、有効期限、オペレーター (人) を持って動きます。ロールとオペレーターの両方に許されたことだけができます。",
    "agents.groupsWhat": "アプリグループ",
    "agents.noGroups": "エージェントはアプリグループの中で動きます。先にアプリでグループを作成してください。",
    "agents.appGroup": "アプリグループ",
    "agents.nobody": "未設定",
    "agents.credentialTitle": "エージェントの認証情報",
    "agents.credentialHint": "MCP サーバー用の Bearer としてエージェントに渡してください。",
    "agents.roster": "一覧",
    "agents.agentsWhat": "エージェント",
    "agents.none": "このアプリグループにエージェントはいません。",
    "agents.agent": "エージェント",
    "agents.status": "状態",
    "agents.operator": "オペレーター",
    "agents.actions": "操作",
    "agents.expires": "{time} に期限切れ",
    "agents.credential": " · 認証情報 {prefix}…",
    "agents.status.active": "有効",
    "agents.status.suspended": "停止中",
    "agents.status.revoked": "失効済み",
    "agents.reason.manual": "手動",
    "agents.reason.expired": "期限切れ",
    "agents.operatorOf": "{name} のオペレーター",
    "agents.choosePerson": "人を選択…",
    "agents.issue": "認証情報を発行",
    "agents.suspend": "停止",
    "agents.suspended": "エージェントを停止しました。",
    "agents.activate": "有効化",
    "agents.activated": "エージェントを有効にしました。",
    "agents.revoke": "失効",
    "agents.revoked": "エージェントを失効させました。",
    "agents.hireTitle": "エージェントを追加",
    "agents.hire": "追加",
    "agents.hired": "エージェントを追加しました。",
    "agents.kind": "種類",
    "agents.name": "名前",
    "agents.expiresLabel": "有効期限",
    "agents.expiresHint": "必須: この日時にエージェントは停止されます。",
  },
};
