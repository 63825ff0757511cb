/** The Korean package page's words (pages/korean.tsx). */
import type { Catalog } from "../../i18n";

type KoreanKey =
  | "korean.title"
  | "korean.ownerOnly"
  | "korean.ownerOnlyHint"
  | "korean.what"
  | "korean.card"
  | "korean.registered"
  | "korean.registeredOn"
  | "korean.noCard"
  | "korean.cardHint"
  | "korean.registerCard"
  | "korean.cardRegistered"
  | "korean.linked"
  | "korean.popbillLinked"
  | "korean.linkPopbill"
  | "korean.popbillDone"
  | "korean.corpNum"
  | "korean.corpName"
  | "korean.ceo"
  | "korean.popbillUser"
  | "korean.contactEmail"
  | "korean.lookups"
  | "korean.today"
  | "korean.lookUp"
  | "korean.searchAddress"
  | "korean.noAddress"
  | "korean.roadAddress"
  | "korean.kakao"
  | "korean.kakaoHint"
  | "korean.groupsWhat"
  | "korean.noGroups"
  | "korean.appGroup"
  | "korean.channelWhat"
  | "korean.channelLinked"
  | "korean.channelLinkedManager"
  | "korean.noChannel"
  | "korean.changeChannel"
  | "korean.linkChannel"
  | "korean.channelSaved"
  | "korean.channelId"
  | "korean.templateCode"
  | "korean.senderNumber"
  | "korean.unlink"
  | "korean.unlinked"
  | "korean.manage.channel"
  | "korean.manage.template"
  | "korean.manage.sender"
  | "korean.popupReady"
  | "korean.openPopbill"
  | "korean.popbillFirst";

