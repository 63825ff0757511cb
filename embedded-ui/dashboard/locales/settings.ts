/** The Settings page's words (pages/settings.tsx). */
import type { Catalog } from "../../i18n";

type SettingsKey =
  | "settings.step.master_seal"
  | "settings.step.invite_members"
  | "settings.step.create_app"
  | "settings.step.create_api_key"
  | "settings.step.review_security"
  | "settings.title"
  | "settings.ownersOnly"
  | "settings.what"
  | "settings.saved"
  | "settings.general"
  | "settings.saveGeneral"
  | "settings.savedGeneral"
  | "settings.name"
  | "settings.displayName"
  | "settings.website"
  | "settings.logoUrl"
  | "settings.locale"
  | "settings.timezone"
  | "settings.security"
  | "settings.saveSecurity"
  | "settings.savedSecurity"
  | "settings.securityMode"
  | "settings.mode.standard"
  | "settings.mode.elevated"
  | "settings.mode.strict"
  | "settings.passkeyForAdmins"
  | "settings.blockSharing"
  | "settings.sessionDays"
  | "settings.domains"
  | "settings.domainsHint"
  | "settings.notifications"
  | "settings.saveNotifications"
  | "settings.savedNotifications"
  | "settings.billingMails"
  | "settings.securityMails"
  | "settings.memberMails"
  | "settings.recipients"
  | "settings.recipientsHint"
  | "settings.onboarding"
  | "settings.onboardingHint"
  | "settings.saveOnboarding"
  | "settings.savedOnboarding"
  | "settings.goThere"
  | "settings.goThereTo"
  | "settings.dismiss"
  | "settings.apiKeyDefaults"
  | "settings.saveApiKeyDefaults"
  | "settings.savedApiKeyDefaults"
  | "settings.defaultScopes"
  | "settings.defaultScopesHint"
  | "settings.tokenLifetime"
  | "settings.tokenLifetimeHint";

