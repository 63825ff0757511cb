/** An app group's icon and social sign-in (pages/app-group-extras.tsx). */
import type { Catalog } from "../../i18n";

type AppGroupExtrasKey =
  | "app-group-extras.clientSecret"
  | "app-group-extras.signingKey"
  | "app-group-extras.iconOf"
  | "app-group-extras.currentIcon"
  | "app-group-extras.noIcon"
  | "app-group-extras.noIconHint"
  | "app-group-extras.uploadIcon"
  | "app-group-extras.iconUpload"
  | "app-group-extras.iconUploaded"
  | "app-group-extras.removeIcon"
  | "app-group-extras.iconRemoved"
  | "app-group-extras.useUrl"
  | "app-group-extras.iconLinked"
  | "app-group-extras.linkIcon"
  | "app-group-extras.invalidIconType"
  | "app-group-extras.iconTooLarge"
  | "app-group-extras.social"
  | "app-group-extras.redirectUri"
  | "app-group-extras.copyRedirect"
  | "app-group-extras.on"
  | "app-group-extras.off"
  | "app-group-extras.notSetUp"
  | "app-group-extras.secretSet"
  | "app-group-extras.save"
  | "app-group-extras.offer"
  | "app-group-extras.clientId"
  | "app-group-extras.secretLabel"
  | "app-group-extras.keepSecret"
  | "app-group-extras.pasteKey"
  | "app-group-extras.tenant"
  | "app-group-extras.tenantHint"
  | "app-group-extras.teamId"
  | "app-group-extras.keyId"
  | "app-group-extras.saved"
  | "app-group-extras.removeLabel"
  | "app-group-extras.confirmRemove"
  | "app-group-extras.remove"
  | "app-group-extras.removed";