export const koreanCatalog: Catalog<KoreanKey> = {
  en: {
    "korean.title": "Korean package",
    "korean.ownerOnly": "Only the owner sees the Korean package.",
    "korean.ownerOnlyHint": "It needs view.billing, which the owner holds.",
    "korean.what": "the Korean package",
    "korean.card": "KRW billing card",
    "korean.registered": "Registered",
    "korean.registeredOn": "on {time}",
    "korean.noCard": "No card",
    "korean.cardHint": "Open the card window of the Korean PG with the customer key {key}, then paste the authKey it returns.",
    "korean.registerCard": "Register card",
    "korean.cardRegistered": "Card registered.",
    "korean.linked": "Linked",
    "korean.popbillLinked": "business {corp}, user {user}",
    "korean.linkPopbill": "Link with Popbill",
    "korean.popbillDone": "Linked with Popbill.",
    "korean.corpNum": "Business registration number",
    "korean.corpName": "Company name",
    "korean.ceo": "Representative",
    "korean.popbillUser": "Popbill user id",
    "korean.contactEmail": "Contact e-mail",
    "korean.lookups": "Lookups",
    "korean.today": "Today: {businessUsed} of {businessLimit} business lookups, {addressUsed} of {addressLimit} address searches.",
    "korean.lookUp": "Look up business",
    "korean.searchAddress": "Search address",
    "korean.noAddress": "No address found.",
    "korean.roadAddress": "Road-name address",
    "korean.kakao": "Kakao channel",
    "korean.kakaoHint": "Once an app group links its channel, verification codes to Korean numbers go as alimtalk, with SMS when it cannot be delivered.",
    "korean.groupsWhat": "app groups",
    "korean.noGroups": "No app groups yet.",
    "korean.appGroup": "App group",
    "korean.channelWhat": "the Kakao channel",
    "korean.channelLinked": "Linked: {channel}, template {template}, sender {sender}.",
    "korean.channelLinkedManager": "Linked: {channel}, template {template}, sender {sender}, manager {manager}.",
    "korean.noChannel": "No channel linked.",
    "korean.changeChannel": "Change channel",
    "korean.linkChannel": "Link channel",
    "korean.channelSaved": "Kakao channel saved.",
    "korean.channelId": "Channel id (@handle)",
    "korean.templateCode": "Alimtalk template code",
    "korean.senderNumber": "Sender number",
    "korean.unlink": "Unlink channel",
    "korean.unlinked": "Kakao channel unlinked.",
    "korean.manage.channel": "Manage channels at Popbill",
    "korean.manage.template": "Manage templates at Popbill",
    "korean.manage.sender": "Manage senders at Popbill",
    "korean.popupReady": "The Popbill window is ready: open it below.",
    "korean.openPopbill": "Open Popbill",
    "korean.popbillFirst": "Link the organization with Popbill first.",
  },
  ko: {
    "korean.title": "한국 패키지",
    "korean.ownerOnly": "한국 패키지는 소유자만 볼 수 있습니다.",
    "korean.ownerOnlyHint": "view.billing 권한이 필요하며, 소유자가 가지고 있습니다.",
    "korean.what": "한국 패키지",
    "korean.card": "원화 결제 카드",
    "korean.registered": "등록됨",
    "korean.registeredOn": "{time} 등록",
    "korean.noCard": "카드 없음",
    "korean.cardHint": "고객 키 {key}로 국내 PG의 카드 등록 창을 열고, 돌려받은 authKey를 붙여 넣으세요.",
    "korean.registerCard": "카드 등록",
    "korean.cardRegistered": "카드를 등록했습니다.",
    "korean.linked": "연결됨",
    "korean.popbillLinked": "사업자 {corp}, 사용자 {user}",
    "korean.linkPopbill": "팝빌과 연결",
    "korean.popbillDone": "팝빌과 연결했습니다.",
    "korean.corpNum": "사업자등록번호",
    "korean.corpName": "상호",
    "korean.ceo": "대표자",
    "korean.popbillUser": "팝빌 사용자 ID",
    "korean.contactEmail": "담당자 이메일",
    "korean.lookups": "조회",
    "korean.today": "오늘: 사업자 조회 {businessLimit}건 중 {businessUsed}건, 주소 검색 {addressLimit}건 중 {addressUsed}건.",
    "korean.lookUp": "사업자 조회",
    "korean.searchAddress": "주소 검색",
    "korean.noAddress": "주소를 찾지 못했습니다.",
    "korean.roadAddress": "도로명 주소",
    "korean.kakao": "카카오 채널",
    "korean.kakaoHint": "앱 그룹이 채널을 연결하면 한국 번호로 가는 인증 코드는 알림톡으로 보내고, 전달할 수 없으면 SMS로 보냅니다.",
    "korean.groupsWhat": "앱 그룹",
    "korean.noGroups": "아직 앱 그룹이 없습니다.",
    "korean.appGroup": "앱 그룹",
    "korean.channelWhat": "카카오 채널",
    "korean.channelLinked": "연결됨: {channel}, 템플릿 {template}, 발신 번호 {sender}.",
    "korean.channelLinkedManager": "연결됨: {channel}, 템플릿 {template}, 발신 번호 {sender}, 관리자 {manager}.",
    "korean.noChannel": "연결된 채널이 없습니다.",
    "korean.changeChannel": "채널 변경",
    "korean.linkChannel": "채널 연결",
    "korean.channelSaved": "카카오 채널을 저장했습니다.",
    "korean.channelId": "채널 ID (@핸들)",
    "korean.templateCode": "알림톡 템플릿 코드",
    "korean.senderNumber": "발신 번호",
    "korean.unlink": "채널 연결 해제",
    "korean.unlinked": "카카오 채널 연결을 해제했습니다.",
    "korean.manage.channel": "팝빌에서 채널 관리",
    "korean.manage.template": "팝빌에서 템플릿 관리",
    "korean.manage.sender": "팝빌에서 발신 번호 관리",
    "korean.popupReady": "팝빌 창이 준비되었습니다. 아래에서 여세요.",
    "korean.openPopbill": "팝빌 열기",
    "korean.popbillFirst": "먼저 조직을 팝빌과 연결하세요.",
  },
  ja: {
    "korean.title": "韓国パッケージ",
    "korean.ownerOnly": "韓国パッケージを見られるのはオーナーだけです。",
    "korean.ownerOnlyHint": "view.billing が必要で、オーナーが持っています。",
    "korean.what": "韓国パッケージ",
    "korean.card": "KRW 決済カード",
    "korean.registered": "登録済み",
    "korean.registeredOn": "{time} に登録",
    "korean.noCard": "カードなし",
    "korean.cardHint": "顧客キー {key} で韓国 PG のカード登録画面を開き、返された authKey を貼り付けてください。",
    "korean.registerCard": "カードを登録",
    "korean.cardRegistered": "カードを登録しました。",
    "korean.linked": "連携済み",
    "korean.popbillLinked": "事業者 {corp}、ユーザー {user}",
    "korean.linkPopbill": "Popbill と連携",
    "korean.popbillDone": "Popbill と連携しました。",
    "korean.corpNum": "事業者登録番号",
    "korean.corpName": "会社名",
    "korean.ceo": "代表者",
    "korean.popbillUser": "Popbill ユーザー ID",
    "korean.contactEmail": "連絡先メール",
    "korean.lookups": "照会",
    "korean.today": "本日: 事業者照会 {businessLimit} 件中 {businessUsed} 件、住所検索 {addressLimit} 件中 {addressUsed} 件。",
    "korean.lookUp": "事業者を照会",
    "korean.searchAddress": "住所を検索",
    "korean.noAddress": "住所が見つかりません。",
    "korean.roadAddress": "道路名住所",
    "korean.kakao": "カカオチャンネル",
    "korean.kakaoHint": "アプリグループがチャンネルを連携すると、韓国の番号への認証コードはアリムトークで送られ、届けられない場合は SMS で送られます。",
    "korean.groupsWhat": "アプリグループ",
    "korean.noGroups": "アプリグループはまだありません。",
    "korean.appGroup": "アプリグループ",
    "korean.channelWhat": "カカオチャンネル",
    "korean.channelLinked": "連携済み: {channel}、テンプレート {template}、送信元 {sender}。",
    "korean.channelLinkedManager": "連携済み: {channel}、テンプレート {template}、送信元 {sender}、管理者 {manager}。",
    "korean.noChannel": "連携しているチャンネルはありません。",
    "korean.changeChannel": "チャンネルを変更",
    "korean.linkChannel": "チャンネルを連携",
    "korean.channelSaved": "カカオチャンネルを保存しました。",
    "korean.channelId": "チャンネル ID (@ハンドル)",
    "korean.templateCode": "アリムトークのテンプレートコード",
    "korean.senderNumber": "送信元番号",
    "korean.unlink": "チャンネルの連携を解除",
    "korean.unlinked": "カカオチャンネルの連携を解除しました。",
    "korean.manage.channel": "Popbill でチャンネルを管理",
    "korean.manage.template": "Popbill でテンプレートを管理",
    "korean.manage.sender": "Popbill で送信元を管理",
    "korean.popupReady": "Popbill の画面の準備ができました。下から開いてください。",
    "korean.openPopbill": "Popbill を開く",
    "korean.popbillFirst": "先に組織を Popbill と連携してください。",
  },
};
