/** The SSO & SCIM page's words (pages/sso.tsx); connection type names are federation.ts's. */
import type { Catalog } from "../../i18n";

type SsoKey =
  | "sso.title"
  | "sso.adminsOnly"
  | "sso.connections"
  | "sso.connectionsHint"
  | "sso.connectionsWhat"
  | "sso.noConnections"
  | "sso.noConnectionsHint"
  | "sso.capNone"
  | "sso.capUpgrade"
  | "sso.capOwnerUpgrades"
  | "sso.billing"
  | "sso.capUnlimited"
  | "sso.capOf"
  | "sso.inactiveNotCounted"
  | "sso.confirmDeactivate"
  | "sso.default"
  | "sso.active"
  | "sso.inactive"
  | "sso.forDomain"
  | "sso.forAny"
  | "sso.joinsAs"
  | "sso.director"
  | "sso.member"
  | "sso.clientIdFact"
  | "sso.secretSet"
  | "sso.pkceOnly"
  | "sso.discoveryFact"
  | "sso.issuerFact"
  | "sso.discoveryFromType"
  | "sso.metadataFact"
  | "sso.metadataSet"
  | "sso.ssoUrlFact"
  | "sso.acsRegister"
  | "sso.redirectRegister"
  | "sso.copyAcs"
  | "sso.copyRedirect"
  | "sso.signInLink"
  | "sso.copySignInLink"
  | "sso.edit"
  | "sso.testLabel"
  | "sso.test"
  | "sso.tested"
  | "sso.deactivateLabel"
  | "sso.deactivate"
  | "sso.deactivated"
  | "sso.reactivateLabel"
  | "sso.reactivate"
  | "sso.reactivated"
  | "sso.reportOk"
  | "sso.reportFail"
  | "sso.checked"
  | "sso.editTitle"
  | "sso.addTitle"
  | "sso.save"
  | "sso.add"
  | "sso.saved"
  | "sso.addedDone"
  | "sso.inactiveSave"
  | "sso.type"
  | "sso.nameAtSignIn"
  | "sso.emailDomain"
  | "sso.emailDomainHint"
  | "sso.joinRole"
  | "sso.clientId"
  | "sso.clientSecret"
  | "sso.secretKeepHint"
  | "sso.secretOptionalHint"
  | "sso.endpointsFrom"
  | "sso.sourceIssuerOptional"
  | "sso.sourceIssuer"
  | "sso.sourceDiscovery"
  | "sso.sourceManual"
  | "sso.discoveryUrl"
  | "sso.issuer"
  | "sso.authorizationEndpoint"
  | "sso.tokenEndpoint"
  | "sso.jwksHint"
  | "sso.describedHow"
  | "sso.samlUrl"
  | "sso.samlXml"
  | "sso.samlManual"
  | "sso.metadataUrl"
  | "sso.metadataUrlHint"
  | "sso.metadataXml"
  | "sso.metadataXmlHint"
  | "sso.ssoUrl"
  | "sso.idpEntityId"
  | "sso.idpCertificate"
  | "sso.mapping"
  | "sso.emailClaim"
  | "sso.nameClaim"
  | "sso.roleMappingKept"
  | "sso.testSettings"
  | "sso.cancelEditing"
  | "sso.policy"
  | "sso.policyWhat"
  | "sso.savedWord"
  | "sso.savePolicy"
  | "sso.policySaved"
  | "sso.defaultConnection"
  | "sso.automatic"
  | "sso.jit"
  | "sso.jitOff"
  | "sso.reset"
  | "sso.resetDone"
  | "sso.spTitle"
  | "sso.spHint"
  | "sso.spWhat"
  | "sso.copyMetadataUrl"
  | "sso.entityId"
  | "sso.copyEntityId"
  | "sso.signingCertificate"
  | "sso.copyCertificate"
  | "sso.scimTitle"
  | "sso.scimHint"
  | "sso.scimBase"
  | "sso.copyScimBase"
  | "sso.newScimToken"
  | "sso.scimTokenHint"
  | "sso.scimWhat"
  | "sso.noScim"
  | "sso.noScimHint"
  | "sso.revoked"
  | "sso.createdAt"
  | "sso.revokedAt"
  | "sso.revokeScimLabel"
  | "sso.confirmRevokeScim"
  | "sso.revoke"
  | "sso.scimRevoked"
  | "sso.deleteScimLabel"
  | "sso.confirmDeleteScim"
  | "sso.confirmDeleteActiveScim"
  | "sso.delete"
  | "sso.scimDeleted"
  | "sso.createScim"
  | "sso.scimCreated";

