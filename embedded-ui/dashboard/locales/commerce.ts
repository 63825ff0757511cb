/** The Monetization page's words (pages/commerce.tsx). */
import type { Catalog } from "../../i18n";

type CommerceKey =
  | "commerce.title"
  | "commerce.policy"
  | "commerce.policyWhat"
  | "commerce.takes"
  | "commerce.collect"
  | "commerce.anyNumber"
  | "commerce.cap"
  | "commerce.consolidated"
  | "commerce.pricedIn"
  | "commerce.noGroups"
  | "commerce.noGroupsHint"
  | "commerce.appGroup"
  | "commerce.collecting"
  | "commerce.products"
  | "commerce.productsWhat"
  | "commerce.noProducts"
  | "commerce.product"
  | "commerce.price"
  | "commerce.gateway"
  | "commerce.actions"
  | "commerce.synced"
  | "commerce.notSynced"
  | "commerce.sync"
  | "commerce.syncedDone"
  | "commerce.newPrice"
  | "commerce.reprice"
  | "commerce.repriced"
  | "commerce.delete"
  | "commerce.deleted"
  | "commerce.add"
  | "commerce.added"
  | "commerce.name"
  | "commerce.priceIn"
  | "commerce.payouts"
  | "commerce.payoutWhat"
  | "commerce.on"
  | "commerce.off"
  | "commerce.account"
  | "commerce.stillNeeded"
  | "commerce.brand"
  | "commerce.notPublished"
  | "commerce.noAccount"
  | "commerce.noAccountHint"
  | "commerce.continueOnboarding"
  | "commerce.link"
  | "commerce.linked"
  | "commerce.publish"
  | "commerce.published"
  | "commerce.openOnboarding"
  | "commerce.earnings"
  | "commerce.earningsWhat"
  | "commerce.collected"
  | "commerce.noAccountLinked"
  | "commerce.line";

