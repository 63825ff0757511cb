/** The API & keys page's words (pages/keys.tsx). */
import type { Catalog } from "../../i18n";

type KeysKey =
  | "keys.title"
  | "keys.lifetime300"
  | "keys.lifetime3600"
  | "keys.lifetime86400"
  | "keys.lifetime604800"
  | "keys.apiKeys"
  | "keys.apiKeysIntro"
  | "keys.newApiKey"
  | "keys.newApiKeyNamed"
  | "keys.noApiKeys"
  | "keys.noApiKeysHint"
  | "keys.name"
  | "keys.key"
  | "keys.scopes"
  | "keys.tokenCeiling"
  | "keys.created"
  | "keys.actions"
  | "keys.unnamed"
  | "keys.allOfCreators"
  | "keys.seconds"
  | "keys.revokeLabel"
  | "keys.revokeConfirm"
  | "keys.revoke"
  | "keys.revoked"
  | "keys.createApiKeyHeading"
  | "keys.createApiKey"
  | "keys.createdApiKey"
  | "keys.scopesHint"
  | "keys.longestLifetime"
  | "keys.signingKeys"
  | "keys.publicKeys"
  | "keys.copyJwks"
  | "keys.signingKeysWhat"
  | "keys.noSigningKey"
  | "keys.noSigningKeyHint"
  | "keys.usePermits"
  | "keys.useTokens"
  | "keys.since"
  | "keys.leavesJwks"
  | "keys.current"
  | "keys.rotateWarningStrong"
  | "keys.rotateWarning"
  | "keys.retireImmediately"
  | "keys.understood"
  | "keys.rotate"
  | "keys.rotated"
  | "keys.webhookSecret"
  | "keys.newWebhookSecret"
  | "keys.webhookSecretWhat"
  | "keys.generatedAt"
  | "keys.noSecret"
  | "keys.previousUntil"
  | "keys.endPrevious"
  | "keys.regenerate"
  | "keys.generate"
  | "keys.pluginTokens"
  | "keys.newPluginToken"
  | "keys.pluginTokensWhat"
  | "keys.noPluginTokens"
  | "keys.noPluginTokensHint"
  | "keys.status.active"
  | "keys.status.expired"
  | "keys.status.revoked"
  | "keys.expires"
  | "keys.revokePluginLabel"
  | "keys.createPluginToken"
  | "keys.createdPluginToken"
  | "keys.expiresAfterDays";