export const ssoCatalog: Catalog<SsoKey> = {
  en: {
    "sso.title": "SSO & SCIM",
    "sso.adminsOnly": "Only the owner and admins manage single sign-on and SCIM.",
    "sso.connections": "Identity-provider connections",
    "sso.connectionsHint": "People sign in to this dashboard through your identity provider and join the organization as they first arrive. Client secrets are kept sealed: they are never shown again, only whether one is set.",
    "sso.connectionsWhat": "connections",
    "sso.noConnections": "No connections yet.",
    "sso.noConnectionsHint": "Add one below with the details from your identity provider.",
    "sso.capNone": "The {plan} plan includes no single sign-on connections. Pro allows one, Pro+ three, Business ten",
    "sso.capUpgrade": ": upgrade on the {billing} page.",
    "sso.capOwnerUpgrades": " (the owner upgrades).",
    "sso.billing": "Billing",
    "sso.capUnlimited": "{used} active; the {plan} plan has no limit.",
    "sso.capOf": "{used} of {limit} active connections on the {plan} plan.",
    "sso.inactiveNotCounted": " Inactive connections do not count.",
    "sso.confirmDeactivate": "Deactivate {name}? Nobody can sign in through it until it is saved again.",
    "sso.default": "Default",
    "sso.active": "Active",
    "sso.inactive": "Inactive",
    "sso.forDomain": "for addresses at {domain}",
    "sso.forAny": "for any address",
    "sso.joinsAs": "joins as {role}",
    "sso.director": "Director",
    "sso.member": "Member",
    "sso.clientIdFact": "Client ID:",
    "sso.secretSet": "Client secret set",
    "sso.pkceOnly": "No client secret: the client signs in with PKCE only",
    "sso.discoveryFact": "Discovery:",
    "sso.issuerFact": "Issuer:",
    "sso.discoveryFromType": "Discovery filled in from the type",
    "sso.metadataFact": "Metadata:",
    "sso.metadataSet": "Metadata document set",
    "sso.ssoUrlFact": "Single sign-on URL: {url}, entity ID {entity}",
    "sso.acsRegister": "ACS URL (register it at the IdP)",
    "sso.redirectRegister": "Redirect URI (register it at the IdP)",
    "sso.copyAcs": "Copy ACS URL",
    "sso.copyRedirect": "Copy redirect URI",
    "sso.signInLink": "Sign-in link",
    "sso.copySignInLink": "Copy sign-in link",
    "sso.edit": "Edit",
    "sso.testLabel": "Test {name}",
    "sso.test": "Test",
    "sso.tested": "Tested: the report is below.",
    "sso.deactivateLabel": "Deactivate {name}",
    "sso.deactivate": "Deactivate",
    "sso.deactivated": "Connection deactivated.",
    "sso.reactivateLabel": "Reactivate {name}",
    "sso.reactivate": "Reactivate",
    "sso.reactivated": "Connection reactivated.",
    "sso.reportOk": "The identity provider answers as a sign-in needs.",
    "sso.reportFail": "A sign-in through this connection would fail.",
    "sso.checked": "What was checked ({count})",
    "sso.editTitle": "Edit {name}",
    "sso.addTitle": "Add a connection",
    "sso.save": "Save the connection",
    "sso.add": "Add the connection",
    "sso.saved": "Connection saved.",
    "sso.addedDone": "Connection added.",
    "sso.inactiveSave": "Saving an inactive connection makes it active again, within the plan's cap.",
    "sso.type": "Type",
    "sso.nameAtSignIn": "Name shown at sign-in",
    "sso.emailDomain": "E-mail domain",
    "sso.emailDomainHint": "People with addresses at this domain sign in through this connection, and only they may. Empty: anyone the IdP vouches for (as the default connection).",
    "sso.joinRole": "Role for people joining through it",
    "sso.clientId": "Client ID",
    "sso.clientSecret": "Client secret",
    "sso.secretKeepHint": "A secret is set. Leave this empty to keep it; a new value replaces it.",
    "sso.secretOptionalHint": "Optional: without one the client signs in with PKCE only. It is sealed and never shown again.",
    "sso.endpointsFrom": "Where the endpoints come from",
    "sso.sourceIssuerOptional": "The issuer (or filled in from the type)",
    "sso.sourceIssuer": "The issuer's discovery document",
    "sso.sourceDiscovery": "A discovery URL",
    "sso.sourceManual": "The issuer and each endpoint",
    "sso.discoveryUrl": "Discovery URL",
    "sso.issuer": "Issuer",
    "sso.authorizationEndpoint": "Authorization endpoint",
    "sso.tokenEndpoint": "Token endpoint",
    "sso.jwksHint": "The keys the id_tokens are signed with: signatures are always checked.",
    "sso.describedHow": "How the identity provider is described",
    "sso.samlUrl": "Its metadata URL",
    "sso.samlXml": "Its metadata document",
    "sso.samlManual": "Sign-on URL, entity ID and certificate",
    "sso.metadataUrl": "Metadata URL",
    "sso.metadataUrlHint": "Fetched at sign-in and kept for an hour.",
    "sso.metadataXml": "Metadata document (XML)",
    "sso.metadataXmlHint": "A document is stored; paste a new one to replace it.",
    "sso.ssoUrl": "Single sign-on URL (HTTP-Redirect)",
    "sso.idpEntityId": "IdP entity ID",
    "sso.idpCertificate": "IdP signing certificate (PEM)",
    "sso.mapping": "Attribute mapping",
    "sso.emailClaim": "Claim or attribute holding the e-mail address",
    "sso.nameClaim": "Claim or attribute holding the name",
    "sso.roleMappingKept": "The role mapping on “{attribute}” is kept (set it through the API).",
    "sso.testSettings": "Test these settings",
    "sso.cancelEditing": "Cancel editing",
    "sso.policy": "Sign-in policy",
    "sso.policyWhat": "the sign-in policy",
    "sso.savedWord": "Saved.",
    "sso.savePolicy": "Save the policy",
    "sso.policySaved": "Sign-in policy saved.",
    "sso.defaultConnection": "Default connection (when no e-mail domain matches)",
    "sso.automatic": "Automatic: the only active connection without an e-mail domain",
    "sso.jit": "Sign-ins may add people who are not members yet (just-in-time membership)",
    "sso.jitOff": "Off: only people who are already members can sign in through the identity provider.",
    "sso.reset": "Reset to the defaults",
    "sso.resetDone": "Sign-in policy reset to the defaults.",
    "sso.spTitle": "Service-provider details for SAML",
    "sso.spHint": "Give these to a SAML identity provider, or just the metadata URL (it holds all of them). The OIDC redirect URI is the same ACS URL.",
    "sso.spWhat": "the service-provider details",
    "sso.copyMetadataUrl": "Copy metadata URL",
    "sso.entityId": "Entity ID",
    "sso.copyEntityId": "Copy entity ID",
    "sso.signingCertificate": "Signing certificate",
    "sso.copyCertificate": "Copy signing certificate",
    "sso.scimTitle": "SCIM provisioning",
    "sso.scimHint": "An identity provider with a SCIM token adds, updates and removes this organization's members and teams. A token is shown once; keep at most five live, enough to rotate.",
    "sso.scimBase": "SCIM base URL",
    "sso.copyScimBase": "Copy SCIM base URL",
    "sso.newScimToken": "New SCIM token:",
    "sso.scimTokenHint": "Put it in your identity provider as the bearer token, with the base URL above.",
    "sso.scimWhat": "SCIM tokens",
    "sso.noScim": "No SCIM tokens.",
    "sso.noScimHint": "Create one for your identity provider's provisioning.",
    "sso.revoked": "Revoked",
    "sso.createdAt": "created {time}",
    "sso.revokedAt": ", revoked {time}",
    "sso.revokeScimLabel": "Revoke SCIM token {prefix}",
    "sso.confirmRevokeScim": "Revoke {prefix}…? The identity provider using it stops provisioning at once.",
    "sso.revoke": "Revoke",
    "sso.scimRevoked": "SCIM token revoked.",
    "sso.deleteScimLabel": "Delete SCIM token {prefix}",
    "sso.confirmDeleteScim": "Delete the record of {prefix}…? The audit log keeps its events.",
    "sso.confirmDeleteActiveScim": "Delete the record of {prefix}…? It stops working at once. The audit log keeps its events.",
    "sso.delete": "Delete",
    "sso.scimDeleted": "SCIM token deleted.",
    "sso.createScim": "Create a SCIM token",
    "sso.scimCreated": "SCIM token created.",
  },
  ko: {
    "sso.title": "SSO 및 SCIM",
    "sso.adminsOnly": "싱글 사인온과 SCIM은 소유자와 관리자만 관리할 수 있습니다.",
    "sso.connections": "ID 제공자 연결",
    "sso.connectionsHint": "사람들은 ID 제공자를 통해 이 대시보드에 로그인하고, 처음 들어올 때 조직에 합류합니다. 클라이언트 시크릿은 봉인해 보관하며 다시 표시하지 않고, 설정 여부만 보여 줍니다.",
    "sso.connectionsWhat": "연결",
    "sso.noConnections": "아직 연결이 없습니다.",
    "sso.noConnectionsHint": "ID 제공자의 정보로 아래에서 추가하세요.",
    "sso.capNone": "{plan} 요금제에는 싱글 사인온 연결이 없습니다. Pro는 1개, Pro+는 3개, Business는 10개까지 허용합니다",
    "sso.capUpgrade": ". {billing} 페이지에서 업그레이드하세요.",
    "sso.capOwnerUpgrades": " (소유자가 업그레이드합니다).",
    "sso.billing": "결제",
    "sso.capUnlimited": "{used}개 활성. {plan} 요금제에는 한도가 없습니다.",
    "sso.capOf": "{plan} 요금제의 활성 연결 {limit}개 중 {used}개 사용 중.",
    "sso.inactiveNotCounted": " 비활성 연결은 포함되지 않습니다.",
    "sso.confirmDeactivate": "{name}을(를) 비활성화할까요? 다시 저장하기 전까지 아무도 이 연결로 로그인할 수 없습니다.",
    "sso.default": "기본",
    "sso.active": "활성",
    "sso.inactive": "비활성",
    "sso.forDomain": "{domain} 주소용",
    "sso.forAny": "모든 주소용",
    "sso.joinsAs": "{role}(으)로 합류",
    "sso.director": "이사",
    "sso.member": "구성원",
    "sso.clientIdFact": "클라이언트 ID:",
    "sso.secretSet": "클라이언트 시크릿 설정됨",
    "sso.pkceOnly": "클라이언트 시크릿 없음: PKCE로만 로그인합니다",
    "sso.discoveryFact": "디스커버리:",
    "sso.issuerFact": "발급자:",
    "sso.discoveryFromType": "유형에서 디스커버리를 채웁니다",
    "sso.metadataFact": "메타데이터:",
    "sso.metadataSet": "메타데이터 문서 설정됨",
    "sso.ssoUrlFact": "싱글 사인온 URL: {url}, 엔터티 ID {entity}",
    "sso.acsRegister": "ACS URL (IdP에 등록하세요)",
    "sso.redirectRegister": "리디렉션 URI (IdP에 등록하세요)",
    "sso.copyAcs": "ACS URL 복사",
    "sso.copyRedirect": "리디렉션 URI 복사",
    "sso.signInLink": "로그인 링크",
    "sso.copySignInLink": "로그인 링크 복사",
    "sso.edit": "편집",
    "sso.testLabel": "{name} 테스트",
    "sso.test": "테스트",
    "sso.tested": "테스트했습니다. 결과는 아래에 있습니다.",
    "sso.deactivateLabel": "{name} 비활성화",
    "sso.deactivate": "비활성화",
    "sso.deactivated": "연결을 비활성화했습니다.",
    "sso.reactivateLabel": "{name} 다시 활성화",
    "sso.reactivate": "다시 활성화",
    "sso.reactivated": "연결을 다시 활성화했습니다.",
    "sso.reportOk": "ID 제공자가 로그인에 필요한 대로 응답합니다.",
    "sso.reportFail": "이 연결로는 로그인이 실패합니다.",
    "sso.checked": "확인한 항목 ({count})",
    "sso.editTitle": "{name} 편집",
    "sso.addTitle": "연결 추가",
    "sso.save": "연결 저장",
    "sso.add": "연결 추가",
    "sso.saved": "연결을 저장했습니다.",
    "sso.addedDone": "연결을 추가했습니다.",
    "sso.inactiveSave": "비활성 연결을 저장하면 요금제 한도 안에서 다시 활성화됩니다.",
    "sso.type": "유형",
    "sso.nameAtSignIn": "로그인 시 표시할 이름",
    "sso.emailDomain": "이메일 도메인",
    "sso.emailDomainHint": "이 도메인 주소를 가진 사람은 이 연결로 로그인하며, 그들만 로그인할 수 있습니다. 비워 두면 IdP가 보증하는 누구나 로그인합니다 (기본 연결로).",
    "sso.joinRole": "이 연결로 합류하는 사람의 역할",
    "sso.clientId": "클라이언트 ID",
    "sso.clientSecret": "클라이언트 시크릿",
    "sso.secretKeepHint": "시크릿이 설정되어 있습니다. 유지하려면 비워 두고, 새 값을 넣으면 바뀝니다.",
    "sso.secretOptionalHint": "선택 사항: 없으면 PKCE로만 로그인합니다. 봉인되며 다시 표시되지 않습니다.",
    "sso.endpointsFrom": "엔드포인트 출처",
    "sso.sourceIssuerOptional": "발급자 (또는 유형에서 채움)",
    "sso.sourceIssuer": "발급자의 디스커버리 문서",
    "sso.sourceDiscovery": "디스커버리 URL",
    "sso.sourceManual": "발급자와 각 엔드포인트",
    "sso.discoveryUrl": "디스커버리 URL",
    "sso.issuer": "발급자",
    "sso.authorizationEndpoint": "인가 엔드포인트",
    "sso.tokenEndpoint": "토큰 엔드포인트",
    "sso.jwksHint": "id_token 서명에 쓰는 키입니다. 서명은 항상 확인합니다.",
    "sso.describedHow": "ID 제공자 정보 제공 방식",
    "sso.samlUrl": "메타데이터 URL",
    "sso.samlXml": "메타데이터 문서",
    "sso.samlManual": "로그인 URL, 엔터티 ID, 인증서",
    "sso.metadataUrl": "메타데이터 URL",
    "sso.metadataUrlHint": "로그인 시 가져와 1시간 동안 보관합니다.",
    "sso.metadataXml": "메타데이터 문서 (XML)",
    "sso.metadataXmlHint": "문서가 저장되어 있습니다. 바꾸려면 새 문서를 붙여 넣으세요.",
    "sso.ssoUrl": "싱글 사인온 URL (HTTP-Redirect)",
    "sso.idpEntityId": "IdP 엔터티 ID",
    "sso.idpCertificate": "IdP 서명 인증서 (PEM)",
    "sso.mapping": "속성 매핑",
    "sso.emailClaim": "이메일 주소가 담긴 클레임 또는 속성",
    "sso.nameClaim": "이름이 담긴 클레임 또는 속성",
    "sso.roleMappingKept": "“{attribute}”의 역할 매핑은 유지됩니다 (API로 설정하세요).",
    "sso.testSettings": "이 설정 테스트",
    "sso.cancelEditing": "편집 취소",
    "sso.policy": "로그인 정책",
    "sso.policyWhat": "로그인 정책",
    "sso.savedWord": "저장했습니다.",
    "sso.savePolicy": "정책 저장",
    "sso.policySaved": "로그인 정책을 저장했습니다.",
    "sso.defaultConnection": "기본 연결 (일치하는 이메일 도메인이 없을 때)",
    "sso.automatic": "자동: 이메일 도메인이 없는 유일한 활성 연결",
    "sso.jit": "아직 구성원이 아닌 사람도 로그인 시 추가 (JIT 멤버십)",
    "sso.jitOff": "끄면: 이미 구성원인 사람만 ID 제공자로 로그인할 수 있습니다.",
    "sso.reset": "기본값으로 재설정",
    "sso.resetDone": "로그인 정책을 기본값으로 재설정했습니다.",
    "sso.spTitle": "SAML 서비스 제공자 정보",
    "sso.spHint": "이 정보를 SAML ID 제공자에 입력하거나, 모든 정보가 담긴 메타데이터 URL만 전달하세요. OIDC 리디렉션 URI는 같은 ACS URL입니다.",
    "sso.spWhat": "서비스 제공자 정보",
    "sso.copyMetadataUrl": "메타데이터 URL 복사",
    "sso.entityId": "엔터티 ID",
    "sso.copyEntityId": "엔터티 ID 복사",
    "sso.signingCertificate": "서명 인증서",
    "sso.copyCertificate": "서명 인증서 복사",
    "sso.scimTitle": "SCIM 프로비저닝",
    "sso.scimHint": "SCIM 토큰을 가진 ID 제공자는 이 조직의 구성원과 팀을 추가, 수정, 제거합니다. 토큰은 한 번만 표시되며, 교체할 수 있도록 최대 5개까지 유지하세요.",
    "sso.scimBase": "SCIM 기본 URL",
    "sso.copyScimBase": "SCIM 기본 URL 복사",
    "sso.newScimToken": "새 SCIM 토큰:",
    "sso.scimTokenHint": "위의 기본 URL과 함께 ID 제공자에 Bearer 토큰으로 입력하세요.",
    "sso.scimWhat": "SCIM 토큰",
    "sso.noScim": "SCIM 토큰이 없습니다.",
    "sso.noScimHint": "ID 제공자의 프로비저닝용으로 만드세요.",
    "sso.revoked": "폐기됨",
    "sso.createdAt": "{time}에 생성",
    "sso.revokedAt": ", {time}에 폐기",
    "sso.revokeScimLabel": "SCIM 토큰 {prefix} 폐기",
    "sso.confirmRevokeScim": "{prefix}…을(를) 폐기할까요? 이 토큰을 쓰는 ID 제공자는 즉시 프로비저닝을 멈춥니다.",
    "sso.revoke": "폐기",
    "sso.scimRevoked": "SCIM 토큰을 폐기했습니다.",
    "sso.deleteScimLabel": "SCIM 토큰 {prefix} 삭제",
    "sso.confirmDeleteScim": "{prefix}… 기록을 삭제할까요? 감사 로그에는 이벤트가 남습니다.",
    "sso.confirmDeleteActiveScim": "{prefix}… 기록을 삭제할까요? 즉시 작동을 멈춥니다. 감사 로그에는 이벤트가 남습니다.",
    "sso.delete": "삭제",
    "sso.scimDeleted": "SCIM 토큰을 삭제했습니다.",
    "sso.createScim": "SCIM 토큰 만들기",
    "sso.scimCreated": "SCIM 토큰을 만들었습니다.",
  },
  ja: {
    "sso.title": "SSO と SCIM",
    "sso.adminsOnly": "シングルサインオンと SCIM を管理できるのはオーナーと管理者だけです。",
    "sso.connections": "ID プロバイダー接続",
    "sso.connectionsHint": "ユーザーは ID プロバイダーを通じてこのダッシュボードにサインインし、初回に組織に参加します。クライアントシークレットは封印して保管し、再表示はせず、設定済みかどうかだけを示します。",
    "sso.connectionsWhat": "接続",
    "sso.noConnections": "接続はまだありません。",
    "sso.noConnectionsHint": "ID プロバイダーの情報を使って下で追加してください。",
    "sso.capNone": "{plan} プランにシングルサインオン接続は含まれません。Pro は 1 つ、Pro+ は 3 つ、Business は 10 まで使えます",
    "sso.capUpgrade": "。{billing} ページでアップグレードしてください。",
    "sso.capOwnerUpgrades": " (オーナーがアップグレードします)。",
    "sso.billing": "請求",
    "sso.capUnlimited": "{used} 件が有効です。{plan} プランに上限はありません。",
    "sso.capOf": "{plan} プランの有効な接続 {limit} 件中 {used} 件を使用中です。",
    "sso.inactiveNotCounted": " 無効な接続は数えません。",
    "sso.confirmDeactivate": "{name} を無効にしますか? 再度保存するまで、誰もこの接続でサインインできません。",
    "sso.default": "デフォルト",
    "sso.active": "有効",
    "sso.inactive": "無効",
    "sso.forDomain": "{domain} のアドレス用",
    "sso.forAny": "すべてのアドレス用",
    "sso.joinsAs": "{role} として参加",
    "sso.director": "取締役",
    "sso.member": "メンバー",
    "sso.clientIdFact": "クライアント ID:",
    "sso.secretSet": "クライアントシークレット設定済み",
    "sso.pkceOnly": "クライアントシークレットなし: PKCE のみでサインインします",
    "sso.discoveryFact": "ディスカバリー:",
    "sso.issuerFact": "発行者:",
    "sso.discoveryFromType": "種類からディスカバリーを補完します",
    "sso.metadataFact": "メタデータ:",
    "sso.metadataSet": "メタデータ文書設定済み",
    "sso.ssoUrlFact": "シングルサインオン URL: {url}、エンティティ ID {entity}",
    "sso.acsRegister": "ACS URL (IdP に登録してください)",
    "sso.redirectRegister": "リダイレクト URI (IdP に登録してください)",
    "sso.copyAcs": "ACS URL をコピー",
    "sso.copyRedirect": "リダイレクト URI をコピー",
    "sso.signInLink": "サインインリンク",
    "sso.copySignInLink": "サインインリンクをコピー",
    "sso.edit": "編集",
    "sso.testLabel": "{name} をテスト",
    "sso.test": "テスト",
    "sso.tested": "テストしました。結果は下にあります。",
    "sso.deactivateLabel": "{name} を無効にする",
    "sso.deactivate": "無効にする",
    "sso.deactivated": "接続を無効にしました。",
    "sso.reactivateLabel": "{name} を再び有効にする",
    "sso.reactivate": "再び有効にする",
    "sso.reactivated": "接続を再び有効にしました。",
    "sso.reportOk": "ID プロバイダーはサインインに必要な応答を返しています。",
    "sso.reportFail": "この接続でのサインインは失敗します。",
    "sso.checked": "確認した項目 ({count})",
    "sso.editTitle": "{name} を編集",
    "sso.addTitle": "接続を追加",
    "sso.save": "接続を保存",
    "sso.add": "接続を追加",
    "sso.saved": "接続を保存しました。",
    "sso.addedDone": "接続を追加しました。",
    "sso.inactiveSave": "無効な接続を保存すると、プランの上限内で再び有効になります。",
    "sso.type": "種類",
    "sso.nameAtSignIn": "サインイン時に表示する名前",
    "sso.emailDomain": "メールドメイン",
    "sso.emailDomainHint": "このドメインのアドレスを持つ人はこの接続でサインインし、その人たちだけがサインインできます。空欄なら IdP が保証する誰でもサインインできます (デフォルト接続として)。",
    "sso.joinRole": "この接続で参加する人のロール",
    "sso.clientId": "クライアント ID",
    "sso.clientSecret": "クライアントシークレット",
    "sso.secretKeepHint": "シークレットは設定済みです。そのままにするには空欄にし、新しい値を入れると置き換わります。",
    "sso.secretOptionalHint": "任意: なければ PKCE のみでサインインします。封印され、再表示されません。",
    "sso.endpointsFrom": "エンドポイントの取得元",
    "sso.sourceIssuerOptional": "発行者 (または種類から補完)",
    "sso.sourceIssuer": "発行者のディスカバリー文書",
    "sso.sourceDiscovery": "ディスカバリー URL",
    "sso.sourceManual": "発行者と各エンドポイント",
    "sso.discoveryUrl": "ディスカバリー URL",
    "sso.issuer": "発行者",
    "sso.authorizationEndpoint": "認可エンドポイント",
    "sso.tokenEndpoint": "トークンエンドポイント",
    "sso.jwksHint": "id_token の署名に使う鍵です。署名は常に確認します。",
    "sso.describedHow": "ID プロバイダーの指定方法",
    "sso.samlUrl": "メタデータ URL",
    "sso.samlXml": "メタデータ文書",
    "sso.samlManual": "サインオン URL、エンティティ ID、証明書",
    "sso.metadataUrl": "メタデータ URL",
    "sso.metadataUrlHint": "サインイン時に取得し、1 時間保持します。",
    "sso.metadataXml": "メタデータ文書 (XML)",
    "sso.metadataXmlHint": "文書は保存済みです。置き換えるには新しい文書を貼り付けてください。",
    "sso.ssoUrl": "シングルサインオン URL (HTTP-Redirect)",
    "sso.idpEntityId": "IdP エンティティ ID",
    "sso.idpCertificate": "IdP 署名証明書 (PEM)",
    "sso.mapping": "属性マッピング",
    "sso.emailClaim": "メールアドレスを持つクレームまたは属性",
    "sso.nameClaim": "名前を持つクレームまたは属性",
    "sso.roleMappingKept": "「{attribute}」のロールマッピングは維持されます (API で設定してください)。",
    "sso.testSettings": "この設定をテスト",
    "sso.cancelEditing": "編集をキャンセル",
    "sso.policy": "サインインポリシー",
    "sso.policyWhat": "サインインポリシー",
    "sso.savedWord": "保存しました。",
    "sso.savePolicy": "ポリシーを保存",
    "sso.policySaved": "サインインポリシーを保存しました。",
    "sso.defaultConnection": "デフォルト接続 (一致するメールドメインがない場合)",
    "sso.automatic": "自動: メールドメインのない唯一の有効な接続",
    "sso.jit": "まだメンバーでない人もサインイン時に追加する (JIT メンバーシップ)",
    "sso.jitOff": "オフ: すでにメンバーである人だけが ID プロバイダーでサインインできます。",
    "sso.reset": "デフォルトに戻す",
    "sso.resetDone": "サインインポリシーをデフォルトに戻しました。",
    "sso.spTitle": "SAML のサービスプロバイダー情報",
    "sso.spHint": "これらを SAML ID プロバイダーに渡すか、すべてを含むメタデータ URL だけを渡してください。OIDC のリダイレクト URI は同じ ACS URL です。",
    "sso.spWhat": "サービスプロバイダー情報",
    "sso.copyMetadataUrl": "メタデータ URL をコピー",
    "sso.entityId": "エンティティ ID",
    "sso.copyEntityId": "エンティティ ID をコピー",
    "sso.signingCertificate": "署名証明書",
    "sso.copyCertificate": "署名証明書をコピー",
    "sso.scimTitle": "SCIM プロビジョニング",
    "sso.scimHint": "SCIM トークンを持つ ID プロバイダーは、この組織のメンバーとチームを追加・更新・削除します。トークンは一度だけ表示されます。ローテーションできるよう、有効なものは最大 5 つまでにしてください。",
    "sso.scimBase": "SCIM ベース URL",
    "sso.copyScimBase": "SCIM ベース URL をコピー",
    "sso.newScimToken": "新しい SCIM トークン:",
    "sso.scimTokenHint": "上のベース URL とともに、ID プロバイダーに Bearer トークンとして設定してください。",
    "sso.scimWhat": "SCIM トークン",
    "sso.noScim": "SCIM トークンはありません。",
    "sso.noScimHint": "ID プロバイダーのプロビジョニング用に作成してください。",
    "sso.revoked": "失効済み",
    "sso.createdAt": "{time} に作成",
    "sso.revokedAt": "、{time} に失効",
    "sso.revokeScimLabel": "SCIM トークン {prefix} を失効",
    "sso.confirmRevokeScim": "{prefix}… を失効させますか? これを使う ID プロバイダーはすぐにプロビジョニングを停止します。",
    "sso.revoke": "失効",
    "sso.scimRevoked": "SCIM トークンを失効させました。",
    "sso.deleteScimLabel": "SCIM トークン {prefix} を削除",
    "sso.confirmDeleteScim": "{prefix}… の記録を削除しますか? 監査ログにはイベントが残ります。",
    "sso.confirmDeleteActiveScim": "{prefix}… の記録を削除しますか? すぐに使えなくなります。監査ログにはイベントが残ります。",
    "sso.delete": "削除",
    "sso.scimDeleted": "SCIM トークンを削除しました。",
    "sso.createScim": "SCIM トークンを作成",
    "sso.scimCreated": "SCIM トークンを作成しました。",
  },
};
