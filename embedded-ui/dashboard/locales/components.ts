/** The shared building blocks' words (components.tsx): loading, errors, copy, secrets, colours and toasts. */
import type { Catalog } from "../../i18n";

type ComponentsKey =
  | "components.requestId"
  | "components.forYourAdministrator"
  | "components.loading"
  | "components.copy"
  | "components.copied"
  | "components.toTheClipboard"
  | "components.shownOnce"
  | "components.onlyAHash"
  | "components.storedIt"
  | "components.colorPicker"
  | "components.clearColor"
  | "components.clear"
  | "components.colorHint"
  | "components.done"
  | "components.doneGeneric"
  | "components.dismiss"
  | "components.notifications";

export const componentsCatalog: Catalog<ComponentsKey> = {
  en: {
    "components.requestId": "Request id",
    "components.forYourAdministrator": "(for your administrator)",
    "components.loading": "Loading {what}…",
    "components.copy": "Copy",
    "components.copied": "Copied",
    "components.toTheClipboard": "to the clipboard",
    "components.shownOnce": "This is the only time it is shown: Signet keeps {kept}. Store it in your secret manager now.",
    "components.onlyAHash": "only a hash",
    "components.storedIt": "I have stored it",
    "components.colorPicker": "{label}: picker",
    "components.clearColor": "Clear {label}",
    "components.clear": "Clear",
    "components.colorHint": "#RRGGBB, or empty for the default",
    "components.done": "“{action}”: done.",
    "components.doneGeneric": "Done.",
    "components.dismiss": "Dismiss",
    "components.notifications": "Notifications",
  },
  ko: {
    "components.requestId": "요청 ID",
    "components.forYourAdministrator": "(관리자에게 전달하세요)",
    "components.loading": "{what} 불러오는 중…",
    "components.copy": "복사",
    "components.copied": "복사됨",
    "components.toTheClipboard": "클립보드에 복사했습니다",
    "components.shownOnce": "지금 한 번만 표시됩니다. Signet이 보관하는 것은 {kept}입니다. 지금 비밀 관리 도구에 저장하세요.",
    "components.onlyAHash": "해시뿐",
    "components.storedIt": "저장했습니다",
    "components.colorPicker": "{label}: 색상 선택",
    "components.clearColor": "{label} 지우기",
    "components.clear": "지우기",
    "components.colorHint": "#RRGGBB 형식, 비워 두면 기본값을 사용합니다",
    "components.done": "‘{action}’ 완료했습니다.",
    "components.doneGeneric": "완료했습니다.",
    "components.dismiss": "닫기",
    "components.notifications": "알림",
  },
  ja: {
    "components.requestId": "リクエスト ID",
    "components.forYourAdministrator": "(管理者にお伝えください)",
    "components.loading": "{what}を読み込んでいます…",
    "components.copy": "コピー",
    "components.copied": "コピーしました",
    "components.toTheClipboard": "クリップボードに",
    "components.shownOnce": "表示されるのは今回だけです。Signet が保持するのは{kept}です。今すぐシークレット管理ツールに保存してください。",
    "components.onlyAHash": "ハッシュのみ",
    "components.storedIt": "保存しました",
    "components.colorPicker": "{label}: カラーピッカー",
    "components.clearColor": "{label}をクリア",
    "components.clear": "クリア",
    "components.colorHint": "#RRGGBB 形式。空欄ならデフォルトを使います",
    "components.done": "「{action}」が完了しました。",
    "components.doneGeneric": "完了しました。",
    "components.dismiss": "閉じる",
    "components.notifications": "通知",
  },
};