export const keysCatalog: Catalog<KeysKey> = {
  en: {
    "keys.title": "API & keys",
    "keys.lifetime300": "5 minutes (default)",
    "keys.lifetime3600": "1 hour: owner, with your passkey",
    "keys.lifetime86400": "1 day: owner, with your passkey",
    "keys.lifetime604800": "7 days: owner, with your passkey",
    "keys.apiKeys": "API keys",
    "keys.apiKeysIntro": "Machines exchange an API key for short-lived tokens at {token}, or call {public} with it directly.",
    "keys.newApiKey": "New API key:",
    "keys.newApiKeyNamed": "New API key “{name}”:",
    "keys.noApiKeys": "No API keys yet.",
    "keys.noApiKeysHint": "Create one below for your backend or CI; it is shown once.",
    "keys.name": "Name",
    "keys.key": "Key",
    "keys.scopes": "Scopes",
    "keys.tokenCeiling": "Token ceiling",
    "keys.created": "Created",
    "keys.actions": "Actions",
    "keys.unnamed": "unnamed",
    "keys.allOfCreators": "all of the creator's",
    "keys.seconds": "{count} s",
    "keys.revokeLabel": "Revoke {name}",
    "keys.revokeConfirm": "Revoke {name}? It stops working at once, with every token it issued.",
    "keys.revoke": "Revoke",
    "keys.revoked": "Revoked.",
    "keys.createApiKeyHeading": "Create an API key",
    "keys.createApiKey": "Create API key",
    "keys.createdApiKey": "API key created.",
    "keys.scopesHint": "Separated by spaces or commas, each within your own{mine}. Empty: the organization's default API key scopes, if Settings sets them.",
    "keys.longestLifetime": "Longest token lifetime",
    "keys.signingKeys": "Signing keys",
    "keys.publicKeys": "Public keys:",
    "keys.copyJwks": "Copy JWKS URL",
    "keys.signingKeysWhat": "signing keys",
    "keys.noSigningKey": "No signing key yet.",
    "keys.noSigningKeyHint": "The owner creates it with the Org Master Seal (Overview).",
    "keys.usePermits": "permits",
    "keys.useTokens": "tokens",
    "keys.since": "since {time}",
    "keys.leavesJwks": "leaves the JWKS {time}",
    "keys.current": "current",
    "keys.rotateWarningStrong": "Rotating replaces both keys.",
    "keys.rotateWarning": "Every permit signed so far stops verifying at once. End-user tokens keep verifying until they expire (at most 24 hours), unless you retire the old key immediately.",
    "keys.retireImmediately": "Retire the old token key immediately (it leaked): signed-in end users must sign in again",
    "keys.understood": "I understand that existing permits stop working",
    "keys.rotate": "Rotate signing keys",
    "keys.rotated": "Signing keys rotated.",
    "keys.webhookSecret": "Webhook secret",
    "keys.newWebhookSecret": "New webhook secret:",
    "keys.webhookSecretWhat": "the webhook secret",
    "keys.generatedAt": "Generated {time}.",
    "keys.noSecret": "No secret yet: outgoing webhooks are unsigned until you generate one.",
    "keys.previousUntil": " The previous secret verifies until {time}.",
    "keys.endPrevious": "End the previous secret at once (it leaked)",
    "keys.regenerate": "Regenerate the secret",
    "keys.generate": "Generate a secret",
    "keys.pluginTokens": "Plugin tokens",
    "keys.newPluginToken": "New plugin token:",
    "keys.pluginTokensWhat": "plugin tokens",
    "keys.noPluginTokens": "No plugin tokens.",
    "keys.noPluginTokensHint": "Create one for an editor or chat plugin that acts for this organization.",
    "keys.status.active": "active",
    "keys.status.expired": "expired",
    "keys.status.revoked": "revoked",
    "keys.expires": "expires {time}",
    "keys.revokePluginLabel": "Revoke plugin token {name}",
    "keys.createPluginToken": "Create plugin token",
    "keys.createdPluginToken": "Plugin token created.",
    "keys.expiresAfterDays": "Expires after (days)",
  },
  ko: {
    "keys.title": "API 및 키",
    "keys.lifetime300": "5분 (기본값)",
    "keys.lifetime3600": "1시간: 소유자, 패스키 필요",
    "keys.lifetime86400": "1일: 소유자, 패스키 필요",
    "keys.lifetime604800": "7일: 소유자, 패스키 필요",
    "keys.apiKeys": "API 키",
    "keys.apiKeysIntro": "서버는 API 키를 {token}에서 수명이 짧은 토큰으로 교환하거나, 그 키로 {public}을 직접 호출합니다.",
    "keys.newApiKey": "새 API 키:",
    "keys.newApiKeyNamed": "새 API 키 “{name}”:",
    "keys.noApiKeys": "아직 API 키가 없습니다.",
    "keys.noApiKeysHint": "백엔드나 CI용으로 아래에서 만드세요. 키는 한 번만 표시됩니다.",
    "keys.name": "이름",
    "keys.key": "키",
    "keys.scopes": "스코프",
    "keys.tokenCeiling": "토큰 최대 수명",
    "keys.created": "생성일",
    "keys.actions": "작업",
    "keys.unnamed": "이름 없음",
    "keys.allOfCreators": "생성자의 모든 스코프",
    "keys.seconds": "{count}초",
    "keys.revokeLabel": "{name} 폐기",
    "keys.revokeConfirm": "{name}을(를) 폐기할까요? 이 키와 이 키로 발급한 모든 토큰이 즉시 작동을 멈춥니다.",
    "keys.revoke": "폐기",
    "keys.revoked": "폐기했습니다.",
    "keys.createApiKeyHeading": "API 키 만들기",
    "keys.createApiKey": "API 키 만들기",
    "keys.createdApiKey": "API 키를 만들었습니다.",
    "keys.scopesHint": "공백이나 쉼표로 구분하며, 각각 내 스코프 안에서만 가능합니다{mine}. 비워 두면 설정에서 정한 조직의 기본 API 키 스코프를 씁니다.",
    "keys.longestLifetime": "최대 토큰 수명",
    "keys.signingKeys": "서명 키",
    "keys.publicKeys": "공개 키:",
    "keys.copyJwks": "JWKS URL 복사",
    "keys.signingKeysWhat": "서명 키",
    "keys.noSigningKey": "아직 서명 키가 없습니다.",
    "keys.noSigningKeyHint": "소유자가 조직 마스터 인장(개요)으로 만듭니다.",
    "keys.usePermits": "허가증",
    "keys.useTokens": "토큰",
    "keys.since": "{time}부터",
    "keys.leavesJwks": "{time}에 JWKS에서 제외",
    "keys.current": "현재 키",
    "keys.rotateWarningStrong": "교체하면 두 키가 모두 바뀝니다.",
    "keys.rotateWarning": "지금까지 서명한 모든 허가증은 즉시 검증되지 않습니다. 최종 사용자 토큰은 이전 키를 즉시 폐기하지 않는 한 만료될 때까지(최대 24시간) 계속 검증됩니다.",
    "keys.retireImmediately": "이전 토큰 키를 즉시 폐기 (유출됨): 로그인한 최종 사용자는 다시 로그인해야 합니다",
    "keys.understood": "기존 허가증이 작동을 멈춘다는 것을 이해했습니다",
    "keys.rotate": "서명 키 교체",
    "keys.rotated": "서명 키를 교체했습니다.",
    "keys.webhookSecret": "웹훅 비밀 키",
    "keys.newWebhookSecret": "새 웹훅 비밀 키:",
    "keys.webhookSecretWhat": "웹훅 비밀 키",
    "keys.generatedAt": "{time}에 생성했습니다.",
    "keys.noSecret": "아직 비밀 키가 없습니다. 생성하기 전까지 보내는 웹훅에는 서명이 없습니다.",
    "keys.previousUntil": " 이전 비밀 키는 {time}까지 검증됩니다.",
    "keys.endPrevious": "이전 비밀 키를 즉시 종료 (유출됨)",
    "keys.regenerate": "비밀 키 다시 생성",
    "keys.generate": "비밀 키 생성",
    "keys.pluginTokens": "플러그인 토큰",
    "keys.newPluginToken": "새 플러그인 토큰:",
    "keys.pluginTokensWhat": "플러그인 토큰",
    "keys.noPluginTokens": "플러그인 토큰이 없습니다.",
    "keys.noPluginTokensHint": "이 조직을 대신해 동작하는 에디터나 채팅 플러그인용으로 만드세요.",
    "keys.status.active": "활성",
    "keys.status.expired": "만료됨",
    "keys.status.revoked": "폐기됨",
    "keys.expires": "{time}에 만료",
    "keys.revokePluginLabel": "플러그인 토큰 {name} 폐기",
    "keys.createPluginToken": "플러그인 토큰 만들기",
    "keys.createdPluginToken": "플러그인 토큰을 만들었습니다.",
    "keys.expiresAfterDays": "만료까지 (일)",
  },
  ja: {
    "keys.title": "API とキー",
    "keys.lifetime300": "5 分 (デフォルト)",
    "keys.lifetime3600": "1 時間: オーナーがパスキーで承認",
    "keys.lifetime86400": "1 日: オーナーがパスキーで承認",
    "keys.lifetime604800": "7 日: オーナーがパスキーで承認",
    "keys.apiKeys": "API キー",
    "keys.apiKeysIntro": "マシンは API キーを {token} で短命のトークンに交換するか、そのキーで {public} を直接呼び出します。",
    "keys.newApiKey": "新しい API キー:",
    "keys.newApiKeyNamed": "新しい API キー「{name}」:",
    "keys.noApiKeys": "API キーはまだありません。",
    "keys.noApiKeysHint": "バックエンドや CI 用に下で作成してください。キーは一度だけ表示されます。",
    "keys.name": "名前",
    "keys.key": "キー",
    "keys.scopes": "スコープ",
    "keys.tokenCeiling": "トークンの上限",
    "keys.created": "作成日時",
    "keys.actions": "操作",
    "keys.unnamed": "名前なし",
    "keys.allOfCreators": "作成者のすべてのスコープ",
    "keys.seconds": "{count} 秒",
    "keys.revokeLabel": "{name} を失効",
    "keys.revokeConfirm": "{name} を失効させますか? このキーと、このキーで発行したすべてのトークンがすぐに使えなくなります。",
    "keys.revoke": "失効",
    "keys.revoked": "失効させました。",
    "keys.createApiKeyHeading": "API キーを作成",
    "keys.createApiKey": "API キーを作成",
    "keys.createdApiKey": "API キーを作成しました。",
    "keys.scopesHint": "スペースまたはカンマ区切りで、それぞれ自分のスコープの範囲内{mine}。空欄なら、設定で決めた組織のデフォルトの API キースコープを使います。",
    "keys.longestLifetime": "トークンの最長有効期間",
    "keys.signingKeys": "署名鍵",
    "keys.publicKeys": "公開鍵:",
    "keys.copyJwks": "JWKS URL をコピー",
    "keys.signingKeysWhat": "署名鍵",
    "keys.noSigningKey": "署名鍵はまだありません。",
    "keys.noSigningKeyHint": "オーナーが組織マスターシール (概要) で作成します。",
    "keys.usePermits": "許可証",
    "keys.useTokens": "トークン",
    "keys.since": "{time} から",
    "keys.leavesJwks": "{time} に JWKS から外れます",
    "keys.current": "現在のキー",
    "keys.rotateWarningStrong": "ローテーションすると両方のキーが置き換わります。",
    "keys.rotateWarning": "これまでに署名した許可証はすべてすぐに検証できなくなります。エンドユーザーのトークンは、古いキーをすぐに廃止しない限り、有効期限 (最長 24 時間) まで検証できます。",
    "keys.retireImmediately": "古いトークンキーをすぐに廃止する (漏えい時): サインイン中のエンドユーザーは再度サインインが必要です",
    "keys.understood": "既存の許可証が使えなくなることを理解しました",
    "keys.rotate": "署名鍵をローテーション",
    "keys.rotated": "署名鍵をローテーションしました。",
    "keys.webhookSecret": "Webhook シークレット",
    "keys.newWebhookSecret": "新しい Webhook シークレット:",
    "keys.webhookSecretWhat": "Webhook シークレット",
    "keys.generatedAt": "{time} に生成しました。",
    "keys.noSecret": "シークレットはまだありません。生成するまで送信する Webhook には署名がありません。",
    "keys.previousUntil": " 以前のシークレットは {time} まで検証できます。",
    "keys.endPrevious": "以前のシークレットをすぐに無効にする (漏えい時)",
    "keys.regenerate": "シークレットを再生成",
    "keys.generate": "シークレットを生成",
    "keys.pluginTokens": "プラグイントークン",
    "keys.newPluginToken": "新しいプラグイントークン:",
    "keys.pluginTokensWhat": "プラグイントークン",
    "keys.noPluginTokens": "プラグイントークンはありません。",
    "keys.noPluginTokensHint": "この組織の代わりに動くエディターやチャットのプラグイン用に作成してください。",
    "keys.status.active": "有効",
    "keys.status.expired": "期限切れ",
    "keys.status.revoked": "失効済み",
    "keys.expires": "{time} に期限切れ",
    "keys.revokePluginLabel": "プラグイントークン {name} を失効",
    "keys.createPluginToken": "プラグイントークンを作成",
    "keys.createdPluginToken": "プラグイントークンを作成しました。",
    "keys.expiresAfterDays": "有効期間 (日)",
  },
};
