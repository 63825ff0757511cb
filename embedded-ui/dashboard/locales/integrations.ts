/** The Integrations page's words (pages/integrations.tsx); connectors name and describe themselves. */
import type { Catalog } from "../../i18n";

type IntegrationsKey =
  | "integrations.title"
  | "integrations.connectors"
  | "integrations.connectorsWhat"
  | "integrations.setUp"
  | "integrations.setUpLabel"
  | "integrations.connect"
  | "integrations.fieldsWhat"
  | "integrations.saveFields"
  | "integrations.enable"
  | "integrations.enabled"
  | "integrations.choose"
  | "integrations.connectionWhat"
  | "integrations.status.enabled"
  | "integrations.status.disconnected"
  | "integrations.status.not_connected"
  | "integrations.received"
  | "integrations.last"
  | "integrations.sendsTo"
  | "integrations.sendsToNoSecret"
  | "integrations.disconnect"
  | "integrations.disconnected"
  | "integrations.sealedWhich"
  | "integrations.typesWhat"
  | "integrations.arrived"
  | "integrations.inboundWhat"
  | "integrations.nothingArrived"
  | "integrations.sealed"
  | "integrations.structure"
  | "integrations.structureHint"
  | "integrations.structureWhat"
  | "integrations.summary"
  | "integrations.unitPeople"
  | "integrations.materialized"
  | "integrations.materialize"
  | "integrations.materializing"
  | "integrations.requestTitle"
  | "integrations.request"
  | "integrations.requested"
  | "integrations.connector"
  | "integrations.hr"
  | "integrations.ticketing"
  | "integrations.why"
  | "integrations.mineWhat"
  | "integrations.request.pending"
  | "integrations.request.approved"
  | "integrations.request.denied"
  | "integrations.decideTitle"
  | "integrations.pendingWhat"
  | "integrations.noPending"
  | "integrations.approve"
  | "integrations.approved"
  | "integrations.deny"
  | "integrations.denied";

