/** The app shell's own pages and messages (app.tsx): not found, loading the dashboard, switching accounts. */
import type { Catalog } from "../../i18n";

type AppKey =
  | "app.yourDashboard"
  | "app.orgNotFound"
  | "app.notAMember"
  | "app.chooseOneOfYours"
  | "app.pageNotFound"
  | "app.backToOrgs"
  | "app.account"
  | "app.noPasskeys";

export const appCatalog: Catalog<AppKey> = {
  en: {
    "app.yourDashboard": "your dashboard",
    "app.orgNotFound": "Organization not found",
    "app.notAMember": "You are not a member of {slug}, or it does not exist.",
    "app.chooseOneOfYours": "Choose one of your organizations",
    "app.pageNotFound": "Page not found",
    "app.backToOrgs": "Back to your organizations",
    "app.account": "Account",
    "app.noPasskeys": "This browser cannot use passkeys, which switching accounts needs.",
  },
  ko: {
    "app.yourDashboard": "대시보드",
    "app.orgNotFound": "조직을 찾을 수 없습니다",
    "app.notAMember": "{slug}의 구성원이 아니거나 존재하지 않는 조직입니다.",
    "app.chooseOneOfYours": "내 조직 중 하나를 선택하세요",
    "app.pageNotFound": "페이지를 찾을 수 없습니다",
    "app.backToOrgs": "내 조직 목록으로 돌아가기",
    "app.account": "계정",
    "app.noPasskeys": "이 브라우저에서는 계정 전환에 필요한 패스키를 사용할 수 없습니다.",
  },
  ja: {
    "app.yourDashboard": "ダッシュボード",
    "app.orgNotFound": "組織が見つかりません",
    "app.notAMember": "{slug} のメンバーではないか、その組織は存在しません。",
    "app.chooseOneOfYours": "所属する組織を選択してください",
    "app.pageNotFound": "ページが見つかりません",
    "app.backToOrgs": "組織の一覧に戻る",
    "app.account": "アカウント",
    "app.noPasskeys": "このブラウザではアカウントの切り替えに必要なパスキーを使えません。",
  },
};
