/** The Webhooks page's words (pages/webhooks.tsx). */
import type { Catalog } from "../../i18n";

type WebhooksKey =
  | "webhooks.title"
  | "webhooks.intro"
  | "webhooks.subscribers"
  | "webhooks.what"
  | "webhooks.none"
  | "webhooks.events"
  | "webhooks.queue"
  | "webhooks.actions"
  | "webhooks.paused"
  | "webhooks.everyEvent"
  | "webhooks.counts"
  | "webhooks.dead"
  | "webhooks.deliveryLog"
  | "webhooks.pause"
  | "webhooks.resume"
  | "webhooks.pausedDone"
  | "webhooks.resumedDone"
  | "webhooks.remove"
  | "webhooks.removed"
  | "webhooks.add"
  | "webhooks.added"
  | "webhooks.receiverUrl"
  | "webhooks.eventTypes"
  | "webhooks.eventTypesHint"
  | "webhooks.show"
  | "webhooks.all"
  | "webhooks.deadLetters"
  | "webhooks.pending"
  | "webhooks.delivered"
  | "webhooks.deliveriesWhat"
  | "webhooks.nothing"
  | "webhooks.status.pending"
  | "webhooks.status.delivered"
  | "webhooks.status.dead"
  | "webhooks.attempts"
  | "webhooks.next"
  | "webhooks.redeliver"
  | "webhooks.redelivered"
  | "webhooks.noAnswer"
  | "webhooks.attempt"
  | "webhooks.manual";

