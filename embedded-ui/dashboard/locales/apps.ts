/** The Apps page's words (pages/apps.tsx). */
import type { Catalog } from "../../i18n";

type AppsKey =
  | "apps.title"
  | "apps.ownersOnly"
  | "apps.appGroupsWhat"
  | "apps.appGroups"
  | "apps.noGroups"
  | "apps.noGroupsHint"
  | "apps.createGroup"
  | "apps.createdGroup"
  | "apps.brandName"
  | "apps.brandingOf"
  | "apps.saveBranding"
  | "apps.savedBranding"
  | "apps.name"
  | "apps.description"
  | "apps.brandColor"
  | "apps.buttonColor"
  | "apps.backgroundColor"
  | "apps.textColor"
  | "apps.headline"
  | "apps.subHeadline"
  | "apps.offerMagicLink"
  | "apps.offerPasskey"
  | "apps.previewHeading"
  | "apps.previewFrame"
  | "apps.previewNote"
  | "apps.noPreview"
  | "apps.noPreviewHint"
  | "apps.applications"
  | "apps.newClientSecret"
  | "apps.noApplications"
  | "apps.noApplicationsHint"
  | "apps.addApplicationHeading"
  | "apps.addApplication"
  | "apps.addedApplication"
  | "apps.platform"
  | "apps.environment"
  | "apps.platform.web"
  | "apps.platform.ios"
  | "apps.platform.android"
  | "apps.platform.desktop"
  | "apps.platform.server"
  | "apps.environment.production"
  | "apps.environment.staging"
  | "apps.environment.development"
  | "apps.originsLabel"
  | "apps.originsHint"
  | "apps.callbacksLabel"
  | "apps.status.active"
  | "apps.status.disabled"
  | "apps.saveOrigins"
  | "apps.savedOrigins"
  | "apps.originsOf"
  | "apps.callbacksOf"
  | "apps.secretSet"
  | "apps.secretSetRotated"
  | "apps.noSecret"
  | "apps.confirmRotate"
  | "apps.rotateSecret"
  | "apps.issueSecret"
  | "apps.disable"
  | "apps.enable"
  | "apps.confirmDelete"
  | "apps.delete"
  | "apps.deleted";

