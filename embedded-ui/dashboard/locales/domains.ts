/** The custom login domain's status and refusals in words (domains.ts, shown by pages/app-domains.tsx). */
import type { Catalog } from "../../i18n";

type DomainsKey =
  | "domains.notConfigured"
  | "domains.notChecked"
  | "domains.txtMissing"
  | "domains.txtMismatch"
  | "domains.routingMissing"
  | "domains.cnameMismatch"
  | "domains.cnameMismatchTarget"
  | "domains.addressMismatch"
  | "domains.addressMismatchTarget"
  | "domains.dnsLookupFailed"
  | "domains.appGroupDeleted"
  | "domains.served"
  | "domains.verifiedNotServed"
  | "domains.notVerified"
  | "domains.invalidToken"
  | "domains.zoneNotFound"
  | "domains.recordConflict"
  | "domains.providerError"
  | "domains.providerUnavailable"
  | "domains.notCreated"
  | "domains.invalidHostname"
  | "domains.reservedHostname"
  | "domains.duplicate"
  | "domains.inUse"
  | "domains.unknownGroup"
  | "domains.upgrade";

export const domainsCatalog: Catalog<DomainsKey> = {
  en: {
    "domains.notConfigured": "Custom login domains are not set up on this Signet: the operator sets SIGNET_CUSTOM_DOMAIN_TARGET first.",
    "domains.notChecked": "Not checked yet: create the two records, then check.",
    "domains.txtMissing": "No TXT record was found at _service-challenge.{domain}.",
    "domains.txtMismatch": "The TXT record at _service-challenge.{domain} does not carry this domain's token (an old one?).",
    "domains.routingMissing": "No CNAME record (and no address) was found at {domain}.",
    "domains.cnameMismatch": "The CNAME of {domain} points to another name.",
    "domains.cnameMismatchTarget": "The CNAME of {domain} points to another name, not to {target}.",
    "domains.addressMismatch": "{domain} has an address that is not the target's (a proxy left on?).",
    "domains.addressMismatchTarget": "{domain} has an address that is not {target}'s (a proxy left on?).",
    "domains.dnsLookupFailed": "DNS did not answer (a timeout or a refusal). Try again in a moment.",
    "domains.appGroupDeleted": "Its app group was deleted.",
    "domains.served": "Verified and served: end users sign in at https://{domain}.",
    "domains.verifiedNotServed": "Verified, not served yet. {reason}",
    "domains.notVerified": "Not verified. {reason}",
    "domains.invalidToken": "Cloudflare refused the token: it needs Zone:Read and DNS:Edit on the domain's zone.",
    "domains.zoneNotFound": "The token sees no zone that holds {domain}.",
    "domains.recordConflict": "Another record already exists on one of the names; it was left alone. Remove it at Cloudflare, then try again.",
    "domains.providerError": "Cloudflare refused the change.",
    "domains.providerUnavailable": "Cloudflare could not be reached. Try again later.",
    "domains.notCreated": "The records were not created.",
    "domains.invalidHostname": "“{domain}” is not a hostname such as login.example.com: give it without https://, a path, a port, an IP address or a wildcard.",
    "domains.reservedHostname": "{domain} is one of this Signet's own hostnames (or under its CNAME target): choose a hostname of your brand's.",
    "domains.duplicate": "{domain} is already the domain of another app group here.",
    "domains.inUse": "Another organization already uses {domain}.",
    "domains.unknownGroup": "This app group no longer exists. Reload the page.",
    "domains.upgrade": "Custom login domains need the Pro plan or higher. Upgrade on the Billing page; removing a domain is free on any plan.",
  },
  ko: {
    "domains.notConfigured": "이 Signet에는 사용자 지정 로그인 도메인이 설정되지 않았습니다. 운영자가 먼저 SIGNET_CUSTOM_DOMAIN_TARGET을 설정해야 합니다.",
    "domains.notChecked": "아직 확인하지 않았습니다. 두 레코드를 만든 다음 확인하세요.",
    "domains.txtMissing": "_service-challenge.{domain}에서 TXT 레코드를 찾지 못했습니다.",
    "domains.txtMismatch": "_service-challenge.{domain}의 TXT 레코드에 이 도메인의 토큰이 없습니다(예전 토큰인가요?).",
    "domains.routingMissing": "{domain}에서 CNAME 레코드(및 주소)를 찾지 못했습니다.",
    "domains.cnameMismatch": "{domain}의 CNAME이 다른 이름을 가리킵니다.",
    "domains.cnameMismatchTarget": "{domain}의 CNAME이 {target}이(가) 아닌 다른 이름을 가리킵니다.",
    "domains.addressMismatch": "{domain}의 주소가 대상의 주소가 아닙니다(프록시가 켜져 있나요?).",
    "domains.addressMismatchTarget": "{domain}의 주소가 {target}의 주소가 아닙니다(프록시가 켜져 있나요?).",
    "domains.dnsLookupFailed": "DNS가 응답하지 않았습니다(시간 초과 또는 거부). 잠시 후 다시 시도하세요.",
    "domains.appGroupDeleted": "이 도메인의 앱 그룹이 삭제되었습니다.",
    "domains.served": "검증되어 제공 중입니다. 최종 사용자는 https://{domain}에서 로그인합니다.",
    "domains.verifiedNotServed": "검증되었지만 아직 제공되지 않습니다. {reason}",
    "domains.notVerified": "검증되지 않았습니다. {reason}",
    "domains.invalidToken": "Cloudflare가 토큰을 거부했습니다. 도메인 영역에 Zone:Read와 DNS:Edit 권한이 필요합니다.",
    "domains.zoneNotFound": "이 토큰으로는 {domain}을(를) 담은 영역이 보이지 않습니다.",
    "domains.recordConflict": "이름 중 하나에 다른 레코드가 이미 있어 그대로 두었습니다. Cloudflare에서 삭제한 다음 다시 시도하세요.",
    "domains.providerError": "Cloudflare가 변경을 거부했습니다.",
    "domains.providerUnavailable": "Cloudflare에 연결할 수 없습니다. 나중에 다시 시도하세요.",
    "domains.notCreated": "레코드를 만들지 못했습니다.",
    "domains.invalidHostname": "“{domain}”은(는) login.example.com 같은 호스트 이름이 아닙니다. https://, 경로, 포트, IP 주소, 와일드카드 없이 입력하세요.",
    "domains.reservedHostname": "{domain}은(는) 이 Signet 자체의 호스트 이름(또는 CNAME 대상의 하위 이름)입니다. 브랜드의 호스트 이름을 선택하세요.",
    "domains.duplicate": "{domain}은(는) 이미 이곳의 다른 앱 그룹 도메인입니다.",
    "domains.inUse": "다른 조직이 이미 {domain}을(를) 쓰고 있습니다.",
    "domains.unknownGroup": "이 앱 그룹은 더 이상 없습니다. 페이지를 새로 고치세요.",
    "domains.upgrade": "사용자 지정 로그인 도메인에는 Pro 이상 요금제가 필요합니다. 청구 페이지에서 업그레이드하세요. 도메인 삭제는 모든 요금제에서 무료입니다.",
  },
  ja: {
    "domains.notConfigured": "この Signet ではカスタムログインドメインが設定されていません。まず運用者が SIGNET_CUSTOM_DOMAIN_TARGET を設定します。",
    "domains.notChecked": "まだ確認していません。2 つのレコードを作成してから確認してください。",
    "domains.txtMissing": "_service-challenge.{domain} に TXT レコードが見つかりませんでした。",
    "domains.txtMismatch": "_service-challenge.{domain} の TXT レコードにこのドメインのトークンがありません（古いトークンですか？）。",
    "domains.routingMissing": "{domain} に CNAME レコード（およびアドレス）が見つかりませんでした。",
    "domains.cnameMismatch": "{domain} の CNAME は別の名前を指しています。",
    "domains.cnameMismatchTarget": "{domain} の CNAME は {target} ではなく別の名前を指しています。",
    "domains.addressMismatch": "{domain} のアドレスはターゲットのものではありません（プロキシが有効のままですか？）。",
    "domains.addressMismatchTarget": "{domain} のアドレスは {target} のものではありません（プロキシが有効のままですか？）。",
    "domains.dnsLookupFailed": "DNS が応答しませんでした（タイムアウトまたは拒否）。しばらくしてからもう一度お試しください。",
    "domains.appGroupDeleted": "このドメインのアプリグループは削除されました。",
    "domains.served": "検証済みで提供中です。エンドユーザーは https://{domain} でサインインします。",
    "domains.verifiedNotServed": "検証済みですが、まだ提供されていません。{reason}",
    "domains.notVerified": "検証されていません。{reason}",
    "domains.invalidToken": "Cloudflare がトークンを拒否しました。ドメインのゾーンで Zone:Read と DNS:Edit の権限が必要です。",
    "domains.zoneNotFound": "このトークンからは {domain} を含むゾーンが見えません。",
    "domains.recordConflict": "いずれかの名前に別のレコードがすでにあるため、そのままにしました。Cloudflare で削除してから、もう一度お試しください。",
    "domains.providerError": "Cloudflare が変更を拒否しました。",
    "domains.providerUnavailable": "Cloudflare に接続できませんでした。後でもう一度お試しください。",
    "domains.notCreated": "レコードは作成されませんでした。",
    "domains.invalidHostname": "「{domain}」は login.example.com のようなホスト名ではありません。https://、パス、ポート、IP アドレス、ワイルドカードを付けずに入力してください。",
    "domains.reservedHostname": "{domain} はこの Signet 自身のホスト名（または CNAME ターゲットの配下）です。ブランドのホスト名を選んでください。",
    "domains.duplicate": "{domain} はすでにここの別のアプリグループのドメインです。",
    "domains.inUse": "{domain} は別の組織がすでに使っています。",
    "domains.unknownGroup": "このアプリグループはもう存在しません。ページを再読み込みしてください。",
    "domains.upgrade": "カスタムログインドメインには Pro 以上のプランが必要です。請求ページでアップグレードしてください。ドメインの削除はどのプランでも無料です。",
  },
};
