/** The connection types' words (federation.ts, shown by pages/sso.tsx): the generic types' names and each type's issuer hint. Brand names stay as the brands write them. */
import type { Catalog } from "../../i18n";

type FederationKey =
  | "federation.name.custom-oidc"
  | "federation.name.custom-saml"
  | "federation.hint.custom-oidc"
  | "federation.hint.named-entra"
  | "federation.hint.named-google-workspace"
  | "federation.hint.named-okta"
  | "federation.hint.named-auth0"
  | "federation.hint.named-onelogin"
  | "federation.spMetadataUnreadable";

export const federationCatalog: Catalog<FederationKey> = {
  en: {
    "federation.name.custom-oidc": "OpenID Connect (any provider)",
    "federation.name.custom-saml": "SAML 2.0 (any provider)",
    "federation.hint.custom-oidc": "The issuer; discovery is read from {issuer}/.well-known/openid-configuration. Or give the discovery URL instead.",
    "federation.hint.named-entra": "Optional: with the e-mail domain set, discovery is login.microsoftonline.com/{domain}/v2.0. Or https://login.microsoftonline.com/{tenant id}/v2.0.",
    "federation.hint.named-google-workspace": "Optional: Google's issuer is filled in. The e-mail domain is required (the id_token's hd must match it).",
    "federation.hint.named-okta": "https://{your org}.okta.com, or …/oauth2/{authorization server id}",
    "federation.hint.named-auth0": "https://{tenant}.{region}.auth0.com/ (with the trailing slash)",
    "federation.hint.named-onelogin": "https://{subdomain}.onelogin.com/oidc/2",
    "federation.spMetadataUnreadable": "The SP metadata could not be read.",
  },
  ko: {
    "federation.name.custom-oidc": "OpenID Connect(모든 공급자)",
    "federation.name.custom-saml": "SAML 2.0(모든 공급자)",
    "federation.hint.custom-oidc": "발급자입니다. 검색 정보는 {issuer}/.well-known/openid-configuration에서 읽습니다. 또는 검색 URL을 대신 입력하세요.",
    "federation.hint.named-entra": "선택 사항: 이메일 도메인을 설정하면 검색 주소는 login.microsoftonline.com/{domain}/v2.0입니다. 또는 https://login.microsoftonline.com/{테넌트 ID}/v2.0을 입력하세요.",
    "federation.hint.named-google-workspace": "선택 사항: Google의 발급자가 자동으로 채워집니다. 이메일 도메인은 필수입니다(id_token의 hd가 일치해야 합니다).",
    "federation.hint.named-okta": "https://{조직 이름}.okta.com 또는 …/oauth2/{인증 서버 ID}",
    "federation.hint.named-auth0": "https://{tenant}.{region}.auth0.com/ (끝의 슬래시 포함)",
    "federation.hint.named-onelogin": "https://{subdomain}.onelogin.com/oidc/2 (subdomain은 OneLogin 하위 도메인입니다)",
    "federation.spMetadataUnreadable": "SP 메타데이터를 읽을 수 없습니다.",
  },
  ja: {
    "federation.name.custom-oidc": "OpenID Connect（任意のプロバイダー）",
    "federation.name.custom-saml": "SAML 2.0（任意のプロバイダー）",
    "federation.hint.custom-oidc": "発行者です。ディスカバリーは {issuer}/.well-known/openid-configuration から読み取ります。代わりにディスカバリー URL を入力することもできます。",
    "federation.hint.named-entra": "任意: メールドメインを設定すると、ディスカバリーは login.microsoftonline.com/{domain}/v2.0 です。または https://login.microsoftonline.com/{テナント ID}/v2.0 を入力します。",
    "federation.hint.named-google-workspace": "任意: Google の発行者が入力済みです。メールドメインは必須です（id_token の hd が一致する必要があります）。",
    "federation.hint.named-okta": "https://{組織名}.okta.com、または …/oauth2/{認可サーバー ID}",
    "federation.hint.named-auth0": "https://{tenant}.{region}.auth0.com/（末尾のスラッシュを含めます）",
    "federation.hint.named-onelogin": "https://{subdomain}.onelogin.com/oidc/2（subdomain は OneLogin のサブドメインです）",
    "federation.spMetadataUnreadable": "SP メタデータを読み取れませんでした。",
  },
};
