/** Notices to an organization's owner: billing, managed databases, audit retention, new app groups. */
import type { MailTemplate } from "../compose";

export const planUpgradedMail: MailTemplate = {
  en: { subject: "Your plan is now {plan}", text: "{from} → {to}: {amount} was taken from your prepaid credit for the rest of the month." },
  ko: { subject: "플랜이 {plan}(으)로 변경되었습니다", text: "{from} → {to}: 이번 달 남은 기간의 요금 {amount}이(가) 선불 크레딧에서 차감되었습니다." },
  ja: { subject: "プランが {plan} になりました", text: "{from} → {to}: 今月の残り期間の料金 {amount} を前払いクレジットから差し引きました。" },
};

export const paymentFailedMail: MailTemplate = {
  en: {
    subject: "Payment failed: 3 days to top up your credit",
    text: "Your prepaid credit ({balance}) does not cover this month's charges ({charges}). We will retry; top up before {graceEndsAt} or your plan drops to Free and paid add-ons switch off.",
  },
  ko: {
    subject: "결제 실패: 3일 안에 크레딧을 충전해 주세요",
    text: "선불 크레딧({balance})으로 이번 달 요금({charges})을 결제할 수 없습니다. 다시 시도하겠습니다. {graceEndsAt} 전에 충전하지 않으면 플랜이 Free로 바뀌고 유료 부가 기능이 꺼집니다.",
  },
  ja: {
    subject: "支払いに失敗しました: 3 日以内にクレジットをチャージしてください",
    text: "前払いクレジット ({balance}) では今月の料金 ({charges}) を支払えません。再試行します。{graceEndsAt} までにチャージしないと、プランが Free になり有料アドオンが無効になります。",
  },
};

/** `addonsOff` fills {addons} when add-ons were switched off, else it is empty. */
export const planEnforcedMail: MailTemplate<"addonsOff"> = {
  en: {
    subject: "Your plan is now Free: the charges stayed unpaid",
    text: "The 3-day grace ended without payment. Your organization moved from {from} to Free{addons}. Managed databases are suspended; top up and upgrade again at any time.",
    addonsOff: " and these add-ons were switched off: {list}",
  },
  ko: {
    subject: "플랜이 Free로 변경되었습니다: 요금이 결제되지 않았습니다",
    text: "3일 유예 기간이 결제 없이 끝났습니다. 조직의 플랜이 {from}에서 Free로 바뀌었습니다{addons}. 관리형 데이터베이스는 일시 중지되었습니다. 언제든 충전하고 다시 업그레이드할 수 있습니다.",
    addonsOff: " (꺼진 부가 기능: {list})",
  },
  ja: {
    subject: "プランが Free になりました: 料金が未払いのままでした",
    text: "3 日間の猶予期間が支払いのないまま終了しました。組織のプランは {from} から Free に変わりました{addons}。マネージドデータベースは停止されています。いつでもチャージして再度アップグレードできます。",
    addonsOff: " (無効になったアドオン: {list})",
  },
};

export const paymentReceivedMail: MailTemplate = {
  en: { subject: "Payment received: your account is in good standing", text: "The grace period is over: your plan and add-ons stay as they are." },
  ko: { subject: "결제 완료: 계정이 정상 상태입니다", text: "유예 기간이 끝났습니다. 플랜과 부가 기능은 그대로 유지됩니다." },
  ja: { subject: "お支払いを確認しました: アカウントは正常な状態です", text: "猶予期間は終了しました。プランとアドオンはそのまま維持されます。" },
};

export const withdrawalMail: MailTemplate = {
  en: { subject: "Withdrawal on its way", text: "{payout} is refunded to your card (fee {fee}); card refunds usually land within 5 to 10 business days." },
  ko: { subject: "출금이 진행 중입니다", text: "{payout}이(가) 카드로 환불됩니다 (수수료 {fee}). 카드 환불은 보통 영업일 기준 5~10일 안에 반영됩니다." },
  ja: { subject: "出金を処理しています", text: "{payout} をカードに返金します (手数料 {fee})。カードへの返金は通常 5〜10 営業日で反映されます。" },
};

