/** The Billing page's words (pages/billing.tsx); plan, category and settlement names are billing.ts's. */
import type { Catalog } from "../../i18n";

type BillingKey =
  | "billing.title"
  | "billing.ownerOnly"
  | "billing.ownerOnlyHint"
  | "billing.what"
  | "billing.graceStrong"
  | "billing.graceSince"
  | "billing.failedOne"
  | "billing.failedMany"
  | "billing.graceAfter"
  | "billing.credit"
  | "billing.balance"
  | "billing.reserve"
  | "billing.currency"
  | "billing.creditHint"
  | "billing.addCredit"
  | "billing.amount"
  | "billing.devGateway"
  | "billing.stripe"
  | "billing.added"
  | "billing.addedDev"
  | "billing.openPayment"
  | "billing.confirmUpgrade"
  | "billing.plan"
  | "billing.perMonth"
  | "billing.perContract"
  | "billing.paidUntil"
  | "billing.scheduled"
  | "billing.keep"
  | "billing.follows"
  | "billing.enterprise"
  | "billing.rules"
  | "billing.changePlan"
  | "billing.planChanged"
  | "billing.newPlan"
  | "billing.upgraded"
  | "billing.scheduledResult"
  | "billing.cancelled"
  | "billing.unchanged"
  | "billing.addons"
  | "billing.addonsWhat"
  | "billing.addonOnCharged"
  | "billing.addonOnFree"
  | "billing.addonOff"
  | "billing.addonLabel"
  | "billing.needsPlan"
  | "billing.addonPaidUntil"
  | "billing.addonOn"
  | "billing.addonOffHint"
  | "billing.invoices"
  | "billing.invoicesHint"
  | "billing.invoicesWhat"
  | "billing.noInvoices"
  | "billing.noInvoicesHint"
  | "billing.openStatement"
  | "billing.status.Open"
  | "billing.status.Issued"
  | "billing.status.Superseded"
  | "billing.total"
  | "billing.paid"
  | "billing.notCovered"
  | "billing.issued"
  | "billing.issuedWhenClosed"
  | "billing.replaced"
  | "billing.lineOne"
  | "billing.lineMany"
  | "billing.whatColumn"
  | "billing.amountColumn"
  | "billing.paidColumn"
  | "billing.yes"
  | "billing.creditTooLow"
  | "billing.lineError"
  | "billing.pdfOf"
  | "billing.verifyLink"
  | "billing.copyVerify"
  | "billing.checkSealOf"
  | "billing.checkSeal"
  | "billing.sealValid"
  | "billing.sealValidSuperseded"
  | "billing.mismatch"
  | "billing.openVerdict"
  | "billing.ledger"
  | "billing.ledgerWhat"
  | "billing.noMoney"
  | "billing.noMoneyHint"
  | "billing.when"
  | "billing.balanceAfter"
  | "billing.older"
  | "billing.newest"
  | "billing.confirmWithdraw"
  | "billing.withdrawTitle"
  | "billing.quoteWhat"
  | "billing.withdrawable"
  | "billing.paidLeft"
  | "billing.bonus"
  | "billing.reserveHeld"
  | "billing.withdrawHint"
  | "billing.withdrew"
  | "billing.clawback"
  | "billing.balanceNow"
  | "billing.withdraw"
  | "billing.withdrawAmount";