export const integrationsCatalog: Catalog<IntegrationsKey> = {
  en: {
    "integrations.title": "Integrations",
    "integrations.connectors": "Connectors",
    "integrations.connectorsWhat": "connectors",
    "integrations.setUp": "Set up",
    "integrations.setUpLabel": "Set up {name}",
    "integrations.connect": "1. Connect {name}",
    "integrations.fieldsWhat": "fields",
    "integrations.saveFields": "Save fields",
    "integrations.enable": "Enable",
    "integrations.enabled": "Connector enabled.",
    "integrations.choose": "Choose…",
    "integrations.connectionWhat": "the connection",
    "integrations.status.enabled": "enabled",
    "integrations.status.disconnected": "disconnected",
    "integrations.status.not_connected": "not connected",
    "integrations.received": " · {count} events received",
    "integrations.last": ", last {time}",
    "integrations.sendsTo": ". The connector sends to {url}, signed with the webhook secret.",
    "integrations.sendsToNoSecret": ". The connector sends to {url}, signed with the webhook secret (generate it under API & keys first).",
    "integrations.disconnect": "Disconnect",
    "integrations.disconnected": "Connector disconnected.",
    "integrations.sealedWhich": "2. Which inbound events are sealed",
    "integrations.typesWhat": "event types",
    "integrations.arrived": "3. What arrived",
    "integrations.inboundWhat": "inbound events",
    "integrations.nothingArrived": "Nothing has arrived yet.",
    "integrations.sealed": "sealed",
    "integrations.structure": "4. Org structure",
    "integrations.structureHint": "Teams and reporting lines are created only when you materialize (Owner or Admin), all at once; they never follow the directory on their own.",
    "integrations.structureWhat": "the org structure",
    "integrations.summary": "{people} people, {matched} matched to members by e-mail, {unmatched} not.",
    "integrations.unitPeople": "({count} people)",
    "integrations.materialized": "{teams} teams created, {people} people placed, {edges} reporting lines added.",
    "integrations.materialize": "Materialize the org structure",
    "integrations.materializing": "Materializing the org structure",
    "integrations.requestTitle": "Request access for a connector",
    "integrations.request": "Request access",
    "integrations.requested": "Access requested.",
    "integrations.connector": "Connector",
    "integrations.hr": "HR directory",
    "integrations.ticketing": "Ticketing",
    "integrations.why": "Why (optional)",
    "integrations.mineWhat": "your requests",
    "integrations.request.pending": "pending",
    "integrations.request.approved": "approved",
    "integrations.request.denied": "denied",
    "integrations.decideTitle": "Access requests to decide",
    "integrations.pendingWhat": "access requests",
    "integrations.noPending": "No pending requests.",
    "integrations.approve": "Approve",
    "integrations.approved": "Request approved.",
    "integrations.deny": "Deny",
    "integrations.denied": "Request denied.",
  },
  ko: {
    "integrations.title": "연동",
    "integrations.connectors": "커넥터",
    "integrations.connectorsWhat": "커넥터",
    "integrations.setUp": "설정",
    "integrations.setUpLabel": "{name} 설정",
    "integrations.connect": "1. {name} 연결",
    "integrations.fieldsWhat": "입력 항목",
    "integrations.saveFields": "항목 저장",
    "integrations.enable": "사용",
    "integrations.enabled": "커넥터를 사용하도록 설정했습니다.",
    "integrations.choose": "선택하세요…",
    "integrations.connectionWhat": "연결 상태",
    "integrations.status.enabled": "사용 중",
    "integrations.status.disconnected": "연결 해제됨",
    "integrations.status.not_connected": "연결 안 됨",
    "integrations.received": " · 이벤트 {count}건 수신",
    "integrations.last": ", 마지막 {time}",
    "integrations.sendsTo": ". 커넥터는 {url}(으)로 보내며, 웹훅 비밀 키로 서명합니다.",
    "integrations.sendsToNoSecret": ". 커넥터는 {url}(으)로 보내며, 웹훅 비밀 키로 서명합니다 (먼저 API 및 키에서 생성하세요).",
    "integrations.disconnect": "연결 해제",
    "integrations.disconnected": "커넥터 연결을 해제했습니다.",
    "integrations.sealedWhich": "2. 봉인할 수신 이벤트",
    "integrations.typesWhat": "이벤트 유형",
    "integrations.arrived": "3. 수신한 내용",
    "integrations.inboundWhat": "수신 이벤트",
    "integrations.nothingArrived": "아직 받은 것이 없습니다.",
    "integrations.sealed": "봉인됨",
    "integrations.structure": "4. 조직 구조",
    "integrations.structureHint": "팀과 보고 라인은 반영(소유자 또는 관리자)할 때에만 한꺼번에 만들어지며, 디렉터리를 저절로 따라가지 않습니다.",
    "integrations.structureWhat": "조직 구조",
    "integrations.summary": "{people}명 중 {matched}명은 이메일로 구성원과 일치하고, {unmatched}명은 일치하지 않습니다.",
    "integrations.unitPeople": "({count}명)",
    "integrations.materialized": "팀 {teams}개를 만들고, {people}명을 배치하고, 보고 라인 {edges}개를 추가했습니다.",
    "integrations.materialize": "조직 구조 반영",
    "integrations.materializing": "조직 구조 반영 중",
    "integrations.requestTitle": "커넥터 접근 요청",
    "integrations.request": "접근 요청",
    "integrations.requested": "접근을 요청했습니다.",
    "integrations.connector": "커넥터",
    "integrations.hr": "인사 디렉터리",
    "integrations.ticketing": "티켓 관리",
    "integrations.why": "사유 (선택)",
    "integrations.mineWhat": "내 요청",
    "integrations.request.pending": "대기 중",
    "integrations.request.approved": "승인됨",
    "integrations.request.denied": "거절됨",
    "integrations.decideTitle": "결정할 접근 요청",
    "integrations.pendingWhat": "접근 요청",
    "integrations.noPending": "대기 중인 요청이 없습니다.",
    "integrations.approve": "승인",
    "integrations.approved": "요청을 승인했습니다.",
    "integrations.deny": "거절",
    "integrations.denied": "요청을 거절했습니다.",
  },
  ja: {
    "integrations.title": "連携",
    "integrations.connectors": "コネクター",
    "integrations.connectorsWhat": "コネクター",
    "integrations.setUp": "設定",
    "integrations.setUpLabel": "{name} を設定",
    "integrations.connect": "1. {name} を接続",
    "integrations.fieldsWhat": "入力項目",
    "integrations.saveFields": "項目を保存",
    "integrations.enable": "有効にする",
    "integrations.enabled": "コネクターを有効にしました。",
    "integrations.choose": "選択…",
    "integrations.connectionWhat": "接続",
    "integrations.status.enabled": "有効",
    "integrations.status.disconnected": "切断済み",
    "integrations.status.not_connected": "未接続",
    "integrations.received": " · {count} 件のイベントを受信",
    "integrations.last": "、最終 {time}",
    "integrations.sendsTo": "。コネクターは {url} に送信し、Webhook シークレットで署名します。",
    "integrations.sendsToNoSecret": "。コネクターは {url} に送信し、Webhook シークレットで署名します (先に API とキーで生成してください)。",
    "integrations.disconnect": "切断",
    "integrations.disconnected": "コネクターを切断しました。",
    "integrations.sealedWhich": "2. 封印する受信イベント",
    "integrations.typesWhat": "イベントの種類",
    "integrations.arrived": "3. 受信した内容",
    "integrations.inboundWhat": "受信イベント",
    "integrations.nothingArrived": "まだ何も受信していません。",
    "integrations.sealed": "封印済み",
    "integrations.structure": "4. 組織構造",
    "integrations.structureHint": "チームとレポートラインは反映 (オーナーまたは管理者) したときにだけ一度に作成され、ディレクトリに自動で追従することはありません。",
    "integrations.structureWhat": "組織構造",
    "integrations.summary": "{people} 人のうち {matched} 人がメールでメンバーと一致し、{unmatched} 人は一致しません。",
    "integrations.unitPeople": "({count} 人)",
    "integrations.materialized": "{teams} 件のチームを作成し、{people} 人を配置し、{edges} 本のレポートラインを追加しました。",
    "integrations.materialize": "組織構造を反映",
    "integrations.materializing": "組織構造を反映中",
    "integrations.requestTitle": "コネクターへのアクセスを申請",
    "integrations.request": "アクセスを申請",
    "integrations.requested": "アクセスを申請しました。",
    "integrations.connector": "コネクター",
    "integrations.hr": "人事ディレクトリ",
    "integrations.ticketing": "チケット管理",
    "integrations.why": "理由 (任意)",
    "integrations.mineWhat": "自分の申請",
    "integrations.request.pending": "保留中",
    "integrations.request.approved": "承認済み",
    "integrations.request.denied": "却下",
    "integrations.decideTitle": "判断が必要なアクセス申請",
    "integrations.pendingWhat": "アクセス申請",
    "integrations.noPending": "保留中の申請はありません。",
    "integrations.approve": "承認",
    "integrations.approved": "申請を承認しました。",
    "integrations.deny": "却下",
    "integrations.denied": "申請を却下しました。",
  },
};
