/** The badges page's words; the badge statuses are also shown on the members and service accounts pages. */
import type { Catalog } from "../../i18n";

type BadgesKey =
  | "badges.title"
  | "badges.intro"
  | "badges.statusFilter"
  | "badges.what"
  | "badges.noneWithStatus"
  | "badges.name"
  | "badges.type"
  | "badges.membership"
  | "badges.status"
  | "badges.since"
  | "badges.actions"
  | "badges.filter.every"
  | "badges.filter.active"
  | "badges.filter.suspended"
  | "badges.filter.revoked"
  | "badges.state.active"
  | "badges.state.suspended"
  | "badges.state.revoked"
  | "badges.type.person"
  | "badges.type.ai"
  | "badges.type.group"
  | "badges.membership.member"
  | "badges.membership.invited"
  | "badges.membership.service_account"
  | "badges.typeOf"
  | "badges.membershipOf"
  | "badges.suspendLabel"
  | "badges.suspend"
  | "badges.reactivateLabel"
  | "badges.reactivate"
  | "badges.revokeLabel"
  | "badges.confirmRevoke"
  | "badges.revoke";

export const badgesCatalog: Catalog<BadgesKey> = {
  en: {
    "badges.title": "Badges",
    "badges.intro": "A badge is how the organization knows a person or a machine: approvals, the org chart and the audit log name badges. A suspended badge's holder is refused everywhere in the organization until reactivated; revoking is final and ends the membership or the service account, while the badge stays as history.",
    "badges.statusFilter": "Status",
    "badges.what": "badges",
    "badges.noneWithStatus": "No badges with this status.",
    "badges.name": "Name",
    "badges.type": "Type",
    "badges.membership": "Membership",
    "badges.status": "Status",
    "badges.since": "Since",
    "badges.actions": "Actions",
    "badges.filter.every": "Every status",
    "badges.filter.active": "Active",
    "badges.filter.suspended": "Suspended",
    "badges.filter.revoked": "Revoked",
    "badges.state.active": "active",
    "badges.state.suspended": "suspended",
    "badges.state.revoked": "revoked",
    "badges.type.person": "Person",
    "badges.type.ai": "AI",
    "badges.type.group": "Group",
    "badges.membership.member": "Member",
    "badges.membership.invited": "Invited",
    "badges.membership.service_account": "Service account",
    "badges.typeOf": "Type of {name}",
    "badges.membershipOf": "Membership of {name}",
    "badges.suspendLabel": "Suspend {name}",
    "badges.suspend": "Suspend",
    "badges.reactivateLabel": "Reactivate {name}",
    "badges.reactivate": "Reactivate",
    "badges.revokeLabel": "Revoke {name}",
    "badges.confirmRevoke": "Revoke the badge of {name}? This is final and ends their membership or service account.",
    "badges.revoke": "Revoke",
  },
  ko: {
    "badges.title": "배지",
    "badges.intro": "배지는 조직이 사람이나 기계를 알아보는 방법입니다. 결재, 조직도, 감사 로그는 배지로 이름을 표시합니다. 정지된 배지의 소유자는 다시 활성화될 때까지 조직 어디에서나 거부되며, 폐기는 되돌릴 수 없고 소속이나 서비스 계정을 끝내지만 배지는 기록으로 남습니다.",
    "badges.statusFilter": "상태",
    "badges.what": "배지",
    "badges.noneWithStatus": "이 상태의 배지가 없습니다.",
    "badges.name": "이름",
    "badges.type": "유형",
    "badges.membership": "소속 유형",
    "badges.status": "상태",
    "badges.since": "변경일",
    "badges.actions": "작업",
    "badges.filter.every": "모든 상태",
    "badges.filter.active": "활성",
    "badges.filter.suspended": "정지",
    "badges.filter.revoked": "폐기",
    "badges.state.active": "활성",
    "badges.state.suspended": "정지",
    "badges.state.revoked": "폐기",
    "badges.type.person": "사람",
    "badges.type.ai": "AI(인공지능)",
    "badges.type.group": "그룹",
    "badges.membership.member": "구성원",
    "badges.membership.invited": "초대됨",
    "badges.membership.service_account": "서비스 계정",
    "badges.typeOf": "{name}의 유형",
    "badges.membershipOf": "{name}의 소속 유형",
    "badges.suspendLabel": "{name} 정지",
    "badges.suspend": "정지",
    "badges.reactivateLabel": "{name} 다시 활성화",
    "badges.reactivate": "다시 활성화",
    "badges.revokeLabel": "{name} 폐기",
    "badges.confirmRevoke": "{name}의 배지를 폐기하시겠습니까? 되돌릴 수 없으며 소속이나 서비스 계정이 끝납니다.",
    "badges.revoke": "폐기",
  },
  ja: {
    "badges.title": "バッジ",
    "badges.intro": "バッジは、組織が人や機械を識別する手段です。承認、組織図、監査ログはバッジで名前を示します。停止中のバッジの持ち主は再有効化されるまで組織内のどこでも拒否されます。失効は元に戻せず、メンバーシップやサービスアカウントを終了させますが、バッジは履歴として残ります。",
    "badges.statusFilter": "状態",
    "badges.what": "バッジ",
    "badges.noneWithStatus": "この状態のバッジはありません。",
    "badges.name": "名前",
    "badges.type": "種類",
    "badges.membership": "メンバーシップ",
    "badges.status": "状態",
    "badges.since": "変更日時",
    "badges.actions": "操作",
    "badges.filter.every": "すべての状態",
    "badges.filter.active": "有効",
    "badges.filter.suspended": "停止中",
    "badges.filter.revoked": "失効",
    "badges.state.active": "有効",
    "badges.state.suspended": "停止中",
    "badges.state.revoked": "失効",
    "badges.type.person": "人",
    "badges.type.ai": "AI（人工知能）",
    "badges.type.group": "グループ",
    "badges.membership.member": "メンバー",
    "badges.membership.invited": "招待中",
    "badges.membership.service_account": "サービスアカウント",
    "badges.typeOf": "{name} の種類",
    "badges.membershipOf": "{name} のメンバーシップ",
    "badges.suspendLabel": "{name} を停止",
    "badges.suspend": "停止",
    "badges.reactivateLabel": "{name} を再有効化",
    "badges.reactivate": "再有効化",
    "badges.revokeLabel": "{name} を失効",
    "badges.confirmRevoke": "{name} のバッジを失効させますか？元に戻せず、メンバーシップやサービスアカウントは終了します。",
    "badges.revoke": "失効",
  },
};
