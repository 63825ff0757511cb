/** The audit log page's words (pages/audit.tsx). */
import type { Catalog } from "../../i18n";

type AuditKey =
  | "audit.title"
  | "audit.retentionWhat"
  | "audit.unlimited"
  | "audit.dayOne"
  | "audit.dayOther"
  | "audit.keeps"
  | "audit.keepsSince"
  | "audit.perDay"
  | "audit.statsWhat"
  | "audit.noEventsInRange"
  | "audit.events"
  | "audit.whose"
  | "audit.mine"
  | "audit.wholeOrg"
  | "audit.typeStarts"
  | "audit.actor"
  | "audit.from"
  | "audit.to"
  | "audit.apply"
  | "audit.eventsWhat"
  | "audit.cut"
  | "audit.noMatch"
  | "audit.noMatchHint"
  | "audit.when"
  | "audit.event"
  | "audit.actorColumn"
  | "audit.details"
  | "audit.seal"
  | "audit.loadOlder"
  | "audit.verified"
  | "audit.checkpointPending"
  | "audit.broken"
  | "audit.recordChanged"
  | "audit.linkBroken"
  | "audit.checkpointFailed"
  | "audit.verifyEvent"
  | "audit.verify"
  | "audit.verifyChanged"
  | "audit.chainStatus"
  | "audit.chainHint"
  | "audit.intact"
  | "audit.brokenAt"
  | "audit.verifyChain"
  | "audit.chainVerified"
  | "audit.verifyProgress"
  | "audit.chartLabel"
  | "audit.chartCaption";