export const appsCatalog: Catalog<AppsKey> = {
  en: {
    "apps.title": "Apps",
    "apps.ownersOnly": "Only the owner and admins manage apps.",
    "apps.appGroupsWhat": "app groups",
    "apps.appGroups": "App groups",
    "apps.noGroups": "No app groups yet.",
    "apps.noGroupsHint": "An app group is a brand: its hosted login page and its applications. Create the first one below.",
    "apps.createGroup": "Create app group",
    "apps.createdGroup": "App group created.",
    "apps.brandName": "Brand name",
    "apps.brandingOf": "Branding of {name}",
    "apps.saveBranding": "Save branding",
    "apps.savedBranding": "Branding saved.",
    "apps.name": "Name",
    "apps.description": "Description",
    "apps.brandColor": "Brand color",
    "apps.buttonColor": "Button color",
    "apps.backgroundColor": "Background color",
    "apps.textColor": "Text color",
    "apps.headline": "Headline",
    "apps.subHeadline": "Sub-headline",
    "apps.offerMagicLink": "Offer sign-in by e-mail link",
    "apps.offerPasskey": "Offer sign-in with a passkey",
    "apps.previewHeading": "Hosted login preview",
    "apps.previewFrame": "Hosted login page of {name}",
    "apps.previewNote": "What end users see at {path}; it shows the saved branding.",
    "apps.noPreview": "No application to preview.",
    "apps.noPreviewHint": "Add an application below: the hosted login belongs to one.",
    "apps.applications": "Applications",
    "apps.newClientSecret": "New client secret of {name}:",
    "apps.noApplications": "No applications in this group.",
    "apps.noApplicationsHint": "Add one below for each platform and environment.",
    "apps.addApplicationHeading": "Add an application",
    "apps.addApplication": "Add application",
    "apps.addedApplication": "Application added.",
    "apps.platform": "Platform",
    "apps.environment": "Environment",
    "apps.platform.web": "web",
    "apps.platform.ios": "ios",
    "apps.platform.android": "android",
    "apps.platform.desktop": "desktop",
    "apps.platform.server": "server",
    "apps.environment.production": "production",
    "apps.environment.staging": "staging",
    "apps.environment.development": "development",
    "apps.originsLabel": "Allowed origins, one per line",
    "apps.originsHint": "https://app.example.com (http only on localhost)",
    "apps.callbacksLabel": "Callback URLs, one per line",
    "apps.status.active": "active",
    "apps.status.disabled": "disabled",
    "apps.saveOrigins": "Save origins and callbacks",
    "apps.savedOrigins": "Origins and callbacks saved.",
    "apps.originsOf": "Allowed origins of {name}",
    "apps.callbacksOf": "Callback URLs of {name}",
    "apps.secretSet": "Client secret set.",
    "apps.secretSetRotated": "Client secret set, last rotated {time}.",
    "apps.noSecret": "No client secret yet.",
    "apps.confirmRotate": "Issue a new client secret for {name}? The current one stops working at once.",
    "apps.rotateSecret": "Rotate client secret",
    "apps.issueSecret": "Issue client secret",
    "apps.disable": "Disable",
    "apps.enable": "Enable",
    "apps.confirmDelete": "Delete {name}? Its sign-in stops working.",
    "apps.delete": "Delete",
    "apps.deleted": "Application deleted.",
  },
  ko: {
    "apps.title": "앱",
    "apps.ownersOnly": "앱은 소유자와 관리자만 관리할 수 있습니다.",
    "apps.appGroupsWhat": "앱 그룹",
    "apps.appGroups": "앱 그룹",
    "apps.noGroups": "아직 앱 그룹이 없습니다.",
    "apps.noGroupsHint": "앱 그룹은 하나의 브랜드로, 호스팅 로그인 페이지와 애플리케이션을 묶습니다. 아래에서 첫 그룹을 만드세요.",
    "apps.createGroup": "앱 그룹 만들기",
    "apps.createdGroup": "앱 그룹을 만들었습니다.",
    "apps.brandName": "브랜드 이름",
    "apps.brandingOf": "{name} 브랜딩",
    "apps.saveBranding": "브랜딩 저장",
    "apps.savedBranding": "브랜딩을 저장했습니다.",
    "apps.name": "이름",
    "apps.description": "설명",
    "apps.brandColor": "브랜드 색상",
    "apps.buttonColor": "버튼 색상",
    "apps.backgroundColor": "배경 색상",
    "apps.textColor": "글자 색상",
    "apps.headline": "헤드라인",
    "apps.subHeadline": "보조 헤드라인",
    "apps.offerMagicLink": "이메일 링크 로그인 제공",
    "apps.offerPasskey": "패스키 로그인 제공",
    "apps.previewHeading": "호스팅 로그인 미리보기",
    "apps.previewFrame": "{name} 호스팅 로그인 페이지",
    "apps.previewNote": "최종 사용자가 {path}에서 보는 화면이며, 저장된 브랜딩이 표시됩니다.",
    "apps.noPreview": "미리 볼 애플리케이션이 없습니다.",
    "apps.noPreviewHint": "아래에서 애플리케이션을 추가하세요. 호스팅 로그인은 애플리케이션에 속합니다.",
    "apps.applications": "애플리케이션",
    "apps.newClientSecret": "{name}의 새 클라이언트 시크릿:",
    "apps.noApplications": "이 그룹에 애플리케이션이 없습니다.",
    "apps.noApplicationsHint": "플랫폼과 환경마다 아래에서 하나씩 추가하세요.",
    "apps.addApplicationHeading": "애플리케이션 추가",
    "apps.addApplication": "애플리케이션 추가",
    "apps.addedApplication": "애플리케이션을 추가했습니다.",
    "apps.platform": "플랫폼",
    "apps.environment": "환경",
    "apps.platform.web": "웹",
    "apps.platform.ios": "iOS 앱",
    "apps.platform.android": "Android 앱",
    "apps.platform.desktop": "데스크톱",
    "apps.platform.server": "서버",
    "apps.environment.production": "운영",
    "apps.environment.staging": "스테이징",
    "apps.environment.development": "개발",
    "apps.originsLabel": "허용 오리진 (한 줄에 하나)",
    "apps.originsHint": "https://app.example.com (http는 localhost에서만)",
    "apps.callbacksLabel": "콜백 URL (한 줄에 하나)",
    "apps.status.active": "활성",
    "apps.status.disabled": "비활성",
    "apps.saveOrigins": "오리진과 콜백 저장",
    "apps.savedOrigins": "오리진과 콜백을 저장했습니다.",
    "apps.originsOf": "{name}의 허용 오리진",
    "apps.callbacksOf": "{name}의 콜백 URL",
    "apps.secretSet": "클라이언트 시크릿이 설정되어 있습니다.",
    "apps.secretSetRotated": "클라이언트 시크릿이 설정되어 있습니다. 마지막 교체: {time}.",
    "apps.noSecret": "아직 클라이언트 시크릿이 없습니다.",
    "apps.confirmRotate": "{name}의 새 클라이언트 시크릿을 발급할까요? 현재 시크릿은 즉시 작동을 멈춥니다.",
    "apps.rotateSecret": "클라이언트 시크릿 교체",
    "apps.issueSecret": "클라이언트 시크릿 발급",
    "apps.disable": "비활성화",
    "apps.enable": "활성화",
    "apps.confirmDelete": "{name}을(를) 삭제할까요? 이 애플리케이션의 로그인이 작동을 멈춥니다.",
    "apps.delete": "삭제",
    "apps.deleted": "애플리케이션을 삭제했습니다.",
  },
  ja: {
    "apps.title": "アプリ",
    "apps.ownersOnly": "アプリを管理できるのはオーナーと管理者だけです。",
    "apps.appGroupsWhat": "アプリグループ",
    "apps.appGroups": "アプリグループ",
    "apps.noGroups": "アプリグループはまだありません。",
    "apps.noGroupsHint": "アプリグループはひとつのブランドで、ホスト型ログインページとアプリケーションをまとめます。下で最初のグループを作成してください。",
    "apps.createGroup": "アプリグループを作成",
    "apps.createdGroup": "アプリグループを作成しました。",
    "apps.brandName": "ブランド名",
    "apps.brandingOf": "{name} のブランディング",
    "apps.saveBranding": "ブランディングを保存",
    "apps.savedBranding": "ブランディングを保存しました。",
    "apps.name": "名前",
    "apps.description": "説明",
    "apps.brandColor": "ブランドカラー",
    "apps.buttonColor": "ボタンの色",
    "apps.backgroundColor": "背景色",
    "apps.textColor": "文字色",
    "apps.headline": "見出し",
    "apps.subHeadline": "サブ見出し",
    "apps.offerMagicLink": "メールリンクでのサインインを提供",
    "apps.offerPasskey": "パスキーでのサインインを提供",
    "apps.previewHeading": "ホスト型ログインのプレビュー",
    "apps.previewFrame": "{name} のホスト型ログインページ",
    "apps.previewNote": "エンドユーザーが {path} で見る画面です。保存済みのブランディングが表示されます。",
    "apps.noPreview": "プレビューするアプリケーションがありません。",
    "apps.noPreviewHint": "下でアプリケーションを追加してください。ホスト型ログインはアプリケーションに属します。",
    "apps.applications": "アプリケーション",
    "apps.newClientSecret": "{name} の新しいクライアントシークレット:",
    "apps.noApplications": "このグループにアプリケーションはありません。",
    "apps.noApplicationsHint": "プラットフォームと環境ごとに下で追加してください。",
    "apps.addApplicationHeading": "アプリケーションを追加",
    "apps.addApplication": "アプリケーションを追加",
    "apps.addedApplication": "アプリケーションを追加しました。",
    "apps.platform": "プラットフォーム",
    "apps.environment": "環境",
    "apps.platform.web": "Web",
    "apps.platform.ios": "iOS アプリ",
    "apps.platform.android": "Android アプリ",
    "apps.platform.desktop": "デスクトップ",
    "apps.platform.server": "サーバー",
    "apps.environment.production": "本番",
    "apps.environment.staging": "ステージング",
    "apps.environment.development": "開発",
    "apps.originsLabel": "許可するオリジン (1 行に 1 つ)",
    "apps.originsHint": "https://app.example.com (http は localhost のみ)",
    "apps.callbacksLabel": "コールバック URL (1 行に 1 つ)",
    "apps.status.active": "有効",
    "apps.status.disabled": "無効",
    "apps.saveOrigins": "オリジンとコールバックを保存",
    "apps.savedOrigins": "オリジンとコールバックを保存しました。",
    "apps.originsOf": "{name} の許可するオリジン",
    "apps.callbacksOf": "{name} のコールバック URL",
    "apps.secretSet": "クライアントシークレットは設定済みです。",
    "apps.secretSetRotated": "クライアントシークレットは設定済みです。最終ローテーション: {time}。",
    "apps.noSecret": "クライアントシークレットはまだありません。",
    "apps.confirmRotate": "{name} の新しいクライアントシークレットを発行しますか? 現在のシークレットはすぐに使えなくなります。",
    "apps.rotateSecret": "クライアントシークレットをローテーション",
    "apps.issueSecret": "クライアントシークレットを発行",
    "apps.disable": "無効にする",
    "apps.enable": "有効にする",
    "apps.confirmDelete": "{name} を削除しますか? このアプリケーションのサインインは使えなくなります。",
    "apps.delete": "削除",
    "apps.deleted": "アプリケーションを削除しました。",
  },
};
