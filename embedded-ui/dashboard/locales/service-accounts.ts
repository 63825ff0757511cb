/** The service accounts page's words. */
import type { Catalog } from "../../i18n";

type ServiceAccountsKey =
  | "service-accounts.title"
  | "service-accounts.onlyAdmins"
  | "service-accounts.intro"
  | "service-accounts.what"
  | "service-accounts.none"
  | "service-accounts.noneHint"
  | "service-accounts.name"
  | "service-accounts.role"
  | "service-accounts.badge"
  | "service-accounts.created"
  | "service-accounts.actions"
  | "service-accounts.createTitle"
  | "service-accounts.create"
  | "service-accounts.description"
  | "service-accounts.memberRole"
  | "service-accounts.roleOf"
  | "service-accounts.deleteLabel"
  | "service-accounts.confirmDelete"
  | "service-accounts.delete";

export const serviceAccountsCatalog: Catalog<ServiceAccountsKey> = {
  en: {
    "service-accounts.title": "Service accounts",
    "service-accounts.onlyAdmins": "Only the owner and admins manage service accounts.",
    "service-accounts.intro": "A service account is a machine member: API keys created for it act with its role, not a person's, and keep working when people leave. Create its keys on the API & keys page.",
    "service-accounts.what": "service accounts",
    "service-accounts.none": "No service accounts yet.",
    "service-accounts.noneHint": "Create one below for a backend, a CI pipeline or an integration.",
    "service-accounts.name": "Name",
    "service-accounts.role": "Role",
    "service-accounts.badge": "Badge",
    "service-accounts.created": "Created",
    "service-accounts.actions": "Actions",
    "service-accounts.createTitle": "Create a service account",
    "service-accounts.create": "Create service account",
    "service-accounts.description": "Description",
    "service-accounts.memberRole": "Member",
    "service-accounts.roleOf": "Role of {name}",
    "service-accounts.deleteLabel": "Delete {name}",
    "service-accounts.confirmDelete": "Delete {name}? Its API keys stop working; its badge stays in the history.",
    "service-accounts.delete": "Delete",
  },
  ko: {
    "service-accounts.title": "서비스 계정",
    "service-accounts.onlyAdmins": "소유자와 관리자만 서비스 계정을 관리할 수 있습니다.",
    "service-accounts.intro": "서비스 계정은 기계 구성원입니다. 서비스 계정용으로 만든 API 키는 사람이 아니라 그 계정의 역할로 동작하며, 사람이 떠나도 계속 작동합니다. 키는 API 및 키 페이지에서 만드세요.",
    "service-accounts.what": "서비스 계정",
    "service-accounts.none": "아직 서비스 계정이 없습니다.",
    "service-accounts.noneHint": "백엔드, CI 파이프라인 또는 연동용으로 아래에서 하나 만드세요.",
    "service-accounts.name": "이름",
    "service-accounts.role": "역할",
    "service-accounts.badge": "배지",
    "service-accounts.created": "생성일",
    "service-accounts.actions": "작업",
    "service-accounts.createTitle": "서비스 계정 만들기",
    "service-accounts.create": "서비스 계정 만들기",
    "service-accounts.description": "설명",
    "service-accounts.memberRole": "구성원",
    "service-accounts.roleOf": "{name}의 역할",
    "service-accounts.deleteLabel": "{name} 삭제",
    "service-accounts.confirmDelete": "{name}을(를) 삭제하시겠습니까? API 키는 작동을 멈추고 배지는 기록에 남습니다.",
    "service-accounts.delete": "삭제",
  },
  ja: {
    "service-accounts.title": "サービスアカウント",
    "service-accounts.onlyAdmins": "サービスアカウントを管理できるのはオーナーと管理者だけです。",
    "service-accounts.intro": "サービスアカウントは機械のメンバーです。そのために作成した API キーは人ではなくそのアカウントのロールで動作し、人が去っても使い続けられます。キーは「API とキー」ページで作成してください。",
    "service-accounts.what": "サービスアカウント",
    "service-accounts.none": "サービスアカウントはまだありません。",
    "service-accounts.noneHint": "バックエンド、CI パイプライン、連携のために、下のフォームから作成してください。",
    "service-accounts.name": "名前",
    "service-accounts.role": "ロール",
    "service-accounts.badge": "バッジ",
    "service-accounts.created": "作成日時",
    "service-accounts.actions": "操作",
    "service-accounts.createTitle": "サービスアカウントを作成",
    "service-accounts.create": "サービスアカウントを作成",
    "service-accounts.description": "説明",
    "service-accounts.memberRole": "メンバー",
    "service-accounts.roleOf": "{name} のロール",
    "service-accounts.deleteLabel": "{name} を削除",
    "service-accounts.confirmDelete": "{name} を削除しますか？API キーは使えなくなり、バッジは履歴に残ります。",
    "service-accounts.delete": "削除",
  },
};