export const appGroupExtrasCatalog: Catalog<AppGroupExtrasKey> = {
  en: {
    "app-group-extras.clientSecret": "Client secret",
    "app-group-extras.signingKey": "Signing key (.p8)",
    "app-group-extras.iconOf": "Icon of {name}",
    "app-group-extras.currentIcon": "Current icon of {name}",
    "app-group-extras.noIcon": "No icon yet.",
    "app-group-extras.noIconHint": "The hosted login shows the brand's name alone.",
    "app-group-extras.uploadIcon": "Upload an icon (PNG, JPEG or WebP, at most 512 KB)",
    "app-group-extras.iconUpload": "Icon upload",
    "app-group-extras.iconUploaded": "Icon uploaded.",
    "app-group-extras.removeIcon": "Remove the icon",
    "app-group-extras.iconRemoved": "Icon removed.",
    "app-group-extras.useUrl": "Use this URL",
    "app-group-extras.iconLinked": "Icon linked.",
    "app-group-extras.linkIcon": "Or link an icon hosted elsewhere (https URL)",
    "app-group-extras.invalidIconType": "That file is not a PNG, JPEG or WebP image (SVG is not accepted).",
    "app-group-extras.iconTooLarge": "The icon is larger than 512 KB.",
    "app-group-extras.social": "Social sign-in",
    "app-group-extras.redirectUri": "Register this redirect URI with each provider: {uri}",
    "app-group-extras.copyRedirect": "Copy the redirect URI",
    "app-group-extras.on": "on",
    "app-group-extras.off": "off",
    "app-group-extras.notSetUp": "not set up",
    "app-group-extras.secretSet": "{secret} set",
    "app-group-extras.save": "Save {provider}",
    "app-group-extras.offer": "Offer “Continue with {provider}”",
    "app-group-extras.clientId": "{provider} client ID",
    "app-group-extras.secretLabel": "{provider} {secret}",
    "app-group-extras.keepSecret": "Set; leave empty to keep it.",
    "app-group-extras.pasteKey": "Paste the .p8 key.",
    "app-group-extras.tenant": "Microsoft tenant",
    "app-group-extras.tenantHint": "common, organizations, consumers or a tenant id",
    "app-group-extras.teamId": "Apple team ID",
    "app-group-extras.keyId": "Apple key ID",
    "app-group-extras.saved": "Saved.",
    "app-group-extras.removeLabel": "Remove {provider}",
    "app-group-extras.confirmRemove": "Remove {provider} sign-in and its credentials?",
    "app-group-extras.remove": "Remove",
    "app-group-extras.removed": "{provider} removed.",
  },
  ko: {
    "app-group-extras.clientSecret": "클라이언트 시크릿",
    "app-group-extras.signingKey": "서명 키 (.p8)",
    "app-group-extras.iconOf": "{name} 아이콘",
    "app-group-extras.currentIcon": "{name}의 현재 아이콘",
    "app-group-extras.noIcon": "아직 아이콘이 없습니다.",
    "app-group-extras.noIconHint": "호스팅 로그인에는 브랜드 이름만 표시됩니다.",
    "app-group-extras.uploadIcon": "아이콘 업로드 (PNG, JPEG 또는 WebP, 최대 512 KB)",
    "app-group-extras.iconUpload": "아이콘 업로드",
    "app-group-extras.iconUploaded": "아이콘을 업로드했습니다.",
    "app-group-extras.removeIcon": "아이콘 제거",
    "app-group-extras.iconRemoved": "아이콘을 제거했습니다.",
    "app-group-extras.useUrl": "이 URL 사용",
    "app-group-extras.iconLinked": "아이콘 링크를 설정했습니다.",
    "app-group-extras.linkIcon": "또는 다른 곳에 있는 아이콘 링크 (https URL)",
    "app-group-extras.invalidIconType": "PNG, JPEG, WebP 이미지가 아닙니다 (SVG는 받지 않습니다).",
    "app-group-extras.iconTooLarge": "아이콘이 512 KB보다 큽니다.",
    "app-group-extras.social": "소셜 로그인",
    "app-group-extras.redirectUri": "각 제공자에 이 리디렉션 URI를 등록하세요: {uri}",
    "app-group-extras.copyRedirect": "리디렉션 URI 복사",
    "app-group-extras.on": "켜짐",
    "app-group-extras.off": "꺼짐",
    "app-group-extras.notSetUp": "설정 안 됨",
    "app-group-extras.secretSet": "{secret} 설정됨",
    "app-group-extras.save": "{provider} 저장",
    "app-group-extras.offer": "“{provider}로 계속하기” 제공",
    "app-group-extras.clientId": "{provider} 클라이언트 ID",
    "app-group-extras.secretLabel": "{provider}의 {secret}",
    "app-group-extras.keepSecret": "설정되어 있습니다. 유지하려면 비워 두세요.",
    "app-group-extras.pasteKey": ".p8 키를 붙여 넣으세요.",
    "app-group-extras.tenant": "Microsoft 테넌트",
    "app-group-extras.tenantHint": "common, organizations, consumers 또는 테넌트 ID",
    "app-group-extras.teamId": "Apple 팀 ID",
    "app-group-extras.keyId": "Apple 키 ID",
    "app-group-extras.saved": "저장했습니다.",
    "app-group-extras.removeLabel": "{provider} 제거",
    "app-group-extras.confirmRemove": "{provider} 로그인과 자격 증명을 제거할까요?",
    "app-group-extras.remove": "제거",
    "app-group-extras.removed": "{provider}을(를) 제거했습니다.",
  },
  ja: {
    "app-group-extras.clientSecret": "クライアントシークレット",
    "app-group-extras.signingKey": "署名鍵 (.p8)",
    "app-group-extras.iconOf": "{name} のアイコン",
    "app-group-extras.currentIcon": "{name} の現在のアイコン",
    "app-group-extras.noIcon": "アイコンはまだありません。",
    "app-group-extras.noIconHint": "ホスト型ログインにはブランド名だけが表示されます。",
    "app-group-extras.uploadIcon": "アイコンをアップロード (PNG、JPEG または WebP、最大 512 KB)",
    "app-group-extras.iconUpload": "アイコンのアップロード",
    "app-group-extras.iconUploaded": "アイコンをアップロードしました。",
    "app-group-extras.removeIcon": "アイコンを削除",
    "app-group-extras.iconRemoved": "アイコンを削除しました。",
    "app-group-extras.useUrl": "この URL を使う",
    "app-group-extras.iconLinked": "アイコンのリンクを設定しました。",
    "app-group-extras.linkIcon": "または他の場所にあるアイコンをリンク (https URL)",
    "app-group-extras.invalidIconType": "PNG、JPEG、WebP の画像ではありません (SVG は受け付けません)。",
    "app-group-extras.iconTooLarge": "アイコンが 512 KB を超えています。",
    "app-group-extras.social": "ソーシャルサインイン",
    "app-group-extras.redirectUri": "各プロバイダーにこのリダイレクト URI を登録してください: {uri}",
    "app-group-extras.copyRedirect": "リダイレクト URI をコピー",
    "app-group-extras.on": "オン",
    "app-group-extras.off": "オフ",
    "app-group-extras.notSetUp": "未設定",
    "app-group-extras.secretSet": "{secret}設定済み",
    "app-group-extras.save": "{provider} を保存",
    "app-group-extras.offer": "「{provider} で続行」を提供",
    "app-group-extras.clientId": "{provider} クライアント ID",
    "app-group-extras.secretLabel": "{provider} の{secret}",
    "app-group-extras.keepSecret": "設定済みです。そのままにするには空欄にしてください。",
    "app-group-extras.pasteKey": ".p8 キーを貼り付けてください。",
    "app-group-extras.tenant": "Microsoft テナント",
    "app-group-extras.tenantHint": "common、organizations、consumers またはテナント ID",
    "app-group-extras.teamId": "Apple チーム ID",
    "app-group-extras.keyId": "Apple キー ID",
    "app-group-extras.saved": "保存しました。",
    "app-group-extras.removeLabel": "{provider} を削除",
    "app-group-extras.confirmRemove": "{provider} のサインインと認証情報を削除しますか?",
    "app-group-extras.remove": "削除",
    "app-group-extras.removed": "{provider} を削除しました。",
  },
};