export const auditCatalog: Catalog<AuditKey> = {
  en: {
    "audit.title": "Audit log",
    "audit.retentionWhat": "the retention window",
    "audit.unlimited": "History is kept without limit on this plan.",
    "audit.dayOne": "{count} day",
    "audit.dayOther": "{count} days",
    "audit.keeps": "This plan keeps {days} of history. Older events are deleted after notice; upgrade to keep more.",
    "audit.keepsSince": "This plan keeps {days} of history: events since {time}. Older events are deleted after notice; upgrade to keep more.",
    "audit.perDay": "Events per day",
    "audit.statsWhat": "statistics",
    "audit.noEventsInRange": "No events in this range.",
    "audit.events": "Events",
    "audit.whose": "Whose events",
    "audit.mine": "Mine",
    "audit.wholeOrg": "Whole organization (Pro)",
    "audit.typeStarts": "Type starts with",
    "audit.actor": "Actor (user id or ConnectedId)",
    "audit.from": "From",
    "audit.to": "To",
    "audit.apply": "Apply filters",
    "audit.eventsWhat": "events",
    "audit.cut": "The range began before the retention window and starts at {time}.",
    "audit.noMatch": "No events match.",
    "audit.noMatchHint": "Widen the dates or clear the type filter. Your own actions, such as creating an API key, appear here.",
    "audit.when": "When",
    "audit.event": "Event",
    "audit.actorColumn": "Actor",
    "audit.details": "Details",
    "audit.seal": "Seal",
    "audit.loadOlder": "Load older events",
    "audit.verified": "Verified",
    "audit.checkpointPending": " (checkpoint pending)",
    "audit.broken": "Broken: {why}",
    "audit.recordChanged": "record changed",
    "audit.linkBroken": "chain link broken",
    "audit.checkpointFailed": "checkpoint failed",
    "audit.verifyEvent": "Verify event {seq}",
    "audit.verify": "Verify",
    "audit.verifyChanged": "Verify (changed?)",
    "audit.chainStatus": "Chain status",
    "audit.chainHint": "Recomputes every record and link of the organization's hash chain and checks the signed checkpoints. Nothing is repaired.",
    "audit.intact": "Intact: {count} records",
    "audit.brokenAt": "Broken at record #{seq}: {reason}",
    "audit.verifyChain": "Verify the whole chain",
    "audit.chainVerified": "Chain verified.",
    "audit.verifyProgress": "{done} of {total} records",
    "audit.chartLabel": "{total} events over {days} days",
    "audit.chartCaption": "{total} events in the range, per UTC day.",
  },
  ko: {
    "audit.title": "감사 로그",
    "audit.retentionWhat": "보존 기간",
    "audit.unlimited": "이 요금제에서는 기록을 제한 없이 보관합니다.",
    "audit.dayOne": "{count}일",
    "audit.dayOther": "{count}일",
    "audit.keeps": "이 요금제는 {days}간의 기록을 보관합니다. 더 오래된 이벤트는 안내 후 삭제되며, 더 오래 보관하려면 업그레이드하세요.",
    "audit.keepsSince": "이 요금제는 {days}간의 기록을 보관합니다: {time} 이후의 이벤트. 더 오래된 이벤트는 안내 후 삭제되며, 더 오래 보관하려면 업그레이드하세요.",
    "audit.perDay": "일별 이벤트",
    "audit.statsWhat": "통계",
    "audit.noEventsInRange": "이 기간에는 이벤트가 없습니다.",
    "audit.events": "이벤트",
    "audit.whose": "이벤트 범위",
    "audit.mine": "내 이벤트",
    "audit.wholeOrg": "조직 전체 (Pro)",
    "audit.typeStarts": "유형 접두사",
    "audit.actor": "행위자 (사용자 ID 또는 ConnectedId)",
    "audit.from": "시작일",
    "audit.to": "종료일",
    "audit.apply": "필터 적용",
    "audit.eventsWhat": "이벤트",
    "audit.cut": "기간이 보존 기간보다 앞서 시작해 {time}부터 표시합니다.",
    "audit.noMatch": "일치하는 이벤트가 없습니다.",
    "audit.noMatchHint": "날짜 범위를 넓히거나 유형 필터를 지우세요. API 키 생성 같은 내 작업이 여기에 표시됩니다.",
    "audit.when": "시각",
    "audit.event": "이벤트",
    "audit.actorColumn": "행위자",
    "audit.details": "세부 정보",
    "audit.seal": "인장",
    "audit.loadOlder": "이전 이벤트 더 보기",
    "audit.verified": "검증됨",
    "audit.checkpointPending": " (체크포인트 대기 중)",
    "audit.broken": "손상됨: {why}",
    "audit.recordChanged": "레코드 변경됨",
    "audit.linkBroken": "체인 연결 끊김",
    "audit.checkpointFailed": "체크포인트 실패",
    "audit.verifyEvent": "이벤트 {seq} 검증",
    "audit.verify": "검증",
    "audit.verifyChanged": "검증 (변경됨?)",
    "audit.chainStatus": "체인 상태",
    "audit.chainHint": "조직 해시 체인의 모든 레코드와 연결을 다시 계산하고 서명된 체크포인트를 확인합니다. 아무것도 고치지 않습니다.",
    "audit.intact": "온전함: 레코드 {count}개",
    "audit.brokenAt": "레코드 #{seq}에서 손상됨: {reason}",
    "audit.verifyChain": "전체 체인 검증",
    "audit.chainVerified": "체인을 검증했습니다.",
    "audit.verifyProgress": "레코드 {total}개 중 {done}개",
    "audit.chartLabel": "{days}일 동안 이벤트 {total}개",
    "audit.chartCaption": "기간 내 이벤트 {total}개, UTC 기준 일별.",
  },
  ja: {
    "audit.title": "監査ログ",
    "audit.retentionWhat": "保存期間",
    "audit.unlimited": "このプランでは履歴を無期限に保管します。",
    "audit.dayOne": "{count} 日",
    "audit.dayOther": "{count} 日",
    "audit.keeps": "このプランは {days}分の履歴を保管します。それより古いイベントは通知の後に削除されます。もっと保管するにはアップグレードしてください。",
    "audit.keepsSince": "このプランは {days}分の履歴を保管します: {time} 以降のイベント。それより古いイベントは通知の後に削除されます。もっと保管するにはアップグレードしてください。",
    "audit.perDay": "日別のイベント",
    "audit.statsWhat": "統計",
    "audit.noEventsInRange": "この期間にイベントはありません。",
    "audit.events": "イベント",
    "audit.whose": "対象のイベント",
    "audit.mine": "自分のもの",
    "audit.wholeOrg": "組織全体 (Pro)",
    "audit.typeStarts": "種類の先頭",
    "audit.actor": "実行者 (ユーザー ID または ConnectedId)",
    "audit.from": "開始日",
    "audit.to": "終了日",
    "audit.apply": "フィルターを適用",
    "audit.eventsWhat": "イベント",
    "audit.cut": "期間が保存期間より前から始まっているため、{time} から表示します。",
    "audit.noMatch": "一致するイベントはありません。",
    "audit.noMatchHint": "期間を広げるか、種類のフィルターを消してください。API キーの作成など、自分の操作がここに表示されます。",
    "audit.when": "日時",
    "audit.event": "イベント",
    "audit.actorColumn": "実行者",
    "audit.details": "詳細",
    "audit.seal": "シール",
    "audit.loadOlder": "古いイベントをさらに読み込む",
    "audit.verified": "検証済み",
    "audit.checkpointPending": " (チェックポイント待ち)",
    "audit.broken": "破損: {why}",
    "audit.recordChanged": "レコードが変更されています",
    "audit.linkBroken": "チェーンのリンクが切れています",
    "audit.checkpointFailed": "チェックポイントの検証に失敗",
    "audit.verifyEvent": "イベント {seq} を検証",
    "audit.verify": "検証",
    "audit.verifyChanged": "検証 (変更あり?)",
    "audit.chainStatus": "チェーンの状態",
    "audit.chainHint": "組織のハッシュチェーンのすべてのレコードとリンクを再計算し、署名済みのチェックポイントを確認します。修復は行いません。",
    "audit.intact": "正常: {count} 件のレコード",
    "audit.brokenAt": "レコード #{seq} で破損: {reason}",
    "audit.verifyChain": "チェーン全体を検証",
    "audit.chainVerified": "チェーンを検証しました。",
    "audit.verifyProgress": "{total} 件中 {done} 件のレコード",
    "audit.chartLabel": "{days} 日間で {total} 件のイベント",
    "audit.chartCaption": "期間内のイベント {total} 件 (UTC の日別)。",
  },
};