export const commerceCatalog: Catalog<CommerceKey> = {
  en: {
    "commerce.title": "Monetization",
    "commerce.policy": "Policy",
    "commerce.policyWhat": "the monetization policy",
    "commerce.takes": "Signet takes {rate} of what your end users pay.",
    "commerce.collect": " {enabled} of {limit} app groups collect.",
    "commerce.anyNumber": "any number of",
    "commerce.cap": " Up to ${cap} a month on this plan.",
    "commerce.consolidated": " Consolidated roll-up is on.",
    "commerce.pricedIn": "Products are priced in {currency}. Switch an app group's collection on its Apps page (billing collection).",
    "commerce.noGroups": "No app groups yet.",
    "commerce.noGroupsHint": "Create one on the Apps page to sell to its end users.",
    "commerce.appGroup": "App group",
    "commerce.collecting": "{name} (collecting)",
    "commerce.products": "Products",
    "commerce.productsWhat": "products",
    "commerce.noProducts": "No products yet.",
    "commerce.product": "Product",
    "commerce.price": "Price",
    "commerce.gateway": "Gateway",
    "commerce.actions": "Actions",
    "commerce.synced": "Synced {time}",
    "commerce.notSynced": "Not synced",
    "commerce.sync": "Sync",
    "commerce.syncedDone": "Product synced.",
    "commerce.newPrice": "New price of {name}",
    "commerce.reprice": "Reprice",
    "commerce.repriced": "Price changed.",
    "commerce.delete": "Delete",
    "commerce.deleted": "Product deleted.",
    "commerce.add": "Add product",
    "commerce.added": "Product added.",
    "commerce.name": "Name",
    "commerce.priceIn": "Price ({currency})",
    "commerce.payouts": "Payouts",
    "commerce.payoutWhat": "the payout account",
    "commerce.on": "on",
    "commerce.off": "off",
    "commerce.account": "Gateway account {account} ({provider}): charges {charges}, payouts {payouts}.",
    "commerce.stillNeeded": " Still needed: {items}.",
    "commerce.brand": " Brand: {brand}.",
    "commerce.notPublished": "not published yet",
    "commerce.noAccount": "No gateway account yet.",
    "commerce.noAccountHint": "Link one to collect from this app group's end users.",
    "commerce.continueOnboarding": "Continue onboarding",
    "commerce.link": "Link gateway account",
    "commerce.linked": "Gateway account linked: continue with its onboarding.",
    "commerce.publish": "Publish brand",
    "commerce.published": "Brand published.",
    "commerce.openOnboarding": "Open the gateway's onboarding",
    "commerce.earnings": "Earnings",
    "commerce.earningsWhat": "earnings",
    "commerce.collected": "Collected after Signet's take rate: {amount}",
    "commerce.noAccountLinked": " (no gateway account linked yet)",
    "commerce.line": "{time}: {amount} paid, {take} take rate, {net} net",
  },
  ko: {
    "commerce.title": "수익화",
    "commerce.policy": "정책",
    "commerce.policyWhat": "수익화 정책",
    "commerce.takes": "Signet은 최종 사용자가 결제한 금액의 {rate}를 받습니다.",
    "commerce.collect": " 앱 그룹 {limit}개 중 {enabled}개가 수납합니다.",
    "commerce.anyNumber": "무제한",
    "commerce.cap": " 이 요금제에서는 월 최대 ${cap}입니다.",
    "commerce.consolidated": " 통합 집계가 켜져 있습니다.",
    "commerce.pricedIn": "상품 가격은 {currency}로 정합니다. 앱 그룹의 수납은 앱 페이지(결제 수납)에서 켜고 끄세요.",
    "commerce.noGroups": "아직 앱 그룹이 없습니다.",
    "commerce.noGroupsHint": "최종 사용자에게 판매하려면 앱 페이지에서 만드세요.",
    "commerce.appGroup": "앱 그룹",
    "commerce.collecting": "{name} (수납 중)",
    "commerce.products": "상품",
    "commerce.productsWhat": "상품",
    "commerce.noProducts": "아직 상품이 없습니다.",
    "commerce.product": "상품",
    "commerce.price": "가격",
    "commerce.gateway": "게이트웨이",
    "commerce.actions": "작업",
    "commerce.synced": "동기화됨 {time}",
    "commerce.notSynced": "동기화 안 됨",
    "commerce.sync": "동기화",
    "commerce.syncedDone": "상품을 동기화했습니다.",
    "commerce.newPrice": "{name}의 새 가격",
    "commerce.reprice": "가격 변경",
    "commerce.repriced": "가격을 변경했습니다.",
    "commerce.delete": "삭제",
    "commerce.deleted": "상품을 삭제했습니다.",
    "commerce.add": "상품 추가",
    "commerce.added": "상품을 추가했습니다.",
    "commerce.name": "이름",
    "commerce.priceIn": "가격 ({currency})",
    "commerce.payouts": "정산",
    "commerce.payoutWhat": "정산 계정",
    "commerce.on": "켜짐",
    "commerce.off": "꺼짐",
    "commerce.account": "게이트웨이 계정 {account} ({provider}): 결제 {charges}, 정산 {payouts}.",
    "commerce.stillNeeded": " 아직 필요한 항목: {items}.",
    "commerce.brand": " 브랜드: {brand}.",
    "commerce.notPublished": "아직 게시 안 됨",
    "commerce.noAccount": "아직 게이트웨이 계정이 없습니다.",
    "commerce.noAccountHint": "이 앱 그룹의 최종 사용자에게서 수납하려면 계정을 연결하세요.",
    "commerce.continueOnboarding": "온보딩 계속하기",
    "commerce.link": "게이트웨이 계정 연결",
    "commerce.linked": "게이트웨이 계정을 연결했습니다. 온보딩을 계속하세요.",
    "commerce.publish": "브랜드 게시",
    "commerce.published": "브랜드를 게시했습니다.",
    "commerce.openOnboarding": "게이트웨이 온보딩 열기",
    "commerce.earnings": "수익",
    "commerce.earningsWhat": "수익",
    "commerce.collected": "Signet 수수료를 뺀 수납액: {amount}",
    "commerce.noAccountLinked": " (아직 연결된 게이트웨이 계정 없음)",
    "commerce.line": "{time}: 결제 {amount}, 수수료 {take}, 순수익 {net}",
  },
  ja: {
    "commerce.title": "収益化",
    "commerce.policy": "ポリシー",
    "commerce.policyWhat": "収益化ポリシー",
    "commerce.takes": "Signet はエンドユーザーの支払額の {rate} を受け取ります。",
    "commerce.collect": " {limit} 件のアプリグループのうち {enabled} 件が集金しています。",
    "commerce.anyNumber": "無制限",
    "commerce.cap": " このプランでは月 ${cap} までです。",
    "commerce.consolidated": " 統合集計はオンです。",
    "commerce.pricedIn": "商品は {currency} で価格設定します。アプリグループの集金はアプリページ (請求の集金) で切り替えてください。",
    "commerce.noGroups": "アプリグループはまだありません。",
    "commerce.noGroupsHint": "エンドユーザーに販売するには、アプリページで作成してください。",
    "commerce.appGroup": "アプリグループ",
    "commerce.collecting": "{name} (集金中)",
    "commerce.products": "商品",
    "commerce.productsWhat": "商品",
    "commerce.noProducts": "商品はまだありません。",
    "commerce.product": "商品",
    "commerce.price": "価格",
    "commerce.gateway": "ゲートウェイ",
    "commerce.actions": "操作",
    "commerce.synced": "同期済み {time}",
    "commerce.notSynced": "未同期",
    "commerce.sync": "同期",
    "commerce.syncedDone": "商品を同期しました。",
    "commerce.newPrice": "{name} の新しい価格",
    "commerce.reprice": "価格を変更",
    "commerce.repriced": "価格を変更しました。",
    "commerce.delete": "削除",
    "commerce.deleted": "商品を削除しました。",
    "commerce.add": "商品を追加",
    "commerce.added": "商品を追加しました。",
    "commerce.name": "名前",
    "commerce.priceIn": "価格 ({currency})",
    "commerce.payouts": "支払い",
    "commerce.payoutWhat": "支払いアカウント",
    "commerce.on": "オン",
    "commerce.off": "オフ",
    "commerce.account": "ゲートウェイアカウント {account} ({provider}): 決済 {charges}、支払い {payouts}。",
    "commerce.stillNeeded": " まだ必要な項目: {items}。",
    "commerce.brand": " ブランド: {brand}。",
    "commerce.notPublished": "未公開",
    "commerce.noAccount": "ゲートウェイアカウントはまだありません。",
    "commerce.noAccountHint": "このアプリグループのエンドユーザーから集金するには、アカウントを連携してください。",
    "commerce.continueOnboarding": "オンボーディングを続ける",
    "commerce.link": "ゲートウェイアカウントを連携",
    "commerce.linked": "ゲートウェイアカウントを連携しました。オンボーディングを続けてください。",
    "commerce.publish": "ブランドを公開",
    "commerce.published": "ブランドを公開しました。",
    "commerce.openOnboarding": "ゲートウェイのオンボーディングを開く",
    "commerce.earnings": "収益",
    "commerce.earningsWhat": "収益",
    "commerce.collected": "Signet の手数料差し引き後の集金額: {amount}",
    "commerce.noAccountLinked": " (ゲートウェイアカウント未連携)",
    "commerce.line": "{time}: 支払い {amount}、手数料 {take}、純額 {net}",
  },
};
