/** The billing helpers' words (billing.ts): invoice line categories, ledger moves, settlements and amount hints, shown by pages/billing.tsx and pages/commerce.tsx. */
import type { Catalog } from "../../i18n";

type BillingWordsKey =
  | "billing-words.category.plan"
  | "billing-words.category.proration"
  | "billing-words.category.addon"
  | "billing-words.category.sso"
  | "billing-words.category.usage"
  | "billing-words.category.other"
  | "billing-words.move.topup"
  | "billing-words.move.bonus"
  | "billing-words.move.withdrawal"
  | "billing-words.move.clawback"
  | "billing-words.move.reversal"
  | "billing-words.move.fee"
  | "billing-words.move.adjustment"
  | "billing-words.settlement.settled"
  | "billing-words.settlement.partial"
  | "billing-words.settlement.awaiting_credit"
  | "billing-words.settlement.none"
  | "billing-words.wholeAmount"
  | "billing-words.decimalAmount"
  | "billing-words.aboveZero";

export const billingWordsCatalog: Catalog<BillingWordsKey> = {
  en: {
    "billing-words.category.plan": "Plan",
    "billing-words.category.proration": "Prorated",
    "billing-words.category.addon": "Add-on",
    "billing-words.category.sso": "SSO",
    "billing-words.category.usage": "Usage",
    "billing-words.category.other": "Other",
    "billing-words.move.topup": "Top-up",
    "billing-words.move.bonus": "Bonus",
    "billing-words.move.withdrawal": "Withdrawal",
    "billing-words.move.clawback": "Bonus clawback",
    "billing-words.move.reversal": "Reversal",
    "billing-words.move.fee": "Fee",
    "billing-words.move.adjustment": "Adjustment",
    "billing-words.settlement.settled": "Settled",
    "billing-words.settlement.partial": "Partly settled",
    "billing-words.settlement.awaiting_credit": "Awaiting credit",
    "billing-words.settlement.none": "Nothing to pay",
    "billing-words.wholeAmount": "Enter a whole amount of {currency}, such as 50000.",
    "billing-words.decimalAmount": "Enter an amount of {currency} such as 25 or 25.50 (at most {exponent} decimals).",
    "billing-words.aboveZero": "Enter an amount above zero.",
  },
  ko: {
    "billing-words.category.plan": "요금제",
    "billing-words.category.proration": "일할 계산",
    "billing-words.category.addon": "부가 기능",
    "billing-words.category.sso": "SSO(싱글 사인온)",
    "billing-words.category.usage": "사용량",
    "billing-words.category.other": "기타",
    "billing-words.move.topup": "충전",
    "billing-words.move.bonus": "보너스",
    "billing-words.move.withdrawal": "인출",
    "billing-words.move.clawback": "보너스 회수",
    "billing-words.move.reversal": "취소",
    "billing-words.move.fee": "수수료",
    "billing-words.move.adjustment": "조정",
    "billing-words.settlement.settled": "정산 완료",
    "billing-words.settlement.partial": "일부 정산",
    "billing-words.settlement.awaiting_credit": "크레딧 대기 중",
    "billing-words.settlement.none": "결제할 금액 없음",
    "billing-words.wholeAmount": "{currency} 금액을 50000처럼 정수로 입력하세요.",
    "billing-words.decimalAmount": "{currency} 금액을 25 또는 25.50처럼 입력하세요(소수점 이하 최대 {exponent}자리).",
    "billing-words.aboveZero": "0보다 큰 금액을 입력하세요.",
  },
  ja: {
    "billing-words.category.plan": "プラン",
    "billing-words.category.proration": "日割り",
    "billing-words.category.addon": "アドオン",
    "billing-words.category.sso": "SSO（シングルサインオン）",
    "billing-words.category.usage": "使用量",
    "billing-words.category.other": "その他",
    "billing-words.move.topup": "チャージ",
    "billing-words.move.bonus": "ボーナス",
    "billing-words.move.withdrawal": "払い戻し",
    "billing-words.move.clawback": "ボーナスの回収",
    "billing-words.move.reversal": "取り消し",
    "billing-words.move.fee": "手数料",
    "billing-words.move.adjustment": "調整",
    "billing-words.settlement.settled": "精算済み",
    "billing-words.settlement.partial": "一部精算",
    "billing-words.settlement.awaiting_credit": "クレジット待ち",
    "billing-words.settlement.none": "支払いなし",
    "billing-words.wholeAmount": "{currency} の金額を 50000 のように整数で入力してください。",
    "billing-words.decimalAmount": "{currency} の金額を 25 や 25.50 のように入力してください（小数点以下は最大 {exponent} 桁）。",
    "billing-words.aboveZero": "0 より大きい金額を入力してください。",
  },
};
