/** The storage lifecycle rules' words (on the files page). */
import type { Catalog } from "../../i18n";

type LifecycleKey =
  | "lifecycle.title"
  | "lifecycle.what"
  | "lifecycle.runs"
  | "lifecycle.noRules"
  | "lifecycle.upTo"
  | "lifecycle.anyNumber"
  | "lifecycle.presetOnly"
  | "lifecycle.none"
  | "lifecycle.action.transition_ia"
  | "lifecycle.action.trash"
  | "lifecycle.rule"
  | "lifecycle.allFiles"
  | "lifecycle.on"
  | "lifecycle.paused"
  | "lifecycle.notOnPlan"
  | "lifecycle.lastRun"
  | "lifecycle.pause"
  | "lifecycle.resume"
  | "lifecycle.delete"
  | "lifecycle.add"
  | "lifecycle.action"
  | "lifecycle.days";

export const lifecycleCatalog: Catalog<LifecycleKey> = {
  en: {
    "lifecycle.title": "Lifecycle rules",
    "lifecycle.what": "lifecycle rules",
    "lifecycle.runs": "Rules run every 12 hours on files nobody opened for a number of days.",
    "lifecycle.noRules": "This plan has no lifecycle rules: upgrade to Pro+ for the preset (infrequent access after 90 days), or Business for custom rules.",
    "lifecycle.upTo": "Up to {max} rules, {min} to {maxDays} days.",
    "lifecycle.anyNumber": "any number of",
    "lifecycle.presetOnly": "This plan allows the preset: infrequent access after {days} days on all files.",
    "lifecycle.none": "No lifecycle rules.",
    "lifecycle.action.transition_ia": "Move to infrequent-access storage",
    "lifecycle.action.trash": "Move to the trash",
    "lifecycle.rule": "{action} after {days} days unopened, {scope} · {state}",
    "lifecycle.allFiles": "all files",
    "lifecycle.on": "on",
    "lifecycle.paused": "paused",
    "lifecycle.notOnPlan": " · not run on this plan",
    "lifecycle.lastRun": " · last run {time}: {count} files, {size}",
    "lifecycle.pause": "Pause",
    "lifecycle.resume": "Resume",
    "lifecycle.delete": "Delete",
    "lifecycle.add": "Add rule",
    "lifecycle.action": "Action",
    "lifecycle.days": "After this many days unopened",
  },
  ko: {
    "lifecycle.title": "수명 주기 규칙",
    "lifecycle.what": "수명 주기 규칙",
    "lifecycle.runs": "규칙은 12시간마다, 일정 일수 동안 아무도 열지 않은 파일에 적용됩니다.",
    "lifecycle.noRules": "이 요금제에는 수명 주기 규칙이 없습니다. 기본 규칙(90일 뒤 저빈도 접근)은 Pro+, 사용자 지정 규칙은 Business로 올리세요.",
    "lifecycle.upTo": "규칙 최대 {max}개, {min}~{maxDays}일.",
    "lifecycle.anyNumber": "무제한",
    "lifecycle.presetOnly": "이 요금제는 기본 규칙을 허용합니다: 모든 파일을 {days}일 뒤 저빈도 접근으로.",
    "lifecycle.none": "수명 주기 규칙이 없습니다.",
    "lifecycle.action.transition_ia": "저빈도 접근 저장소로 이동",
    "lifecycle.action.trash": "휴지통으로 이동",
    "lifecycle.rule": "{days}일 동안 열지 않으면 {action}, {scope} · {state}",
    "lifecycle.allFiles": "모든 파일",
    "lifecycle.on": "켜짐",
    "lifecycle.paused": "일시 중지",
    "lifecycle.notOnPlan": " · 이 요금제에서는 실행되지 않음",
    "lifecycle.lastRun": " · 마지막 실행 {time}: 파일 {count}개, {size}",
    "lifecycle.pause": "일시 중지",
    "lifecycle.resume": "재개",
    "lifecycle.delete": "삭제",
    "lifecycle.add": "규칙 추가",
    "lifecycle.action": "작업",
    "lifecycle.days": "열지 않은 일수",
  },
  ja: {
    "lifecycle.title": "ライフサイクルルール",
    "lifecycle.what": "ライフサイクルルール",
    "lifecycle.runs": "ルールは 12 時間ごとに、一定の日数だれも開いていないファイルに適用されます。",
    "lifecycle.noRules": "このプランにはライフサイクルルールがありません。プリセット（90 日後に低頻度アクセス）は Pro+、カスタムルールは Business にアップグレードしてください。",
    "lifecycle.upTo": "ルールは最大 {max} 件、{min}〜{maxDays} 日。",
    "lifecycle.anyNumber": "無制限",
    "lifecycle.presetOnly": "このプランではプリセットを使えます: すべてのファイルを {days} 日後に低頻度アクセスへ。",
    "lifecycle.none": "ライフサイクルルールはありません。",
    "lifecycle.action.transition_ia": "低頻度アクセスのストレージへ移動",
    "lifecycle.action.trash": "ゴミ箱へ移動",
    "lifecycle.rule": "{days} 日間開かれなければ{action}、{scope} · {state}",
    "lifecycle.allFiles": "すべてのファイル",
    "lifecycle.on": "オン",
    "lifecycle.paused": "一時停止中",
    "lifecycle.notOnPlan": " · このプランでは実行されません",
    "lifecycle.lastRun": " · 前回の実行 {time}: {count} ファイル、{size}",
    "lifecycle.pause": "一時停止",
    "lifecycle.resume": "再開",
    "lifecycle.delete": "削除",
    "lifecycle.add": "ルールを追加",
    "lifecycle.action": "操作",
    "lifecycle.days": "開かれていない日数",
  },
};
