/** The roles page's words: the built-in and custom roles, and the role editor. */
import type { Catalog } from "../../i18n";

type RolesKey =
  | "roles.title"
  | "roles.intro"
  | "roles.listTitle"
  | "roles.what"
  | "roles.role"
  | "roles.key"
  | "roles.scopes"
  | "roles.actions"
  | "roles.about.owner"
  | "roles.about.admin"
  | "roles.about.member"
  | "roles.about.org_director"
  | "roles.builtin"
  | "roles.custom"
  | "roles.editLabel"
  | "roles.edit"
  | "roles.deleteLabel"
  | "roles.confirmDelete"
  | "roles.delete"
  | "roles.onlyAdmins"
  | "roles.editTitle"
  | "roles.createTitle"
  | "roles.save"
  | "roles.create"
  | "roles.keyHint"
  | "roles.name"
  | "roles.description"
  | "roles.scopesLegend"
  | "roles.narrower"
  | "roles.narrowerHint"
  | "roles.cancel";

export const rolesCatalog: Catalog<RolesKey> = {
  en: {
    "roles.about.owner": "Owns the organization; every scope. Held by exactly one person and never assigned.",
    "roles.about.admin": "Every org scope and view.business; only the owner appoints admins.",
    "roles.about.member": "Lists members, manages their own files, reads their own audit events.",
    "roles.about.org_director": "A member who also reaches meeting screens and business views (ORG_DIRECTOR).",
    "roles.title": "Roles",
    "roles.intro": "A role is a set of scopes. The built-in roles are fixed; custom roles give members, invitations and service accounts exactly the scopes they need. A custom role never holds a scope its author does not hold.",
    "roles.listTitle": "Roles of this organization",
    "roles.what": "roles",
    "roles.role": "Role",
    "roles.key": "Key",
    "roles.scopes": "Scopes",
    "roles.actions": "Actions",
    "roles.builtin": "built-in",
    "roles.custom": "custom",
    "roles.editLabel": "Edit {name}",
    "roles.edit": "Edit",
    "roles.deleteLabel": "Delete {name}",
    "roles.confirmDelete": "Delete the role {name}?",
    "roles.delete": "Delete",
    "roles.onlyAdmins": "Only the owner and admins create roles.",
    "roles.editTitle": "Edit {name}",
    "roles.createTitle": "Create a custom role",
    "roles.save": "Save role",
    "roles.create": "Create role",
    "roles.keyHint": "a-z, 0-9 and _, at most 40; not a built-in role's key",
    "roles.name": "Name",
    "roles.description": "Description",
    "roles.scopesLegend": "Scopes (among those you hold)",
    "roles.narrower": "Narrower scopes",
    "roles.narrowerHint": "Optional, separated by spaces: a constrained form of one of yours, e.g. org.org_file.list:own",
    "roles.cancel": "Cancel editing",
  },
  ko: {
    "roles.about.owner": "조직을 소유하며 모든 스코프를 가집니다. 단 한 사람만 가지며 배정할 수 없습니다.",
    "roles.about.admin": "모든 조직 스코프와 view.business를 가집니다. 관리자는 소유자만 임명합니다.",
    "roles.about.member": "구성원 목록을 보고, 자신의 파일을 관리하고, 자신의 감사 이벤트를 읽습니다.",
    "roles.about.org_director": "회의 화면과 비즈니스 화면에도 접근하는 구성원입니다(ORG_DIRECTOR).",
    "roles.title": "역할",
    "roles.intro": "역할은 스코프의 묶음입니다. 기본 역할은 고정되어 있으며, 사용자 지정 역할로 구성원, 초대, 서비스 계정에 꼭 필요한 스코프만 줄 수 있습니다. 사용자 지정 역할은 만든 사람이 갖지 않은 스코프를 가질 수 없습니다.",
    "roles.listTitle": "이 조직의 역할",
    "roles.what": "역할",
    "roles.role": "역할",
    "roles.key": "키",
    "roles.scopes": "스코프",
    "roles.actions": "작업",
    "roles.builtin": "기본",
    "roles.custom": "사용자 지정",
    "roles.editLabel": "{name} 편집",
    "roles.edit": "편집",
    "roles.deleteLabel": "{name} 삭제",
    "roles.confirmDelete": "{name} 역할을 삭제하시겠습니까?",
    "roles.delete": "삭제",
    "roles.onlyAdmins": "소유자와 관리자만 역할을 만들 수 있습니다.",
    "roles.editTitle": "{name} 편집",
    "roles.createTitle": "사용자 지정 역할 만들기",
    "roles.save": "역할 저장",
    "roles.create": "역할 만들기",
    "roles.keyHint": "a-z, 0-9, _ 최대 40자. 기본 역할의 키는 쓸 수 없습니다",
    "roles.name": "이름",
    "roles.description": "설명",
    "roles.scopesLegend": "스코프(내가 가진 것 중에서)",
    "roles.narrower": "더 좁은 스코프",
    "roles.narrowerHint": "선택 사항이며 공백으로 구분합니다. 내 스코프 중 하나를 제한한 형태입니다. 예: org.org_file.list:own",
    "roles.cancel": "편집 취소",
  },
  ja: {
    "roles.about.owner": "組織を所有し、すべてのスコープを持ちます。ただ一人が持ち、割り当てることはできません。",
    "roles.about.admin": "すべての組織スコープと view.business を持ちます。管理者を任命できるのはオーナーだけです。",
    "roles.about.member": "メンバーを一覧し、自分のファイルを管理し、自分の監査イベントを読みます。",
    "roles.about.org_director": "会議画面とビジネス画面にもアクセスできるメンバーです（ORG_DIRECTOR）。",
    "roles.title": "ロール",
    "roles.intro": "ロールはスコープの集まりです。組み込みロールは固定で、カスタムロールを使うとメンバー、招待、サービスアカウントに必要なスコープだけを与えられます。カスタムロールは、作成者が持たないスコープを持つことはありません。",
    "roles.listTitle": "この組織のロール",
    "roles.what": "ロール",
    "roles.role": "ロール",
    "roles.key": "キー",
    "roles.scopes": "スコープ",
    "roles.actions": "操作",
    "roles.builtin": "組み込み",
    "roles.custom": "カスタム",
    "roles.editLabel": "{name} を編集",
    "roles.edit": "編集",
    "roles.deleteLabel": "{name} を削除",
    "roles.confirmDelete": "ロール {name} を削除しますか？",
    "roles.delete": "削除",
    "roles.onlyAdmins": "ロールを作成できるのはオーナーと管理者だけです。",
    "roles.editTitle": "{name} を編集",
    "roles.createTitle": "カスタムロールを作成",
    "roles.save": "ロールを保存",
    "roles.create": "ロールを作成",
    "roles.keyHint": "a-z、0-9、_ で最大 40 文字。組み込みロールのキーは使えません",
    "roles.name": "名前",
    "roles.description": "説明",
    "roles.scopesLegend": "スコープ（あなたが持つものから）",
    "roles.narrower": "より狭いスコープ",
    "roles.narrowerHint": "任意。スペース区切りで、あなたのスコープのいずれかを制限した形です。例: org.org_file.list:own",
    "roles.cancel": "編集をやめる",
  },
};
