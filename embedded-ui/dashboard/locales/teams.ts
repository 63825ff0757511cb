/** The teams page's words: the team tree, leads, members and the dialog about existing managers. */
import type { Catalog } from "../../i18n";

type TeamsKey =
  | "teams.title"
  | "teams.what"
  | "teams.none"
  | "teams.noneCanEdit"
  | "teams.noneCannotEdit"
  | "teams.lead"
  | "teams.noLeadShort"
  | "teams.members.one"
  | "teams.members.other"
  | "teams.partOf"
  | "teams.close"
  | "teams.open"
  | "teams.leadOf"
  | "teams.noLead"
  | "teams.setLead"
  | "teams.clearLead"
  | "teams.leadHint"
  | "teams.chooseSomeone"
  | "teams.membersTitle"
  | "teams.membersWhat"
  | "teams.includeSubTeams"
  | "teams.noMembers"
  | "teams.membersOf"
  | "teams.suspended"
  | "teams.inTeam"
  | "teams.theLead"
  | "teams.notReporting"
  | "teams.removeLabel"
  | "teams.confirmRemove"
  | "teams.remove"
  | "teams.addToTeam"
  | "teams.personToAdd"
  | "teams.choose"
  | "teams.alsoReport"
  | "teams.alsoReportText"
  | "teams.reportOnly"
  | "teams.reportOnlyText"
  | "teams.joinWithout"
  | "teams.joinWithoutText"
  | "teams.alreadyReports"
  | "teams.leadIs"
  | "teams.addedByHand"
  | "teams.asLeadOf"
  | "teams.cancelAdd"
  | "teams.createTitle"
  | "teams.create"
  | "teams.name"
  | "teams.kind"
  | "teams.kindHint"
  | "teams.partOfLabel"
  | "teams.noParent"
  | "teams.leadLabel"
  | "teams.noLeadYet";