export const billingCatalog: Catalog<BillingKey> = {
  en: {
    "billing.title": "Billing",
    "billing.ownerOnly": "Only the owner sees billing.",
    "billing.ownerOnlyHint": "Billing needs view.billing, which the owner holds (and a custom role may be given).",
    "billing.what": "billing",
    "billing.graceStrong": "A charge could not be paid from the prepaid credit.",
    "billing.graceSince": "Since {time} ({attempts}), the organization is in a grace period that ends",
    "billing.failedOne": "1 failed attempt",
    "billing.failedMany": "{count} failed attempts",
    "billing.graceAfter": ". Top up before then: the open charges are retried at once. After it, the plan drops to Free and paid add-ons switch off.",
    "billing.credit": "Prepaid credit",
    "billing.balance": "Balance",
    "billing.reserve": "Service reserve",
    "billing.currency": "Currency",
    "billing.creditHint": "The plan, add-ons and metered texts are charged from this credit. The reserve stays back from withdrawals while a paid plan or add-on is on.",
    "billing.addCredit": "Add credit",
    "billing.amount": "Amount ({currency})",
    "billing.devGateway": "Developer mode: the dev gateway adds the credit at once and charges no card.",
    "billing.stripe": "Paid by card through Stripe, when the operator has set it up.",
    "billing.added": "Added {amount}.",
    "billing.addedDev": "Added {amount} through the dev gateway (no card was charged).",
    "billing.openPayment": "The payment of {amount} is open with {provider} (payment {payment}). The credit arrives when the processor confirms it. This dashboard does not take card details yet, so the card payment is completed with Stripe; until then the balance stays {balance}.",
    "billing.confirmUpgrade": "Upgrade to {plan} now? The rest of this month is charged to the prepaid credit, prorated by day.",
    "billing.plan": "Plan",
    "billing.perMonth": "Per month",
    "billing.perContract": "per contract",
    "billing.paidUntil": "Paid until",
    "billing.scheduled": "Changes to {plan} on {day}, the end of the paid period; {current} stays until then.",
    "billing.keep": "Keep {plan}",
    "billing.follows": "This sub-organization follows its parent organization's plan.",
    "billing.enterprise": "Enterprise is priced per contract: the operator changes it.",
    "billing.rules": "An upgrade applies now: the rest of this month, prorated by day, is taken from the credit (less what {plan} has paid for those days), and the charge is shown here. A downgrade waits for the end of the paid period and can be cancelled until then. Enterprise is per contract.",
    "billing.changePlan": "Change plan",
    "billing.planChanged": "Plan changed.",
    "billing.newPlan": "New plan",
    "billing.upgraded": "Upgraded to {plan}: {amount} was taken from the credit for the rest of this month.",
    "billing.scheduledResult": "{plan} from {day}; {current} stays until then.",
    "billing.cancelled": "The scheduled change was cancelled: {plan} continues.",
    "billing.unchanged": "Already on {plan}: nothing changed.",
    "billing.addons": "Add-ons",
    "billing.addonsWhat": "add-ons",
    "billing.addonOnCharged": "On: {amount} was taken from the credit for the rest of this month.",
    "billing.addonOnFree": "On: this month is already paid, nothing was charged.",
    "billing.addonOff": "Off. No refund: it is paid until {day}, and switching it on again before then costs nothing.",
    "billing.addonLabel": "{name}: {price} a month",
    "billing.needsPlan": "Needs {plan} or higher. ",
    "billing.addonPaidUntil": "Paid until {day}.",
    "billing.addonOn": "On.",
    "billing.addonOffHint": "Off. Switching it on charges the rest of this month, prorated by day.",
    "billing.invoices": "Invoices",
    "billing.invoicesHint": "Each month's charges gather on an open statement, issued and sealed when the month closes (a SHA-256 hash anchored in the audit log). Anyone holding an invoice's verify link can check its seal without an account.",
    "billing.invoicesWhat": "invoices",
    "billing.noInvoices": "No invoices yet.",
    "billing.noInvoicesHint": "The first charge opens this month's statement.",
    "billing.openStatement": "Open statement",
    "billing.status.Open": "Open",
    "billing.status.Issued": "Issued",
    "billing.status.Superseded": "Superseded",
    "billing.total": "Total",
    "billing.paid": " · paid {amount}",
    "billing.notCovered": " · not covered by the credit {amount}",
    "billing.issued": " · issued {time}",
    "billing.issuedWhenClosed": " · issued when the month closes",
    "billing.replaced": " · replaced by a correction",
    "billing.lineOne": "1 line",
    "billing.lineMany": "{count} lines",
    "billing.whatColumn": "What",
    "billing.amountColumn": "Amount",
    "billing.paidColumn": "Paid",
    "billing.yes": "yes",
    "billing.creditTooLow": "no: credit too low",
    "billing.lineError": "no: error",
    "billing.pdfOf": " of {title}",
    "billing.verifyLink": "Verify link",
    "billing.copyVerify": "Copy verify link",
    "billing.checkSealOf": "Check the seal of {title}",
    "billing.checkSeal": "Check the seal",
    "billing.sealValid": "Seal valid: the invoice hashes to {hash}… and the audit chain holds that hash.",
    "billing.sealValidSuperseded": "Seal valid: the invoice hashes to {hash}… and the audit chain holds that hash (a correction has replaced it since).",
    "billing.mismatch": "Mismatch: the stored invoice no longer hashes to its seal.",
    "billing.openVerdict": "Open: the statement is sealed when its month closes; until then there is nothing to verify.",
    "billing.ledger": "Ledger",
    "billing.ledgerWhat": "the ledger",
    "billing.noMoney": "No money has moved yet.",
    "billing.noMoneyHint": "A top-up is the first entry.",
    "billing.when": "When",
    "billing.balanceAfter": "Balance after",
    "billing.older": "Show older entries",
    "billing.newest": "The newest {count} entries are shown.",
    "billing.confirmWithdraw": "Withdraw {amount} to the card? A fee of 2.9% plus a fixed part is kept.",
    "billing.withdrawTitle": "Withdraw to the card",
    "billing.quoteWhat": "what can be withdrawn",
    "billing.withdrawable": "Can be withdrawn",
    "billing.paidLeft": "Paid by card, left",
    "billing.bonus": "Bonus credit",
    "billing.reserveHeld": "Reserve held back",
    "billing.withdrawHint": "Only money paid by card goes back, to the newest payments' cards first; card refunds usually land within 5 to 10 business days. A fee of 2.9% plus a fixed part is kept, and bonus credit is taken back in proportion.",
    "billing.withdrew": "Withdrew {amount}: fee {fee}, {payout} back to the card",
    "billing.clawback": ", bonus taken back {amount}",
    "billing.balanceNow": ". The balance is now {amount}.",
    "billing.withdraw": "Withdraw",
    "billing.withdrawAmount": "Amount to withdraw ({currency})",
  },
  ko: {
    "billing.title": "결제",
    "billing.ownerOnly": "결제는 소유자만 볼 수 있습니다.",
    "billing.ownerOnlyHint": "결제에는 view.billing 권한이 필요하며, 소유자가 가지고 있습니다 (사용자 지정 역할에도 부여할 수 있습니다).",
    "billing.what": "결제 정보",
    "billing.graceStrong": "선불 크레딧으로 요금을 결제하지 못했습니다.",
    "billing.graceSince": "{time}부터({attempts}) 조직은 유예 기간 중이며, 유예 기간 종료:",
    "billing.failedOne": "실패 1회",
    "billing.failedMany": "실패 {count}회",
    "billing.graceAfter": ". 그 전에 충전하면 미결 요금을 즉시 다시 결제합니다. 기간이 지나면 요금제가 Free로 내려가고 유료 부가 기능이 꺼집니다.",
    "billing.credit": "선불 크레딧",
    "billing.balance": "잔액",
    "billing.reserve": "서비스 예치금",
    "billing.currency": "통화",
    "billing.creditHint": "요금제, 부가 기능, 종량제 문자 요금은 이 크레딧에서 차감됩니다. 유료 요금제나 부가 기능을 쓰는 동안 예치금은 인출할 수 없습니다.",
    "billing.addCredit": "크레딧 충전",
    "billing.amount": "금액 ({currency})",
    "billing.devGateway": "개발자 모드: 개발용 게이트웨이가 카드 결제 없이 즉시 크레딧을 더합니다.",
    "billing.stripe": "운영자가 설정한 경우 Stripe를 통해 카드로 결제합니다.",
    "billing.added": "{amount}을(를) 충전했습니다.",
    "billing.addedDev": "개발용 게이트웨이로 {amount}을(를) 충전했습니다 (카드 결제 없음).",
    "billing.openPayment": "{amount} 결제가 {provider}에서 진행 중입니다 (결제 {payment}). 결제 대행사가 확인하면 크레딧이 들어옵니다. 이 대시보드는 아직 카드 정보를 받지 않으므로 카드 결제는 Stripe에서 완료합니다. 그때까지 잔액은 {balance}입니다.",
    "billing.confirmUpgrade": "지금 {plan}(으)로 업그레이드할까요? 이번 달 남은 기간의 요금이 일할 계산되어 선불 크레딧에서 차감됩니다.",
    "billing.plan": "요금제",
    "billing.perMonth": "월 요금",
    "billing.perContract": "계약에 따름",
    "billing.paidUntil": "결제 기한",
    "billing.scheduled": "결제 기간이 끝나는 {day}에 {plan}(으)로 바뀝니다. 그때까지는 {current}이(가) 유지됩니다.",
    "billing.keep": "{plan} 유지",
    "billing.follows": "이 하위 조직은 상위 조직의 요금제를 따릅니다.",
    "billing.enterprise": "Enterprise는 계약에 따라 가격이 정해지며, 운영자가 변경합니다.",
    "billing.rules": "업그레이드는 즉시 적용됩니다. 이번 달 남은 기간의 요금을 일할 계산해 크레딧에서 차감하고({plan}으로 이미 낸 금액은 뺍니다), 청구 금액을 여기에 표시합니다. 다운그레이드는 결제 기간이 끝날 때 적용되며 그 전까지 취소할 수 있습니다. Enterprise는 계약에 따릅니다.",
    "billing.changePlan": "요금제 변경",
    "billing.planChanged": "요금제를 변경했습니다.",
    "billing.newPlan": "새 요금제",
    "billing.upgraded": "{plan}(으)로 업그레이드했습니다. 이번 달 남은 기간 요금으로 크레딧에서 {amount}을(를) 차감했습니다.",
    "billing.scheduledResult": "{day}부터 {plan}. 그때까지는 {current}이(가) 유지됩니다.",
    "billing.cancelled": "예약된 변경을 취소했습니다. {plan}을(를) 계속 사용합니다.",
    "billing.unchanged": "이미 {plan}입니다. 바뀐 것이 없습니다.",
    "billing.addons": "부가 기능",
    "billing.addonsWhat": "부가 기능",
    "billing.addonOnCharged": "켜짐: 이번 달 남은 기간 요금으로 크레딧에서 {amount}을(를) 차감했습니다.",
    "billing.addonOnFree": "켜짐: 이번 달은 이미 결제되어 청구하지 않았습니다.",
    "billing.addonOff": "꺼짐. 환불은 없습니다. {day}까지 결제되어 있으며, 그 전에 다시 켜면 비용이 들지 않습니다.",
    "billing.addonLabel": "{name}: 월 {price}",
    "billing.needsPlan": "{plan} 이상이 필요합니다. ",
    "billing.addonPaidUntil": "{day}까지 결제됨.",
    "billing.addonOn": "켜짐.",
    "billing.addonOffHint": "꺼짐. 켜면 이번 달 남은 기간의 요금을 일할 계산해 청구합니다.",
    "billing.invoices": "청구서",
    "billing.invoicesHint": "매달 요금은 미결 명세서에 모이고, 달이 끝나면 발행되어 봉인됩니다 (감사 로그에 고정된 SHA-256 해시). 청구서의 검증 링크가 있으면 누구나 계정 없이 봉인을 확인할 수 있습니다.",
    "billing.invoicesWhat": "청구서",
    "billing.noInvoices": "아직 청구서가 없습니다.",
    "billing.noInvoicesHint": "첫 요금이 발생하면 이번 달 명세서가 열립니다.",
    "billing.openStatement": "미결 명세서",
    "billing.status.Open": "미결",
    "billing.status.Issued": "발행됨",
    "billing.status.Superseded": "대체됨",
    "billing.total": "합계",
    "billing.paid": " · 결제 {amount}",
    "billing.notCovered": " · 크레딧 부족분 {amount}",
    "billing.issued": " · 발행 {time}",
    "billing.issuedWhenClosed": " · 달이 끝나면 발행",
    "billing.replaced": " · 정정본으로 대체됨",
    "billing.lineOne": "1개 항목",
    "billing.lineMany": "{count}개 항목",
    "billing.whatColumn": "내용",
    "billing.amountColumn": "금액",
    "billing.paidColumn": "결제",
    "billing.yes": "예",
    "billing.creditTooLow": "아니요: 크레딧 부족",
    "billing.lineError": "아니요: 오류",
    "billing.pdfOf": " ({title})",
    "billing.verifyLink": "검증 링크",
    "billing.copyVerify": "검증 링크 복사",
    "billing.checkSealOf": "{title} 봉인 확인",
    "billing.checkSeal": "봉인 확인",
    "billing.sealValid": "봉인 유효: 청구서의 해시는 {hash}…이며 감사 체인에 그 해시가 있습니다.",
    "billing.sealValidSuperseded": "봉인 유효: 청구서의 해시는 {hash}…이며 감사 체인에 그 해시가 있습니다 (그 뒤 정정본으로 대체됨).",
    "billing.mismatch": "불일치: 저장된 청구서의 해시가 봉인과 더 이상 맞지 않습니다.",
    "billing.openVerdict": "미결: 명세서는 달이 끝나면 봉인되므로 그 전에는 검증할 것이 없습니다.",
    "billing.ledger": "원장",
    "billing.ledgerWhat": "원장",
    "billing.noMoney": "아직 금액 변동이 없습니다.",
    "billing.noMoneyHint": "충전이 첫 항목이 됩니다.",
    "billing.when": "시각",
    "billing.balanceAfter": "거래 후 잔액",
    "billing.older": "이전 항목 더 보기",
    "billing.newest": "최근 {count}개 항목을 표시합니다.",
    "billing.confirmWithdraw": "{amount}을(를) 카드로 인출할까요? 수수료 2.9%와 고정 금액을 뺍니다.",
    "billing.withdrawTitle": "카드로 인출",
    "billing.quoteWhat": "인출 가능 금액",
    "billing.withdrawable": "인출 가능",
    "billing.paidLeft": "카드 결제 잔여분",
    "billing.bonus": "보너스 크레딧",
    "billing.reserveHeld": "보류된 예치금",
    "billing.withdrawHint": "카드로 결제한 금액만 돌려주며, 최근 결제한 카드부터 환불합니다. 카드 환불은 보통 영업일 기준 5~10일 안에 들어옵니다. 수수료 2.9%와 고정 금액을 빼고, 보너스 크레딧은 비율에 따라 회수합니다.",
    "billing.withdrew": "{amount} 인출: 수수료 {fee}, 카드로 {payout} 환불",
    "billing.clawback": ", 보너스 회수 {amount}",
    "billing.balanceNow": ". 현재 잔액은 {amount}입니다.",
    "billing.withdraw": "인출",
    "billing.withdrawAmount": "인출 금액 ({currency})",
  },
  ja: {
    "billing.title": "請求",
    "billing.ownerOnly": "請求を見られるのはオーナーだけです。",
    "billing.ownerOnlyHint": "請求には view.billing が必要で、オーナーが持っています (カスタムロールにも付与できます)。",
    "billing.what": "請求情報",
    "billing.graceStrong": "前払いクレジットから料金を支払えませんでした。",
    "billing.graceSince": "{time} から ({attempts})、組織は猶予期間中です。終了日時:",
    "billing.failedOne": "失敗 1 回",
    "billing.failedMany": "失敗 {count} 回",
    "billing.graceAfter": "。それまでにチャージすると、未払いの料金はすぐに再請求されます。期間が過ぎるとプランは Free に下がり、有料アドオンはオフになります。",
    "billing.credit": "前払いクレジット",
    "billing.balance": "残高",
    "billing.reserve": "サービス準備金",
    "billing.currency": "通貨",
    "billing.creditHint": "プラン、アドオン、従量制の SMS はこのクレジットから差し引かれます。有料プランやアドオンを使っている間、準備金は払い戻しできません。",
    "billing.addCredit": "クレジットを追加",
    "billing.amount": "金額 ({currency})",
    "billing.devGateway": "開発者モード: 開発用ゲートウェイがカードに請求せず、すぐにクレジットを追加します。",
    "billing.stripe": "運営者が設定していれば、Stripe を通じてカードで支払います。",
    "billing.added": "{amount} を追加しました。",
    "billing.addedDev": "開発用ゲートウェイで {amount} を追加しました (カードへの請求はありません)。",
    "billing.openPayment": "{amount} の支払いは {provider} で処理中です (支払い {payment})。決済代行会社が確認するとクレジットが入ります。このダッシュボードはまだカード情報を受け付けないため、カード決済は Stripe で完了します。それまで残高は {balance} のままです。",
    "billing.confirmUpgrade": "今すぐ {plan} にアップグレードしますか? 今月の残りの期間の料金が日割りで前払いクレジットから差し引かれます。",
    "billing.plan": "プラン",
    "billing.perMonth": "月額",
    "billing.perContract": "契約による",
    "billing.paidUntil": "支払い済み期間",
    "billing.scheduled": "支払い済み期間の終わりの {day} に {plan} に変わります。それまでは {current} のままです。",
    "billing.keep": "{plan} を維持",
    "billing.follows": "このサブ組織は親組織のプランに従います。",
    "billing.enterprise": "Enterprise は契約ごとの価格で、運営者が変更します。",
    "billing.rules": "アップグレードはすぐに適用されます。今月の残りの期間を日割りで計算してクレジットから差し引き ({plan} で支払い済みの分は差し引きます)、請求額をここに表示します。ダウングレードは支払い済み期間の終わりに適用され、それまではキャンセルできます。Enterprise は契約によります。",
    "billing.changePlan": "プランを変更",
    "billing.planChanged": "プランを変更しました。",
    "billing.newPlan": "新しいプラン",
    "billing.upgraded": "{plan} にアップグレードしました。今月の残りの期間分として {amount} をクレジットから差し引きました。",
    "billing.scheduledResult": "{day} から {plan}。それまでは {current} のままです。",
    "billing.cancelled": "予定していた変更をキャンセルしました。{plan} を継続します。",
    "billing.unchanged": "すでに {plan} です。変更はありません。",
    "billing.addons": "アドオン",
    "billing.addonsWhat": "アドオン",
    "billing.addonOnCharged": "オン: 今月の残りの期間分として {amount} をクレジットから差し引きました。",
    "billing.addonOnFree": "オン: 今月は支払い済みのため、請求はありません。",
    "billing.addonOff": "オフ。返金はありません。{day} まで支払い済みで、それまでに再びオンにしても費用はかかりません。",
    "billing.addonLabel": "{name}: 月額 {price}",
    "billing.needsPlan": "{plan} 以上が必要です。",
    "billing.addonPaidUntil": "{day} まで支払い済み。",
    "billing.addonOn": "オン。",
    "billing.addonOffHint": "オフ。オンにすると今月の残りの期間分を日割りで請求します。",
    "billing.invoices": "請求書",
    "billing.invoicesHint": "毎月の料金は未確定の明細にまとめられ、月末に発行・封印されます (監査ログに固定された SHA-256 ハッシュ)。請求書の検証リンクがあれば、誰でもアカウントなしで封印を確認できます。",
    "billing.invoicesWhat": "請求書",
    "billing.noInvoices": "請求書はまだありません。",
    "billing.noInvoicesHint": "最初の料金で今月の明細が作られます。",
    "billing.openStatement": "未確定の明細",
    "billing.status.Open": "未確定",
    "billing.status.Issued": "発行済み",
    "billing.status.Superseded": "差し替え済み",
    "billing.total": "合計",
    "billing.paid": " · 支払い済み {amount}",
    "billing.notCovered": " · クレジット不足分 {amount}",
    "billing.issued": " · 発行 {time}",
    "billing.issuedWhenClosed": " · 月末に発行",
    "billing.replaced": " · 訂正版に差し替え済み",
    "billing.lineOne": "1 行",
    "billing.lineMany": "{count} 行",
    "billing.whatColumn": "内容",
    "billing.amountColumn": "金額",
    "billing.paidColumn": "支払い",
    "billing.yes": "済み",
    "billing.creditTooLow": "未: クレジット不足",
    "billing.lineError": "未: エラー",
    "billing.pdfOf": " ({title})",
    "billing.verifyLink": "検証リンク",
    "billing.copyVerify": "検証リンクをコピー",
    "billing.checkSealOf": "{title} の封印を確認",
    "billing.checkSeal": "封印を確認",
    "billing.sealValid": "封印は有効です: 請求書のハッシュは {hash}… で、監査チェーンにそのハッシュがあります。",
    "billing.sealValidSuperseded": "封印は有効です: 請求書のハッシュは {hash}… で、監査チェーンにそのハッシュがあります (その後、訂正版に差し替え済み)。",
    "billing.mismatch": "不一致: 保存されている請求書のハッシュが封印と一致しません。",
    "billing.openVerdict": "未確定: 明細は月末に封印されるため、それまでは検証するものがありません。",
    "billing.ledger": "台帳",
    "billing.ledgerWhat": "台帳",
    "billing.noMoney": "まだお金の動きはありません。",
    "billing.noMoneyHint": "チャージが最初の記録になります。",
    "billing.when": "日時",
    "billing.balanceAfter": "取引後の残高",
    "billing.older": "古い記録をさらに表示",
    "billing.newest": "最新の {count} 件を表示しています。",
    "billing.confirmWithdraw": "{amount} をカードに払い戻しますか? 手数料 2.9% と固定額が差し引かれます。",
    "billing.withdrawTitle": "カードへの払い戻し",
    "billing.quoteWhat": "払い戻し可能な金額",
    "billing.withdrawable": "払い戻し可能",
    "billing.paidLeft": "カード支払いの残り",
    "billing.bonus": "ボーナスクレジット",
    "billing.reserveHeld": "留保中の準備金",
    "billing.withdrawHint": "カードで支払った分だけが、新しい支払いのカードから順に返金されます。カードの返金は通常 5〜10 営業日で届きます。手数料 2.9% と固定額を差し引き、ボーナスクレジットは比例して回収します。",
    "billing.withdrew": "{amount} を払い戻し: 手数料 {fee}、カードへ {payout} を返金",
    "billing.clawback": "、ボーナス回収 {amount}",
    "billing.balanceNow": "。現在の残高は {amount} です。",
    "billing.withdraw": "払い戻し",
    "billing.withdrawAmount": "払い戻す金額 ({currency})",
  },
};