export const webhooksCatalog: Catalog<WebhooksKey> = {
  en: {
    "webhooks.title": "Webhooks",
    "webhooks.intro": "Subscribers receive the organization's audit events as they are sealed, signed per Standard Webhooks with the webhook secret (API & keys). Failed deliveries are retried for about a day (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then kept as dead letters you can redeliver. The webhook-id header is the receiver's idempotency key.",
    "webhooks.subscribers": "Subscribers",
    "webhooks.what": "webhooks",
    "webhooks.none": "No subscribers yet.",
    "webhooks.events": "Events",
    "webhooks.queue": "Queue",
    "webhooks.actions": "Actions",
    "webhooks.paused": "paused",
    "webhooks.everyEvent": "every event",
    "webhooks.counts": "{delivered} delivered · {pending} pending · ",
    "webhooks.dead": "{dead} dead",
    "webhooks.deliveryLog": "Delivery log",
    "webhooks.pause": "Pause",
    "webhooks.resume": "Resume",
    "webhooks.pausedDone": "Subscriber paused.",
    "webhooks.resumedDone": "Subscriber resumed.",
    "webhooks.remove": "Remove",
    "webhooks.removed": "Subscriber removed.",
    "webhooks.add": "Add subscriber",
    "webhooks.added": "Subscriber added.",
    "webhooks.receiverUrl": "Receiver URL",
    "webhooks.eventTypes": "Event types (optional)",
    "webhooks.eventTypesHint": "Space or comma separated: agent.*, org.member.added … Empty: every event.",
    "webhooks.show": "Show",
    "webhooks.all": "All deliveries",
    "webhooks.deadLetters": "Dead letters",
    "webhooks.pending": "Pending",
    "webhooks.delivered": "Delivered",
    "webhooks.deliveriesWhat": "deliveries",
    "webhooks.nothing": "Nothing here.",
    "webhooks.status.pending": "pending",
    "webhooks.status.delivered": "delivered",
    "webhooks.status.dead": "dead",
    "webhooks.attempts": " · {count} attempts",
    "webhooks.next": " · next {time}",
    "webhooks.redeliver": "Redeliver",
    "webhooks.redelivered": "Queued for redelivery.",
    "webhooks.noAnswer": "no answer",
    "webhooks.attempt": "{time}: {status} in {ms} ms",
    "webhooks.manual": " (redelivered)",
  },
  ko: {
    "webhooks.title": "웹훅",
    "webhooks.intro": "구독자는 조직의 감사 이벤트가 봉인되는 즉시 받으며, 이벤트는 웹훅 비밀 키(API 및 키)로 Standard Webhooks 방식에 따라 서명됩니다. 실패한 전송은 약 하루 동안 재시도하고(5초, 5분, 30분, 2시간, 5시간, 10시간, 10시간), 그 뒤에는 다시 보낼 수 있는 배달 불가 메시지로 보관합니다. webhook-id 헤더는 수신자의 멱등성 키입니다.",
    "webhooks.subscribers": "구독자",
    "webhooks.what": "웹훅",
    "webhooks.none": "아직 구독자가 없습니다.",
    "webhooks.events": "이벤트",
    "webhooks.queue": "대기열",
    "webhooks.actions": "작업",
    "webhooks.paused": "일시 중지됨",
    "webhooks.everyEvent": "모든 이벤트",
    "webhooks.counts": "전송 {delivered}건 · 대기 {pending}건 · ",
    "webhooks.dead": "배달 불가 {dead}건",
    "webhooks.deliveryLog": "전송 기록",
    "webhooks.pause": "일시 중지",
    "webhooks.resume": "재개",
    "webhooks.pausedDone": "구독자를 일시 중지했습니다.",
    "webhooks.resumedDone": "구독자를 재개했습니다.",
    "webhooks.remove": "제거",
    "webhooks.removed": "구독자를 제거했습니다.",
    "webhooks.add": "구독자 추가",
    "webhooks.added": "구독자를 추가했습니다.",
    "webhooks.receiverUrl": "수신 URL",
    "webhooks.eventTypes": "이벤트 유형 (선택)",
    "webhooks.eventTypesHint": "공백이나 쉼표로 구분: agent.*, org.member.added … 비워 두면 모든 이벤트.",
    "webhooks.show": "보기",
    "webhooks.all": "모든 전송",
    "webhooks.deadLetters": "배달 불가 메시지",
    "webhooks.pending": "대기 중",
    "webhooks.delivered": "전송됨",
    "webhooks.deliveriesWhat": "전송 기록",
    "webhooks.nothing": "여기에는 아무것도 없습니다.",
    "webhooks.status.pending": "대기 중",
    "webhooks.status.delivered": "전송됨",
    "webhooks.status.dead": "배달 불가",
    "webhooks.attempts": " · {count}회 시도",
    "webhooks.next": " · 다음 시도 {time}",
    "webhooks.redeliver": "다시 보내기",
    "webhooks.redelivered": "다시 보내도록 대기열에 넣었습니다.",
    "webhooks.noAnswer": "응답 없음",
    "webhooks.attempt": "{time}: {status} ({ms} ms)",
    "webhooks.manual": " (다시 보냄)",
  },
  ja: {
    "webhooks.title": "Webhook",
    "webhooks.intro": "サブスクライバーは組織の監査イベントを封印されると同時に受け取ります。イベントは Webhook シークレット (API とキー) で Standard Webhooks に沿って署名されます。失敗した配信は約 1 日再試行し (5 秒、5 分、30 分、2 時間、5 時間、10 時間、10 時間)、その後は再配信できるデッドレターとして保管します。webhook-id ヘッダーは受信側の冪等キーです。",
    "webhooks.subscribers": "サブスクライバー",
    "webhooks.what": "Webhook",
    "webhooks.none": "サブスクライバーはまだいません。",
    "webhooks.events": "イベント",
    "webhooks.queue": "キュー",
    "webhooks.actions": "操作",
    "webhooks.paused": "一時停止中",
    "webhooks.everyEvent": "すべてのイベント",
    "webhooks.counts": "配信済み {delivered} 件 · 保留 {pending} 件 · ",
    "webhooks.dead": "デッドレター {dead} 件",
    "webhooks.deliveryLog": "配信ログ",
    "webhooks.pause": "一時停止",
    "webhooks.resume": "再開",
    "webhooks.pausedDone": "サブスクライバーを一時停止しました。",
    "webhooks.resumedDone": "サブスクライバーを再開しました。",
    "webhooks.remove": "削除",
    "webhooks.removed": "サブスクライバーを削除しました。",
    "webhooks.add": "サブスクライバーを追加",
    "webhooks.added": "サブスクライバーを追加しました。",
    "webhooks.receiverUrl": "受信 URL",
    "webhooks.eventTypes": "イベントの種類 (任意)",
    "webhooks.eventTypesHint": "スペースまたはカンマ区切り: agent.*、org.member.added … 空欄ならすべてのイベント。",
    "webhooks.show": "表示",
    "webhooks.all": "すべての配信",
    "webhooks.deadLetters": "デッドレター",
    "webhooks.pending": "保留中",
    "webhooks.delivered": "配信済み",
    "webhooks.deliveriesWhat": "配信",
    "webhooks.nothing": "ここには何もありません。",
    "webhooks.status.pending": "保留中",
    "webhooks.status.delivered": "配信済み",
    "webhooks.status.dead": "デッドレター",
    "webhooks.attempts": " · {count} 回試行",
    "webhooks.next": " · 次回 {time}",
    "webhooks.redeliver": "再配信",
    "webhooks.redelivered": "再配信のキューに入れました。",
    "webhooks.noAnswer": "応答なし",
    "webhooks.attempt": "{time}: {status} ({ms} ms)",
    "webhooks.manual": " (再配信)",
  },
};
