/** The home page's words: the list of one's organizations and creating one; and the role names other pages show. */
import type { Catalog } from "../../i18n";

type HomeKey =
  | "home.title"
  | "home.createLink"
  | "home.welcome"
  | "home.welcomeHint"
  | "home.ready"
  | "home.setupIncomplete"
  | "home.role.owner"
  | "home.role.admin"
  | "home.role.member"
  | "home.role.org_director"
  | "home.create.title"
  | "home.create.intro"
  | "home.create.submit"
  | "home.create.name"
  | "home.create.slug"
  | "home.create.slugHint"
  | "home.create.type"
  | "home.type.personal"
  | "home.type.corporation"
  | "home.type.project";

export const homeCatalog: Catalog<HomeKey> = {
  en: {
    "home.title": "Your organizations",
    "home.createLink": "Create an organization",
    "home.welcome": "Welcome, {email}. You are not in any organization yet.",
    "home.welcomeHint": "Create one to get API keys, files and an audit log, or open the invitation link a colleague sent you.",
    "home.ready": "Ready",
    "home.setupIncomplete": "Setup incomplete",
    "home.role.owner": "Owner",
    "home.role.admin": "Admin",
    "home.role.member": "Member",
    "home.role.org_director": "Director",
    "home.create.title": "Create an organization",
    "home.create.intro": "You become its owner. It starts on the Free plan; the overview then lists what it needs to become ready.",
    "home.create.submit": "Create organization",
    "home.create.name": "Name",
    "home.create.slug": "Address (slug), optional",
    "home.create.slugHint": "Lower-case letters, digits and hyphens. Left empty, one is made from the name.",
    "home.create.type": "Type",
    "home.type.personal": "Personal",
    "home.type.corporation": "Corporation",
    "home.type.project": "Project (SPV)",
  },
  ko: {
    "home.title": "내 조직",
    "home.createLink": "조직 만들기",
    "home.welcome": "{email}님, 환영합니다. 아직 소속된 조직이 없습니다.",
    "home.welcomeHint": "조직을 만들어 API 키, 파일, 감사 로그를 쓰거나, 동료가 보낸 초대 링크를 여세요.",
    "home.ready": "준비됨",
    "home.setupIncomplete": "설정 미완료",
    "home.role.owner": "소유자",
    "home.role.admin": "관리자",
    "home.role.member": "구성원",
    "home.role.org_director": "이사",
    "home.create.title": "조직 만들기",
    "home.create.intro": "만든 사람이 소유자가 됩니다. Free 요금제로 시작하며, 개요에서 준비를 마치는 데 필요한 것을 안내합니다.",
    "home.create.submit": "조직 만들기",
    "home.create.name": "이름",
    "home.create.slug": "주소(slug), 선택 사항",
    "home.create.slugHint": "영문 소문자, 숫자, 하이픈을 씁니다. 비워 두면 이름으로 만듭니다.",
    "home.create.type": "유형",
    "home.type.personal": "개인",
    "home.type.corporation": "법인",
    "home.type.project": "프로젝트(SPV)",
  },
  ja: {
    "home.title": "あなたの組織",
    "home.createLink": "組織を作成",
    "home.welcome": "{email} さん、ようこそ。まだどの組織にも所属していません。",
    "home.welcomeHint": "組織を作成して API キー、ファイル、監査ログを使うか、同僚から届いた招待リンクを開いてください。",
    "home.ready": "準備完了",
    "home.setupIncomplete": "セットアップ未完了",
    "home.role.owner": "オーナー",
    "home.role.admin": "管理者",
    "home.role.member": "メンバー",
    "home.role.org_director": "取締役",
    "home.create.title": "組織を作成",
    "home.create.intro": "作成した人がオーナーになります。Free プランで始まり、準備に必要なことは概要に表示されます。",
    "home.create.submit": "組織を作成",
    "home.create.name": "名前",
    "home.create.slug": "アドレス（slug）、任意",
    "home.create.slugHint": "英小文字、数字、ハイフンを使います。空欄の場合は名前から作成します。",
    "home.create.type": "種類",
    "home.type.personal": "個人",
    "home.type.corporation": "法人",
    "home.type.project": "プロジェクト（SPV）",
  },
};
