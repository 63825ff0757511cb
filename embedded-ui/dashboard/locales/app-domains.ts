/** An app group's custom login domain (pages/app-domains.tsx); the status sentences are domains.ts's. */
import type { Catalog } from "../../i18n";

type AppDomainsKey =
  | "app-domains.title"
  | "app-domains.what"
  | "app-domains.intro"
  | "app-domains.noTarget"
  | "app-domains.add"
  | "app-domains.added"
  | "app-domains.hostname"
  | "app-domains.hostnameHint"
  | "app-domains.confirmRemove"
  | "app-domains.served"
  | "app-domains.verified"
  | "app-domains.notVerified"
  | "app-domains.lastChecked"
  | "app-domains.verifiedAt"
  | "app-domains.records"
  | "app-domains.recordsHint"
  | "app-domains.recordName"
  | "app-domains.recordValue"
  | "app-domains.copyName"
  | "app-domains.copyValue"
  | "app-domains.notSetUp"
  | "app-domains.checkNow"
  | "app-domains.checked"
  | "app-domains.cloudflare"
  | "app-domains.cloudflareHint"
  | "app-domains.createRecords"
  | "app-domains.token"
  | "app-domains.bothRecords"
  | "app-domains.zone"
  | "app-domains.remove"
  | "app-domains.removeDomain"
  | "app-domains.removed";