export const teamsCatalog: Catalog<TeamsKey> = {
  en: {
    "teams.title": "Teams",
    "teams.what": "teams",
    "teams.none": "No teams yet.",
    "teams.noneCanEdit": "Create one below: its members report to its lead.",
    "teams.noneCannotEdit": "The owner or an admin creates them.",
    "teams.lead": "Lead:",
    "teams.noLeadShort": "none",
    "teams.members.one": "{count} member",
    "teams.members.other": "{count} members",
    "teams.partOf": " · part of {name}",
    "teams.close": "Close",
    "teams.open": "Open",
    "teams.leadOf": "Lead of {name}",
    "teams.noLead": "No lead",
    "teams.setLead": "Set the lead",
    "teams.clearLead": "Clear the lead",
    "teams.leadHint": "Members who follow the lead report to them; changing the lead moves those lines. Lines added by hand stay.",
    "teams.chooseSomeone": "Choose a person or an AI to add.",
    "teams.membersTitle": "Members",
    "teams.membersWhat": "members",
    "teams.includeSubTeams": "Include the members of sub-teams",
    "teams.noMembers": "No members yet.",
    "teams.membersOf": "Members of {name}",
    "teams.suspended": "suspended",
    "teams.inTeam": " in {name}",
    "teams.theLead": " · the lead",
    "teams.notReporting": " · does not report to the lead",
    "teams.removeLabel": "Remove {name} from {team}",
    "teams.confirmRemove": "Remove {name} from {team}? Their line to its lead goes too; lines added by hand stay.",
    "teams.remove": "Remove",
    "teams.addToTeam": "Add to the team",
    "teams.personToAdd": "Person or AI to add to {team}",
    "teams.choose": "Choose…",
    "teams.alsoReport": "Also report to {lead}",
    "teams.alsoReportText": "{who} keeps every manager below and reports to {lead} as well.",
    "teams.reportOnly": "Report only to {lead}",
    "teams.reportOnlyText": "The lines to the managers below are removed; {who} reports to {lead}.",
    "teams.joinWithout": "Join without reporting to {lead}",
    "teams.joinWithoutText": "{who} joins {team} and keeps the managers below, with no line to {lead}, now or after a change of lead.",
    "teams.alreadyReports": "{who} already reports to someone",
    "teams.leadIs": "{team}'s lead is {lead}. {who} reports to:",
    "teams.addedByHand": " (added by hand)",
    "teams.asLeadOf": " (as lead of {teams})",
    "teams.cancelAdd": "Cancel: do not add {who}",
    "teams.createTitle": "Create a team",
    "teams.create": "Create team",
    "teams.name": "Name",
    "teams.kind": "Kind",
    "teams.kindHint": "Lower-case letters, digits and _: team, department, squad…",
    "teams.partOfLabel": "Part of",
    "teams.noParent": "No parent team (top level)",
    "teams.leadLabel": "Lead",
    "teams.noLeadYet": "No lead yet",
  },
  ko: {
    "teams.title": "팀",
    "teams.what": "팀",
    "teams.none": "아직 팀이 없습니다.",
    "teams.noneCanEdit": "아래에서 만드세요. 팀 구성원은 팀장에게 보고합니다.",
    "teams.noneCannotEdit": "소유자나 관리자가 만듭니다.",
    "teams.lead": "팀장:",
    "teams.noLeadShort": "없음",
    "teams.members.one": "구성원 {count}명",
    "teams.members.other": "구성원 {count}명",
    "teams.partOf": " · {name} 소속",
    "teams.close": "닫기",
    "teams.open": "열기",
    "teams.leadOf": "{name}의 팀장",
    "teams.noLead": "팀장 없음",
    "teams.setLead": "팀장 지정",
    "teams.clearLead": "팀장 해제",
    "teams.leadHint": "팀장을 따르는 구성원은 팀장에게 보고하며, 팀장을 바꾸면 그 라인도 옮겨집니다. 직접 추가한 라인은 그대로입니다.",
    "teams.chooseSomeone": "추가할 사람이나 AI를 선택하세요.",
    "teams.membersTitle": "구성원",
    "teams.membersWhat": "구성원",
    "teams.includeSubTeams": "하위 팀의 구성원 포함",
    "teams.noMembers": "아직 구성원이 없습니다.",
    "teams.membersOf": "{name}의 구성원",
    "teams.suspended": "정지",
    "teams.inTeam": " · {name} 소속",
    "teams.theLead": " · 팀장",
    "teams.notReporting": " · 팀장에게 보고하지 않음",
    "teams.removeLabel": "{team}에서 {name} 빼기",
    "teams.confirmRemove": "{team}에서 {name}님을 빼시겠습니까? 팀장으로 향하는 라인도 사라지며, 직접 추가한 라인은 그대로입니다.",
    "teams.remove": "빼기",
    "teams.addToTeam": "팀에 추가",
    "teams.personToAdd": "{team}에 추가할 사람 또는 AI",
    "teams.choose": "선택하세요…",
    "teams.alsoReport": "{lead}에게도 보고",
    "teams.alsoReportText": "{who}님은 아래의 관리자를 모두 유지하고 {lead}에게도 보고합니다.",
    "teams.reportOnly": "{lead}에게만 보고",
    "teams.reportOnlyText": "아래 관리자로 향하는 라인을 없애고, {who}님은 {lead}에게 보고합니다.",
    "teams.joinWithout": "{lead}에게 보고하지 않고 합류",
    "teams.joinWithoutText": "{who}님은 {team}에 합류하고 아래 관리자를 유지하며, 지금도 팀장이 바뀐 뒤에도 {lead}에게 가는 라인은 없습니다.",
    "teams.alreadyReports": "{who}님은 이미 다른 사람에게 보고하고 있습니다",
    "teams.leadIs": "{team}의 팀장은 {lead}입니다. {who}님의 보고 대상:",
    "teams.addedByHand": " (직접 추가)",
    "teams.asLeadOf": " ({teams}의 팀장으로서)",
    "teams.cancelAdd": "취소: {who}님을 추가하지 않음",
    "teams.createTitle": "팀 만들기",
    "teams.create": "팀 만들기",
    "teams.name": "이름",
    "teams.kind": "종류",
    "teams.kindHint": "영문 소문자, 숫자, _ 를 씁니다: team, department, squad…",
    "teams.partOfLabel": "상위 팀",
    "teams.noParent": "상위 팀 없음(최상위)",
    "teams.leadLabel": "팀장",
    "teams.noLeadYet": "아직 팀장 없음",
  },
  ja: {
    "teams.title": "チーム",
    "teams.what": "チーム",
    "teams.none": "チームはまだありません。",
    "teams.noneCanEdit": "下のフォームから作成してください。メンバーはチームのリーダーにレポートします。",
    "teams.noneCannotEdit": "オーナーまたは管理者が作成します。",
    "teams.lead": "リーダー:",
    "teams.noLeadShort": "なし",
    "teams.members.one": "メンバー {count} 人",
    "teams.members.other": "メンバー {count} 人",
    "teams.partOf": " · {name} の一部",
    "teams.close": "閉じる",
    "teams.open": "開く",
    "teams.leadOf": "{name} のリーダー",
    "teams.noLead": "リーダーなし",
    "teams.setLead": "リーダーを設定",
    "teams.clearLead": "リーダーを解除",
    "teams.leadHint": "リーダーに従うメンバーはリーダーにレポートし、リーダーを変えるとそのラインも移ります。手動で追加したラインは残ります。",
    "teams.chooseSomeone": "追加する人または AI を選んでください。",
    "teams.membersTitle": "メンバー",
    "teams.membersWhat": "メンバー",
    "teams.includeSubTeams": "サブチームのメンバーを含める",
    "teams.noMembers": "メンバーはまだいません。",
    "teams.membersOf": "{name} のメンバー",
    "teams.suspended": "停止中",
    "teams.inTeam": "（{name}）",
    "teams.theLead": " · リーダー",
    "teams.notReporting": " · リーダーにレポートしない",
    "teams.removeLabel": "{name} を {team} から外す",
    "teams.confirmRemove": "{name} を {team} から外しますか？リーダーへのラインも消えます。手動で追加したラインは残ります。",
    "teams.remove": "外す",
    "teams.addToTeam": "チームに追加",
    "teams.personToAdd": "{team} に追加する人または AI",
    "teams.choose": "選択…",
    "teams.alsoReport": "{lead} にもレポートする",
    "teams.alsoReportText": "{who} は下記のマネージャーをすべて残したまま、{lead} にもレポートします。",
    "teams.reportOnly": "{lead} にだけレポートする",
    "teams.reportOnlyText": "下記のマネージャーへのラインを削除し、{who} は {lead} にレポートします。",
    "teams.joinWithout": "{lead} にレポートせずに参加",
    "teams.joinWithoutText": "{who} は {team} に参加して下記のマネージャーを残し、今もリーダー交代後も {lead} へのラインはありません。",
    "teams.alreadyReports": "{who} はすでに別の人にレポートしています",
    "teams.leadIs": "{team} のリーダーは {lead} です。{who} のレポート先:",
    "teams.addedByHand": "（手動で追加）",
    "teams.asLeadOf": "（{teams} のリーダーとして）",
    "teams.cancelAdd": "キャンセル: {who} を追加しない",
    "teams.createTitle": "チームを作成",
    "teams.create": "チームを作成",
    "teams.name": "名前",
    "teams.kind": "種類",
    "teams.kindHint": "英小文字、数字、_ を使います: team、department、squad…",
    "teams.partOfLabel": "親チーム",
    "teams.noParent": "親チームなし（最上位）",
    "teams.leadLabel": "リーダー",
    "teams.noLeadYet": "リーダーはまだいません",
  },
};