export const settingsCatalog: Catalog<SettingsKey> = {
  en: {
    "settings.step.master_seal": "Create the Org Master Seal",
    "settings.step.invite_members": "Invite your team",
    "settings.step.create_app": "Create an app group and an application",
    "settings.step.create_api_key": "Create an API key for your backend",
    "settings.step.review_security": "Review the security settings",
    "settings.title": "Settings",
    "settings.ownersOnly": "Only the owner and admins can see the settings.",
    "settings.what": "settings",
    "settings.saved": "Saved.",
    "settings.general": "General",
    "settings.saveGeneral": "Save general settings",
    "settings.savedGeneral": "General settings saved.",
    "settings.name": "Name",
    "settings.displayName": "Display name for end users",
    "settings.website": "Website",
    "settings.logoUrl": "Logo URL",
    "settings.locale": "Language (BCP 47)",
    "settings.timezone": "Time zone (IANA)",
    "settings.security": "Security",
    "settings.saveSecurity": "Save security settings",
    "settings.savedSecurity": "Security settings saved.",
    "settings.securityMode": "Security mode (the seal tier of permits)",
    "settings.mode.standard": "Standard",
    "settings.mode.elevated": "Elevated",
    "settings.mode.strict": "Strict",
    "settings.passkeyForAdmins": "Owners and admins must sign in with a passkey",
    "settings.blockSharing": "Block external sharing: no file may be shared by link",
    "settings.sessionDays": "Longest dashboard session accepted (days)",
    "settings.domains": "Allowed e-mail domains",
    "settings.domainsHint": "Separated by commas; empty allows any address.",
    "settings.notifications": "Notifications",
    "settings.saveNotifications": "Save notification settings",
    "settings.savedNotifications": "Notification settings saved.",
    "settings.billingMails": "Billing: invoices, credit and payment notices",
    "settings.securityMails": "Security: keys, seals and sign-in notices",
    "settings.memberMails": "Members: invitations accepted and members removed",
    "settings.recipients": "Extra recipients",
    "settings.recipientsHint": "Up to 20 addresses, separated by commas; the owner always receives them.",
    "settings.onboarding": "Onboarding",
    "settings.onboardingHint": "The first steps of a new organization. Mark what is done; dismissing hides the checklist for everyone. ({done} of {total} done)",
    "settings.saveOnboarding": "Save onboarding",
    "settings.savedOnboarding": "Onboarding saved.",
    "settings.goThere": "Go there",
    "settings.goThereTo": " to {step}",
    "settings.dismiss": "Dismiss the checklist",
    "settings.apiKeyDefaults": "API key defaults",
    "settings.saveApiKeyDefaults": "Save API key defaults",
    "settings.savedApiKeyDefaults": "API key defaults saved.",
    "settings.defaultScopes": "Default scopes of a new API key",
    "settings.defaultScopesHint": "Separated by spaces; each within your own. A key created without scopes gets these.",
    "settings.tokenLifetime": "Longest machine token lifetime (seconds)",
    "settings.tokenLifetimeHint": "60 to 300; a key with a longer ceiling needs the owner's passkey when it is created.",
  },
  ko: {
    "settings.step.master_seal": "조직 마스터 인장 만들기",
    "settings.step.invite_members": "팀원 초대하기",
    "settings.step.create_app": "앱 그룹과 애플리케이션 만들기",
    "settings.step.create_api_key": "백엔드용 API 키 만들기",
    "settings.step.review_security": "보안 설정 검토하기",
    "settings.title": "설정",
    "settings.ownersOnly": "설정은 소유자와 관리자만 볼 수 있습니다.",
    "settings.what": "설정",
    "settings.saved": "저장했습니다.",
    "settings.general": "일반",
    "settings.saveGeneral": "일반 설정 저장",
    "settings.savedGeneral": "일반 설정을 저장했습니다.",
    "settings.name": "이름",
    "settings.displayName": "최종 사용자에게 보이는 이름",
    "settings.website": "웹사이트",
    "settings.logoUrl": "로고 URL",
    "settings.locale": "언어 (BCP 47)",
    "settings.timezone": "시간대 (IANA)",
    "settings.security": "보안",
    "settings.saveSecurity": "보안 설정 저장",
    "settings.savedSecurity": "보안 설정을 저장했습니다.",
    "settings.securityMode": "보안 모드 (허가증의 인장 등급)",
    "settings.mode.standard": "표준",
    "settings.mode.elevated": "강화",
    "settings.mode.strict": "엄격",
    "settings.passkeyForAdmins": "소유자와 관리자는 패스키로 로그인해야 합니다",
    "settings.blockSharing": "외부 공유 차단: 어떤 파일도 링크로 공유할 수 없습니다",
    "settings.sessionDays": "허용할 최대 대시보드 세션 기간 (일)",
    "settings.domains": "허용 이메일 도메인",
    "settings.domainsHint": "쉼표로 구분합니다. 비워 두면 모든 주소를 허용합니다.",
    "settings.notifications": "알림",
    "settings.saveNotifications": "알림 설정 저장",
    "settings.savedNotifications": "알림 설정을 저장했습니다.",
    "settings.billingMails": "결제: 청구서, 크레딧, 결제 안내",
    "settings.securityMails": "보안: 키, 인장, 로그인 안내",
    "settings.memberMails": "구성원: 초대 수락과 구성원 제거",
    "settings.recipients": "추가 수신자",
    "settings.recipientsHint": "최대 20개 주소를 쉼표로 구분합니다. 소유자는 항상 받습니다.",
    "settings.onboarding": "온보딩",
    "settings.onboardingHint": "새 조직의 첫 단계입니다. 완료한 것을 표시하세요. 닫으면 모든 사람에게 체크리스트가 숨겨집니다. ({total}개 중 {done}개 완료)",
    "settings.saveOnboarding": "온보딩 저장",
    "settings.savedOnboarding": "온보딩을 저장했습니다.",
    "settings.goThere": "바로 가기",
    "settings.goThereTo": " ({step})",
    "settings.dismiss": "체크리스트 닫기",
    "settings.apiKeyDefaults": "API 키 기본값",
    "settings.saveApiKeyDefaults": "API 키 기본값 저장",
    "settings.savedApiKeyDefaults": "API 키 기본값을 저장했습니다.",
    "settings.defaultScopes": "새 API 키의 기본 스코프",
    "settings.defaultScopesHint": "공백으로 구분하며, 각각 내 스코프 안에서만 가능합니다. 스코프 없이 만든 키는 이 스코프를 받습니다.",
    "settings.tokenLifetime": "최대 머신 토큰 수명 (초)",
    "settings.tokenLifetimeHint": "60~300. 더 긴 최대 수명을 가진 키는 만들 때 소유자의 패스키가 필요합니다.",
  },
  ja: {
    "settings.step.master_seal": "組織マスターシールを作成",
    "settings.step.invite_members": "チームを招待",
    "settings.step.create_app": "アプリグループとアプリケーションを作成",
    "settings.step.create_api_key": "バックエンド用の API キーを作成",
    "settings.step.review_security": "セキュリティ設定を見直す",
    "settings.title": "設定",
    "settings.ownersOnly": "設定を見られるのはオーナーと管理者だけです。",
    "settings.what": "設定",
    "settings.saved": "保存しました。",
    "settings.general": "一般",
    "settings.saveGeneral": "一般設定を保存",
    "settings.savedGeneral": "一般設定を保存しました。",
    "settings.name": "名前",
    "settings.displayName": "エンドユーザーに表示する名前",
    "settings.website": "Web サイト",
    "settings.logoUrl": "ロゴの URL",
    "settings.locale": "言語 (BCP 47)",
    "settings.timezone": "タイムゾーン (IANA)",
    "settings.security": "セキュリティ",
    "settings.saveSecurity": "セキュリティ設定を保存",
    "settings.savedSecurity": "セキュリティ設定を保存しました。",
    "settings.securityMode": "セキュリティモード (許可証のシール段階)",
    "settings.mode.standard": "標準",
    "settings.mode.elevated": "強化",
    "settings.mode.strict": "厳格",
    "settings.passkeyForAdmins": "オーナーと管理者はパスキーでサインインする必要があります",
    "settings.blockSharing": "外部共有をブロック: どのファイルもリンクで共有できません",
    "settings.sessionDays": "ダッシュボードのセッションの最長期間 (日)",
    "settings.domains": "許可するメールドメイン",
    "settings.domainsHint": "カンマ区切りです。空欄ならすべてのアドレスを許可します。",
    "settings.notifications": "通知",
    "settings.saveNotifications": "通知設定を保存",
    "settings.savedNotifications": "通知設定を保存しました。",
    "settings.billingMails": "請求: 請求書、クレジット、支払いのお知らせ",
    "settings.securityMails": "セキュリティ: キー、シール、サインインのお知らせ",
    "settings.memberMails": "メンバー: 招待の承諾とメンバーの削除",
    "settings.recipients": "追加の受信者",
    "settings.recipientsHint": "最大 20 件のアドレスをカンマ区切りで。オーナーは常に受け取ります。",
    "settings.onboarding": "オンボーディング",
    "settings.onboardingHint": "新しい組織の最初のステップです。完了したものに印を付けてください。閉じるとチェックリストは全員に表示されなくなります。({total} 件中 {done} 件完了)",
    "settings.saveOnboarding": "オンボーディングを保存",
    "settings.savedOnboarding": "オンボーディングを保存しました。",
    "settings.goThere": "移動",
    "settings.goThereTo": " ({step})",
    "settings.dismiss": "チェックリストを閉じる",
    "settings.apiKeyDefaults": "API キーのデフォルト",
    "settings.saveApiKeyDefaults": "API キーのデフォルトを保存",
    "settings.savedApiKeyDefaults": "API キーのデフォルトを保存しました。",
    "settings.defaultScopes": "新しい API キーのデフォルトスコープ",
    "settings.defaultScopesHint": "スペース区切りで、それぞれ自分のスコープの範囲内。スコープなしで作成したキーにはこれが付きます。",
    "settings.tokenLifetime": "マシントークンの最長有効期間 (秒)",
    "settings.tokenLifetimeHint": "60〜300。これより長い上限のキーは、作成時にオーナーのパスキーが必要です。",
  },
};
