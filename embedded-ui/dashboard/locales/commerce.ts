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
  | "commerce.importHeading"
  | "commerce.importHint"
  | "commerce.importFile"
  | "commerce.import"
  | "commerce.importChooseFile"
  | "commerce.importProgress"
  | "commerce.imported"
  | "commerce.importStopped"
  | "commerce.importUnclosedQuote"
  | "commerce.importEmpty"
  | "commerce.importUnknownColumn"
  | "commerce.importMissingColumn"
  | "commerce.importTooMany"
  | "commerce.importRowShape"
  | "commerce.importRowName"
  | "commerce.importRowPrice"
  | "commerce.importRowKey"
  | "commerce.importRowDescription"
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
    "commerce.importHeading": "Import from a CSV file",
    "commerce.importHint": "A header row, then one product a row: name and price (in {currency}, as 19.99) are required; productKey and description are optional. Products whose key, else name, already exists are skipped, so the same file can be imported again. The file is checked before anything is sent, then sent {max} rows at a time.",
    "commerce.importFile": "CSV file of products",
    "commerce.import": "Import",
    "commerce.importChooseFile": "Choose a CSV file first.",
    "commerce.importProgress": "{done} of {total} rows imported",
    "commerce.imported": "Import finished: {created} added, {skipped} skipped (already there).",
    "commerce.importStopped": "The import stopped at row {row}: the rows before it went in ({created} added, {skipped} skipped); that row and those after it did not. Importing the file again skips what is there.",
    "commerce.importUnclosedQuote": "The file has a quote that is never closed.",
    "commerce.importEmpty": "The file has no products: a header row and at least one row are needed.",
    "commerce.importUnknownColumn": "The header names a column this import does not know: {column}. The columns are name, price, productKey and description.",
    "commerce.importMissingColumn": "The header has no {column} column.",
    "commerce.importTooMany": "The file has more than {max} products; split it.",
    "commerce.importRowShape": "Row {row}: the header has {expected} columns, this row {count}.",
    "commerce.importRowName": "Row {row}: a name is 1 to 200 characters.",
    "commerce.importRowPrice": "Row {row}: {reason}",
    "commerce.importRowKey": "Row {row}: a product key is 1 to 64 of a-z, A-Z, 0-9, _ . -",
    "commerce.importRowDescription": "Row {row}: a description is at most 1,000 characters.",
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
    "commerce.importHeading": "CSV 파일에서 가져오기",
    "commerce.importHint": "첫 행은 머리글이고, 이어서 한 행에 상품 하나입니다. name과 price({currency}, 예: 19.99)는 필수이고 productKey와 description은 선택입니다. 키가, 키가 없으면 이름이 이미 있는 상품은 건너뛰므로 같은 파일을 다시 가져와도 됩니다. 파일은 보내기 전에 모두 확인하고, 한 번에 {max}행씩 보냅니다.",
    "commerce.importFile": "상품 CSV 파일",
    "commerce.import": "가져오기",
    "commerce.importChooseFile": "먼저 CSV 파일을 선택하세요.",
    "commerce.importProgress": "{total}행 중 {done}행 가져옴",
    "commerce.imported": "가져오기 완료: {created}개 추가, {skipped}개 건너뜀(이미 있음).",
    "commerce.importStopped": "{row}행에서 가져오기가 멈췄습니다. 그 앞의 행은 들어갔고({created}개 추가, {skipped}개 건너뜀), 그 행과 뒤의 행은 들어가지 않았습니다. 파일을 다시 가져오면 이미 있는 것은 건너뜁니다.",
    "commerce.importUnclosedQuote": "파일에 닫히지 않은 따옴표가 있습니다.",
    "commerce.importEmpty": "파일에 상품이 없습니다. 머리글 행과 한 행 이상이 필요합니다.",
    "commerce.importUnknownColumn": "머리글에 알 수 없는 열이 있습니다: {column}. 열은 name, price, productKey, description입니다.",
    "commerce.importMissingColumn": "머리글에 {column} 열이 없습니다.",
    "commerce.importTooMany": "파일의 상품이 {max}개를 넘습니다. 나누어 가져오세요.",
    "commerce.importRowShape": "{row}행: 머리글은 {expected}열인데 이 행은 {count}열입니다.",
    "commerce.importRowName": "{row}행: 이름은 1~200자입니다.",
    "commerce.importRowPrice": "{row}행: {reason}",
    "commerce.importRowKey": "{row}행: 상품 키는 a-z, A-Z, 0-9, _ . - 중 1~64자입니다.",
    "commerce.importRowDescription": "{row}행: 설명은 1,000자 이하입니다.",
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
    "commerce.importHeading": "CSV ファイルから取り込む",
    "commerce.importHint": "1 行目は見出し、続いて 1 行に 1 商品です。name と price（{currency}、例: 19.99）は必須、productKey と description は任意です。キーが、キーがなければ名前がすでにある商品は飛ばすので、同じファイルをもう一度取り込めます。ファイルは送る前にすべて確認し、{max} 行ずつ送ります。",
    "commerce.importFile": "商品の CSV ファイル",
    "commerce.import": "取り込む",
    "commerce.importChooseFile": "先に CSV ファイルを選んでください。",
    "commerce.importProgress": "{total} 行中 {done} 行を取り込み済み",
    "commerce.imported": "取り込み完了: {created} 件追加、{skipped} 件スキップ（既存）。",
    "commerce.importStopped": "{row} 行目で取り込みが止まりました。それより前の行は入りました（{created} 件追加、{skipped} 件スキップ）が、その行と後の行は入っていません。もう一度取り込むと、既存のものは飛ばします。",
    "commerce.importUnclosedQuote": "ファイルに閉じられていない引用符があります。",
    "commerce.importEmpty": "ファイルに商品がありません。見出し行と 1 行以上が必要です。",
    "commerce.importUnknownColumn": "見出しに不明な列があります: {column}。列は name、price、productKey、description です。",
    "commerce.importMissingColumn": "見出しに {column} 列がありません。",
    "commerce.importTooMany": "ファイルの商品が {max} 件を超えています。分けてください。",
    "commerce.importRowShape": "{row} 行目: 見出しは {expected} 列ですが、この行は {count} 列です。",
    "commerce.importRowName": "{row} 行目: 名前は 1〜200 文字です。",
    "commerce.importRowPrice": "{row} 行目: {reason}",
    "commerce.importRowKey": "{row} 行目: 商品キーは a-z、A-Z、0-9、_ . - の 1〜64 文字です。",
    "commerce.importRowDescription": "{row} 行目: 説明は 1,000 文字以内です。",
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
