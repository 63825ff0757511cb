/** The audit log's history tools: exporting a range, and deleting history past the window early. */
import type { Catalog } from "../../i18n";

type AuditHistoryKey =
  | "audit-history.export"
  | "audit-history.exportIntro"
  | "audit-history.exportSubmit"
  | "audit-history.from"
  | "audit-history.to"
  | "audit-history.records.one"
  | "audit-history.records.other"
  | "audit-history.exportResult"
  | "audit-history.exportResultCut"
  | "audit-history.download"
  | "audit-history.linkUntil"
  | "audit-history.purgeTitle"
  | "audit-history.confirmPurge"
  | "audit-history.purged"
  | "audit-history.legalHold"
  | "audit-history.nothingOld"
  | "audit-history.nothingWaits"
  | "audit-history.olderThan"
  | "audit-history.olderThanFrom"
  | "audit-history.deletedAt"
  | "audit-history.deletedAfterNotices"
  | "audit-history.purgeNow"
  | "audit-history.onlyOwner";

export const auditHistoryCatalog: Catalog<AuditHistoryKey> = {
  en: {
    "audit-history.export": "Export",
    "audit-history.exportIntro": "Writes the records of a range (90 days at most, within the retention window) as JSON Lines with their chain data and signed checkpoints, which anyone can verify offline (docs/audit-format.md). Empty dates: the last 90 days.",
    "audit-history.exportSubmit": "Export",
    "audit-history.from": "Export from",
    "audit-history.to": "Export to",
    "audit-history.records.one": "{count} record",
    "audit-history.records.other": "{count} records",
    "audit-history.exportResult": "{records} ({size}) from {from} to {to}.",
    "audit-history.exportResultCut": "{records} ({size}) from {from} to {to}, cut at the retention window.",
    "audit-history.download": "Download the export",
    "audit-history.linkUntil": "(the link works until {time})",
    "audit-history.purgeTitle": "History past the window",
    "audit-history.confirmPurge": "Delete every audit record older than the retention window now? A sealed tombstone records it; this cannot be undone.",
    "audit-history.purged": "Deleted {records} older than {time}; the tombstone is in the log.",
    "audit-history.legalHold": "A legal hold keeps all history: nothing is deleted while it lasts.",
    "audit-history.nothingOld": "No history is older than the window.",
    "audit-history.nothingWaits": "Nothing waits to be deleted.",
    "audit-history.olderThan": "Records since {time} are older than the window.",
    "audit-history.olderThanFrom": "Records since {time} are older than the window (which starts {start}).",
    "audit-history.deletedAt": "They are deleted {time} unless you upgrade first.",
    "audit-history.deletedAfterNotices": "They are deleted after two notices to the owner unless you upgrade first.",
    "audit-history.purgeNow": "Delete it now (with your passkey)",
    "audit-history.onlyOwner": "Only the owner can delete it early.",
  },
  ko: {
    "audit-history.export": "내보내기",
    "audit-history.exportIntro": "한 범위(보존 기간 안에서 최대 90일)의 기록을 체인 데이터와 서명된 체크포인트와 함께 JSON Lines로 씁니다. 누구나 오프라인에서 검증할 수 있습니다(docs/audit-format.md). 날짜를 비우면 최근 90일입니다.",
    "audit-history.exportSubmit": "내보내기",
    "audit-history.from": "시작일",
    "audit-history.to": "종료일",
    "audit-history.records.one": "기록 {count}건",
    "audit-history.records.other": "기록 {count}건",
    "audit-history.exportResult": "{records}({size}), {from}부터 {to}까지.",
    "audit-history.exportResultCut": "{records}({size}), {from}부터 {to}까지. 보존 기간에서 잘렸습니다.",
    "audit-history.download": "내보낸 파일 내려받기",
    "audit-history.linkUntil": "(링크는 {time}까지 유효합니다)",
    "audit-history.purgeTitle": "보존 기간이 지난 기록",
    "audit-history.confirmPurge": "보존 기간보다 오래된 감사 기록을 지금 모두 삭제하시겠습니까? 봉인된 삭제 표시가 남으며 되돌릴 수 없습니다.",
    "audit-history.purged": "{time}보다 오래된 {records}을 삭제했습니다. 삭제 표시는 로그에 있습니다.",
    "audit-history.legalHold": "법적 보존 중에는 모든 기록을 보관하며 아무것도 삭제하지 않습니다.",
    "audit-history.nothingOld": "보존 기간보다 오래된 기록이 없습니다.",
    "audit-history.nothingWaits": "삭제를 기다리는 것이 없습니다.",
    "audit-history.olderThan": "{time} 이후의 기록이 보존 기간보다 오래되었습니다.",
    "audit-history.olderThanFrom": "{time} 이후의 기록이 보존 기간({start}부터)보다 오래되었습니다.",
    "audit-history.deletedAt": "먼저 요금제를 올리지 않으면 {time}에 삭제됩니다.",
    "audit-history.deletedAfterNotices": "먼저 요금제를 올리지 않으면 소유자에게 두 번 알린 뒤 삭제됩니다.",
    "audit-history.purgeNow": "지금 삭제(패스키로 확인)",
    "audit-history.onlyOwner": "소유자만 미리 삭제할 수 있습니다.",
  },
  ja: {
    "audit-history.export": "エクスポート",
    "audit-history.exportIntro": "ある範囲（保持期間内で最大 90 日）の記録を、チェーンデータと署名付きチェックポイントとともに JSON Lines で書き出します。誰でもオフラインで検証できます（docs/audit-format.md）。日付が空の場合は過去 90 日間です。",
    "audit-history.exportSubmit": "エクスポート",
    "audit-history.from": "開始日",
    "audit-history.to": "終了日",
    "audit-history.records.one": "{count} 件の記録",
    "audit-history.records.other": "{count} 件の記録",
    "audit-history.exportResult": "{records}（{size}）、{from} から {to} まで。",
    "audit-history.exportResultCut": "{records}（{size}）、{from} から {to} まで。保持期間で切り詰めました。",
    "audit-history.download": "エクスポートをダウンロード",
    "audit-history.linkUntil": "（リンクは {time} まで有効です）",
    "audit-history.purgeTitle": "保持期間を過ぎた履歴",
    "audit-history.confirmPurge": "保持期間より古い監査記録を今すぐすべて削除しますか？押印済みの削除記録が残り、元に戻せません。",
    "audit-history.purged": "{time} より古い {records}を削除しました。削除記録はログにあります。",
    "audit-history.legalHold": "リーガルホールド中はすべての履歴を保持し、何も削除しません。",
    "audit-history.nothingOld": "保持期間より古い履歴はありません。",
    "audit-history.nothingWaits": "削除を待っているものはありません。",
    "audit-history.olderThan": "{time} 以降の記録が保持期間より古くなっています。",
    "audit-history.olderThanFrom": "{time} 以降の記録が保持期間（{start} から）より古くなっています。",
    "audit-history.deletedAt": "先にアップグレードしない限り、{time} に削除されます。",
    "audit-history.deletedAfterNotices": "先にアップグレードしない限り、オーナーへの 2 回の通知の後に削除されます。",
    "audit-history.purgeNow": "今すぐ削除（パスキーで確認）",
    "audit-history.onlyOwner": "早期に削除できるのはオーナーだけです。",
  },
};