export const appDomainsCatalog: Catalog<AppDomainsKey> = {
  en: {
    "app-domains.title": "Custom login domain",
    "app-domains.what": "the custom login domain",
    "app-domains.intro": "End users of {group} can sign in at your own hostname, such as {example}, instead of this Signet's address. Adding one needs the Pro plan.",
    "app-domains.noTarget": "This Signet has no CNAME target set (SIGNET_CUSTOM_DOMAIN_TARGET), so a domain cannot be verified here yet.",
    "app-domains.add": "Add domain",
    "app-domains.added": "Domain added.",
    "app-domains.hostname": "Hostname",
    "app-domains.hostnameHint": "login.brand.com: no https://, path or port",
    "app-domains.confirmRemove": "Remove {domain}? End users of {group} go back to this Signet's address, and the hostname is released at once.",
    "app-domains.served": "served",
    "app-domains.verified": "verified",
    "app-domains.notVerified": "not verified",
    "app-domains.lastChecked": "Last checked {time}",
    "app-domains.verifiedAt": "; verified {time}",
    "app-domains.records": "Records to create",
    "app-domains.recordsHint": "At your DNS provider, in the zone of {domain}. Leave any proxy off (Cloudflare: “DNS only”).",
    "app-domains.recordName": "{type} name",
    "app-domains.recordValue": "{type} value",
    "app-domains.copyName": "Copy {type} name",
    "app-domains.copyValue": "Copy {type} value",
    "app-domains.notSetUp": "Not set up on this Signet (SIGNET_CUSTOM_DOMAIN_TARGET).",
    "app-domains.checkNow": "Check now",
    "app-domains.checked": "Checked.",
    "app-domains.cloudflare": "Create the records at Cloudflare",
    "app-domains.cloudflareHint": "A Cloudflare API token with Zone:Read and DNS:Edit on the zone. It is sent for this request only: neither this page nor Signet keeps it. Check afterwards.",
    "app-domains.createRecords": "Create the records",
    "app-domains.token": "Cloudflare API token",
    "app-domains.bothRecords": "Both records are in the zone {zone}. Check now to verify (DNS may take a few minutes).",
    "app-domains.zone": " (zone {zone})",
    "app-domains.remove": "Remove",
    "app-domains.removeDomain": "Remove domain",
    "app-domains.removed": "Domain removed.",
  },
  ko: {
    "app-domains.title": "사용자 지정 로그인 도메인",
    "app-domains.what": "사용자 지정 로그인 도메인",
    "app-domains.intro": "{group}의 최종 사용자는 이 Signet 주소 대신 {example} 같은 자체 호스트 이름에서 로그인할 수 있습니다. 추가하려면 Pro 요금제가 필요합니다.",
    "app-domains.noTarget": "이 Signet에는 CNAME 대상(SIGNET_CUSTOM_DOMAIN_TARGET)이 설정되지 않아 아직 도메인을 검증할 수 없습니다.",
    "app-domains.add": "도메인 추가",
    "app-domains.added": "도메인을 추가했습니다.",
    "app-domains.hostname": "호스트 이름",
    "app-domains.hostnameHint": "login.brand.com 형식: https://, 경로, 포트 없이",
    "app-domains.confirmRemove": "{domain}을(를) 제거할까요? {group}의 최종 사용자는 다시 이 Signet 주소를 사용하고, 호스트 이름은 즉시 해제됩니다.",
    "app-domains.served": "제공 중",
    "app-domains.verified": "검증됨",
    "app-domains.notVerified": "미검증",
    "app-domains.lastChecked": "마지막 확인: {time}",
    "app-domains.verifiedAt": "; 검증: {time}",
    "app-domains.records": "만들 레코드",
    "app-domains.recordsHint": "DNS 제공업체에서 {domain}의 영역에 만드세요. 프록시는 끄세요 (Cloudflare: “DNS only”).",
    "app-domains.recordName": "{type} 이름",
    "app-domains.recordValue": "{type} 값",
    "app-domains.copyName": "{type} 이름 복사",
    "app-domains.copyValue": "{type} 값 복사",
    "app-domains.notSetUp": "이 Signet에 설정되지 않았습니다 (SIGNET_CUSTOM_DOMAIN_TARGET).",
    "app-domains.checkNow": "지금 확인",
    "app-domains.checked": "확인했습니다.",
    "app-domains.cloudflare": "Cloudflare에 레코드 만들기",
    "app-domains.cloudflareHint": "해당 영역에 Zone:Read와 DNS:Edit 권한이 있는 Cloudflare API 토큰입니다. 이번 요청에만 보내며, 이 페이지도 Signet도 보관하지 않습니다. 그다음 확인하세요.",
    "app-domains.createRecords": "레코드 만들기",
    "app-domains.token": "Cloudflare API 토큰",
    "app-domains.bothRecords": "두 레코드가 {zone} 영역에 있습니다. 지금 확인해 검증하세요 (DNS 반영에 몇 분 걸릴 수 있습니다).",
    "app-domains.zone": " ({zone} 영역)",
    "app-domains.remove": "제거",
    "app-domains.removeDomain": "도메인 제거",
    "app-domains.removed": "도메인을 제거했습니다.",
  },
  ja: {
    "app-domains.title": "カスタムログインドメイン",
    "app-domains.what": "カスタムログインドメイン",
    "app-domains.intro": "{group} のエンドユーザーは、この Signet のアドレスの代わりに {example} のような独自のホスト名でサインインできます。追加には Pro プランが必要です。",
    "app-domains.noTarget": "この Signet には CNAME ターゲット (SIGNET_CUSTOM_DOMAIN_TARGET) が設定されていないため、まだドメインを検証できません。",
    "app-domains.add": "ドメインを追加",
    "app-domains.added": "ドメインを追加しました。",
    "app-domains.hostname": "ホスト名",
    "app-domains.hostnameHint": "login.brand.com の形式: https://、パス、ポートは付けません",
    "app-domains.confirmRemove": "{domain} を削除しますか? {group} のエンドユーザーはこの Signet のアドレスに戻り、ホスト名はすぐに解放されます。",
    "app-domains.served": "提供中",
    "app-domains.verified": "検証済み",
    "app-domains.notVerified": "未検証",
    "app-domains.lastChecked": "最終確認: {time}",
    "app-domains.verifiedAt": "、検証: {time}",
    "app-domains.records": "作成するレコード",
    "app-domains.recordsHint": "DNS プロバイダーで {domain} のゾーンに作成してください。プロキシはオフにしてください (Cloudflare:「DNS only」)。",
    "app-domains.recordName": "{type} 名",
    "app-domains.recordValue": "{type} 値",
    "app-domains.copyName": "{type} 名をコピー",
    "app-domains.copyValue": "{type} 値をコピー",
    "app-domains.notSetUp": "この Signet では設定されていません (SIGNET_CUSTOM_DOMAIN_TARGET)。",
    "app-domains.checkNow": "今すぐ確認",
    "app-domains.checked": "確認しました。",
    "app-domains.cloudflare": "Cloudflare でレコードを作成",
    "app-domains.cloudflareHint": "そのゾーンで Zone:Read と DNS:Edit の権限を持つ Cloudflare API トークンです。今回のリクエストにだけ送られ、このページも Signet も保持しません。その後で確認してください。",
    "app-domains.createRecords": "レコードを作成",
    "app-domains.token": "Cloudflare API トークン",
    "app-domains.bothRecords": "両方のレコードがゾーン {zone} にあります。今すぐ確認で検証してください (DNS の反映には数分かかることがあります)。",
    "app-domains.zone": " (ゾーン {zone})",
    "app-domains.remove": "削除",
    "app-domains.removeDomain": "ドメインを削除",
    "app-domains.removed": "ドメインを削除しました。",
  },
};