export const databaseSuspendedMail: MailTemplate = {
  en: {
    subject: "Managed database {name} suspended for non-payment",
    text: "The managed database {name} was suspended because the organization's payment is overdue. Its data is kept. Top up and reconnect it before {deleteAt}, or it is deleted for good.",
  },
  ko: {
    subject: "관리형 데이터베이스 {name}이(가) 미납으로 일시 중지되었습니다",
    text: "조직의 결제가 연체되어 관리형 데이터베이스 {name}이(가) 일시 중지되었습니다. 데이터는 보관됩니다. {deleteAt} 전에 충전하고 다시 연결하지 않으면 영구 삭제됩니다.",
  },
  ja: {
    subject: "マネージドデータベース {name} は未払いのため停止されました",
    text: "組織の支払いが遅れているため、マネージドデータベース {name} を停止しました。データは保持されています。{deleteAt} までにチャージして再接続しないと、完全に削除されます。",
  },
};

/** The subject names when: `subjectInDays` a week ahead, `subject` (tomorrow) the day before. */
export const databaseDeletionMail: MailTemplate<"subjectInDays"> = {
  en: {
    subject: "Managed database {name} will be deleted tomorrow",
    subjectInDays: "Managed database {name} will be deleted in {days} days",
    text: "The managed database {name} is suspended for non-payment and will be deleted for good at {deleteAt}. Top up and reconnect it to keep it.",
  },
  ko: {
    subject: "관리형 데이터베이스 {name}이(가) 내일 삭제됩니다",
    subjectInDays: "관리형 데이터베이스 {name}이(가) {days}일 후에 삭제됩니다",
    text: "관리형 데이터베이스 {name}은(는) 미납으로 일시 중지된 상태이며 {deleteAt}에 영구 삭제됩니다. 유지하려면 충전하고 다시 연결해 주세요.",
  },
  ja: {
    subject: "マネージドデータベース {name} は明日削除されます",
    subjectInDays: "マネージドデータベース {name} は {days} 日後に削除されます",
    text: "マネージドデータベース {name} は未払いのため停止中で、{deleteAt} に完全に削除されます。残すにはチャージして再接続してください。",
  },
};

/** `subjectFinal` for the last notice. */
export const auditRetentionMail: MailTemplate<"subjectFinal"> = {
  en: {
    subject: "audit history of {org} will be deleted on {date}",
    subjectFinal: "Final notice: audit history of {org} will be deleted on {date}",
    text: "Audit history of {org} ({slug}) older than {cutoffAt} is past your plan's retention window of {days} day(s).\nIt will be permanently deleted on or after {purgeAt}; a sealed tombstone stays in the chain.\nTo keep it: upgrade the plan before then (access returns at once), or export it (GET /api/v1/admin/audit/presign).\nThis is notice {notice} of {count}.",
  },
  ko: {
    subject: "{org}의 감사 기록이 {date}에 삭제됩니다",
    subjectFinal: "최종 안내: {org}의 감사 기록이 {date}에 삭제됩니다",
    text: "{org}({slug})의 {cutoffAt} 이전 감사 기록은 플랜의 보존 기간 {days}일을 지났습니다.\n{purgeAt} 이후 영구 삭제되며, 봉인된 삭제 기록(tombstone)은 체인에 남습니다.\n보관하려면 그 전에 플랜을 업그레이드하거나(접근이 즉시 복구됩니다) 내보내기(GET /api/v1/admin/audit/presign)를 하세요.\n{count}회 중 {notice}번째 안내입니다.",
  },
  ja: {
    subject: "{org} の監査履歴は {date} に削除されます",
    subjectFinal: "最終通知: {org} の監査履歴は {date} に削除されます",
    text: "{org} ({slug}) の {cutoffAt} より前の監査履歴は、プランの保存期間 {days} 日を過ぎています。\n{purgeAt} 以降に完全に削除されます。封印された削除記録 (tombstone) はチェーンに残ります。\n残すには、それまでにプランをアップグレードする (アクセスはすぐに戻ります) か、エクスポートしてください (GET /api/v1/admin/audit/presign)。\n{count} 回中 {notice} 回目の通知です。",
  },
};

export const appGroupCreatedMail: MailTemplate = {
  en: {
    subject: 'New app group "{group}" in {org}',
    text: 'An app group named "{group}" ({key}) was created in {org}, with its first application {clientKey}.\n\nReview it at {link}\n',
  },
  ko: {
    subject: "{org}에 새 앱 그룹 “{group}”이(가) 만들어졌습니다",
    text: "{org}에 앱 그룹 “{group}”({key})이(가) 첫 애플리케이션 {clientKey}과(와) 함께 만들어졌습니다.\n\n확인하기: {link}\n",
  },
  ja: {
    subject: "{org} に新しいアプリグループ「{group}」",
    text: "{org} にアプリグループ「{group}」({key}) が作成されました。最初のアプリケーションは {clientKey} です。\n\n確認する: {link}\n",
  },
};
