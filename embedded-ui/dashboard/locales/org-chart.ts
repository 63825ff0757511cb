/** The org chart's words: the legend, the chart's labels, a box's lines in words, and adding a line. */
import type { Catalog } from "../../i18n";

type OrgChartKey =
  | "org-chart.title"
  | "org-chart.what"
  | "org-chart.chart"
  | "org-chart.intro"
  | "org-chart.legend"
  | "org-chart.legendReporting"
  | "org-chart.legendMember"
  | "org-chart.legendReference"
  | "org-chart.kind.person"
  | "org-chart.kind.ai"
  | "org-chart.kind.team"
  | "org-chart.edge.reporting"
  | "org-chart.edge.member_of"
  | "org-chart.edge.reference"
  | "org-chart.you"
  | "org-chart.suspended"
  | "org-chart.members.one"
  | "org-chart.members.other"
  | "org-chart.teams.one"
  | "org-chart.teams.other"
  | "org-chart.lines.one"
  | "org-chart.lines.other"
  | "org-chart.scrolls"
  | "org-chart.svgLabel"
  | "org-chart.through"
  | "org-chart.addedByHand"
  | "org-chart.asLeadOf"
  | "org-chart.removeLabel"
  | "org-chart.alsoStops"
  | "org-chart.confirmRemove"
  | "org-chart.remove"
  | "org-chart.leads"
  | "org-chart.managers"
  | "org-chart.reportsToNobody"
  | "org-chart.reports"
  | "org-chart.nobodyReports"
  | "org-chart.teamsTitle"
  | "org-chart.inNoTeam"
  | "org-chart.teamKind"
  | "org-chart.teamLead"
  | "org-chart.noLead"
  | "org-chart.partOf"
  | "org-chart.membersTitle"
  | "org-chart.noMembers"
  | "org-chart.references"
  | "org-chart.noReferences"
  | "org-chart.membershipNote"
  | "org-chart.teamsPage"
  | "org-chart.membershipNoteEnd"
  | "org-chart.teamOption"
  | "org-chart.chooseBoth"
  | "org-chart.choose"
  | "org-chart.addTitle"
  | "org-chart.addSubmit"
  | "org-chart.lineKind"
  | "org-chart.optionReporting"
  | "org-chart.optionReference"
  | "org-chart.whoReports"
  | "org-chart.whoRefers"
  | "org-chart.toManager"
  | "org-chart.to";

export const orgChartCatalog: Catalog<OrgChartKey> = {
  en: {
    "org-chart.title": "Org chart",
    "org-chart.what": "the org chart",
    "org-chart.chart": "Chart",
    "org-chart.intro": "Managers above the people who report to them; each team below its members. Choose a box to see its lines.",
    "org-chart.legend": "Legend",
    "org-chart.legendReporting": "Reports to (the arrow points at the manager)",
    "org-chart.legendMember": "Member of a team",
    "org-chart.legendReference": "Reference",
    "org-chart.kind.person": "Person",
    "org-chart.kind.ai": "AI",
    "org-chart.kind.team": "Team",
    "org-chart.edge.reporting": "{source} reports to {target}",
    "org-chart.edge.member_of": "{source} is a member of {target}",
    "org-chart.edge.reference": "{source} refers to {target}",
    "org-chart.you": " · you",
    "org-chart.suspended": " · suspended",
    "org-chart.members.one": "{count} member",
    "org-chart.members.other": "{count} members",
    "org-chart.teams.one": "{count} team",
    "org-chart.teams.other": "{count} teams",
    "org-chart.lines.one": "{count} line",
    "org-chart.lines.other": "{count} lines",
    "org-chart.scrolls": "Org chart (scrolls)",
    "org-chart.svgLabel": "Org chart: {people} people and AIs, {teams}, {lines}",
    "org-chart.through": " (through {teams})",
    "org-chart.addedByHand": "added by hand",
    "org-chart.asLeadOf": "as lead of {teams}",
    "org-chart.removeLabel": "Remove the line: {line}",
    "org-chart.alsoStops": " {name} also stops following the lead of {teams}.",
    "org-chart.confirmRemove": "Remove the line “{line}”?{automatic}",
    "org-chart.remove": "Remove",
    "org-chart.leads": " · leads {teams}",
    "org-chart.managers": "Managers",
    "org-chart.reportsToNobody": "{name} reports to nobody.",
    "org-chart.reports": "Reports",
    "org-chart.nobodyReports": "Nobody reports to {name}.",
    "org-chart.teamsTitle": "Teams",
    "org-chart.inNoTeam": "{name} is in no team.",
    "org-chart.teamKind": "Team · {kind}",
    "org-chart.teamLead": " · lead {name}",
    "org-chart.noLead": "none",
    "org-chart.partOf": " · part of {name}",
    "org-chart.membersTitle": "Members",
    "org-chart.noMembers": "No members yet.",
    "org-chart.references": "References",
    "org-chart.noReferences": "No references.",
    "org-chart.membershipNote": "Team membership is changed on the",
    "org-chart.teamsPage": "Teams page",
    "org-chart.membershipNoteEnd": ".",
    "org-chart.teamOption": "{name} (team)",
    "org-chart.chooseBoth": "Choose both ends of the line.",
    "org-chart.choose": "Choose…",
    "org-chart.addTitle": "Add a line",
    "org-chart.addSubmit": "Add the line",
    "org-chart.lineKind": "Kind of line",
    "org-chart.optionReporting": "Reports to (a manager)",
    "org-chart.optionReference": "Reference (anyone, teams too)",
    "org-chart.whoReports": "Who reports",
    "org-chart.whoRefers": "Who refers",
    "org-chart.toManager": "To the manager",
    "org-chart.to": "To",
  },
  ko: {
    "org-chart.title": "조직도",
    "org-chart.what": "조직도",
    "org-chart.chart": "도표",
    "org-chart.intro": "관리자는 보고하는 사람 위에, 팀은 구성원 아래에 있습니다. 상자를 선택하면 그 라인을 볼 수 있습니다.",
    "org-chart.legend": "범례",
    "org-chart.legendReporting": "보고(화살표가 관리자를 가리킴)",
    "org-chart.legendMember": "팀 구성원",
    "org-chart.legendReference": "참조",
    "org-chart.kind.person": "사람",
    "org-chart.kind.ai": "AI(인공지능)",
    "org-chart.kind.team": "팀",
    "org-chart.edge.reporting": "{source} → {target}에게 보고",
    "org-chart.edge.member_of": "{source} → {target}의 구성원",
    "org-chart.edge.reference": "{source} → {target} 참조",
    "org-chart.you": " · 나",
    "org-chart.suspended": " · 정지",
    "org-chart.members.one": "구성원 {count}명",
    "org-chart.members.other": "구성원 {count}명",
    "org-chart.teams.one": "팀 {count}개",
    "org-chart.teams.other": "팀 {count}개",
    "org-chart.lines.one": "라인 {count}개",
    "org-chart.lines.other": "라인 {count}개",
    "org-chart.scrolls": "조직도(스크롤)",
    "org-chart.svgLabel": "조직도: 사람과 AI {people}, {teams}, {lines}",
    "org-chart.through": " ({teams} 경유)",
    "org-chart.addedByHand": "직접 추가",
    "org-chart.asLeadOf": "{teams}의 팀장으로서",
    "org-chart.removeLabel": "라인 삭제: {line}",
    "org-chart.alsoStops": " {name}은(는) {teams}의 팀장도 더 이상 따르지 않습니다.",
    "org-chart.confirmRemove": "“{line}” 라인을 삭제하시겠습니까?{automatic}",
    "org-chart.remove": "삭제",
    "org-chart.leads": " · {teams} 팀장",
    "org-chart.managers": "관리자",
    "org-chart.reportsToNobody": "{name}은(는) 아무에게도 보고하지 않습니다.",
    "org-chart.reports": "보고자",
    "org-chart.nobodyReports": "{name}에게 보고하는 사람이 없습니다.",
    "org-chart.teamsTitle": "팀",
    "org-chart.inNoTeam": "{name}은(는) 어느 팀에도 없습니다.",
    "org-chart.teamKind": "팀 · {kind}",
    "org-chart.teamLead": " · 팀장 {name}",
    "org-chart.noLead": "없음",
    "org-chart.partOf": " · {name} 소속",
    "org-chart.membersTitle": "구성원",
    "org-chart.noMembers": "아직 구성원이 없습니다.",
    "org-chart.references": "참조",
    "org-chart.noReferences": "참조가 없습니다.",
    "org-chart.membershipNote": "팀 소속은",
    "org-chart.teamsPage": "팀 페이지",
    "org-chart.membershipNoteEnd": "에서 바꿉니다.",
    "org-chart.teamOption": "{name}(팀)",
    "org-chart.chooseBoth": "라인의 양 끝을 모두 선택하세요.",
    "org-chart.choose": "선택하세요…",
    "org-chart.addTitle": "라인 추가",
    "org-chart.addSubmit": "라인 추가",
    "org-chart.lineKind": "라인 종류",
    "org-chart.optionReporting": "보고(관리자에게)",
    "org-chart.optionReference": "참조(누구나, 팀도 가능)",
    "org-chart.whoReports": "보고하는 사람",
    "org-chart.whoRefers": "참조하는 쪽",
    "org-chart.toManager": "보고받는 관리자",
    "org-chart.to": "참조 대상",
  },
  ja: {
    "org-chart.title": "組織図",
    "org-chart.what": "組織図",
    "org-chart.chart": "図",
    "org-chart.intro": "マネージャーはレポートする人の上に、チームはメンバーの下に表示されます。ボックスを選ぶとそのラインが表示されます。",
    "org-chart.legend": "凡例",
    "org-chart.legendReporting": "レポート先（矢印はマネージャーを指します）",
    "org-chart.legendMember": "チームのメンバー",
    "org-chart.legendReference": "参照",
    "org-chart.kind.person": "人",
    "org-chart.kind.ai": "AI（人工知能）",
    "org-chart.kind.team": "チーム",
    "org-chart.edge.reporting": "{source} は {target} にレポート",
    "org-chart.edge.member_of": "{source} は {target} のメンバー",
    "org-chart.edge.reference": "{source} は {target} を参照",
    "org-chart.you": " · あなた",
    "org-chart.suspended": " · 停止中",
    "org-chart.members.one": "メンバー {count} 人",
    "org-chart.members.other": "メンバー {count} 人",
    "org-chart.teams.one": "チーム {count} 個",
    "org-chart.teams.other": "チーム {count} 個",
    "org-chart.lines.one": "ライン {count} 本",
    "org-chart.lines.other": "ライン {count} 本",
    "org-chart.scrolls": "組織図（スクロール）",
    "org-chart.svgLabel": "組織図: 人と AI {people}、{teams}、{lines}",
    "org-chart.through": "（{teams} 経由）",
    "org-chart.addedByHand": "手動で追加",
    "org-chart.asLeadOf": "{teams} のリーダーとして",
    "org-chart.removeLabel": "ラインを削除: {line}",
    "org-chart.alsoStops": " {name} は {teams} のリーダーにも従わなくなります。",
    "org-chart.confirmRemove": "ライン「{line}」を削除しますか？{automatic}",
    "org-chart.remove": "削除",
    "org-chart.leads": " · {teams} のリーダー",
    "org-chart.managers": "マネージャー",
    "org-chart.reportsToNobody": "{name} は誰にもレポートしていません。",
    "org-chart.reports": "部下",
    "org-chart.nobodyReports": "{name} にレポートする人はいません。",
    "org-chart.teamsTitle": "チーム",
    "org-chart.inNoTeam": "{name} はどのチームにも属していません。",
    "org-chart.teamKind": "チーム · {kind}",
    "org-chart.teamLead": " · リーダー {name}",
    "org-chart.noLead": "なし",
    "org-chart.partOf": " · {name} の一部",
    "org-chart.membersTitle": "メンバー",
    "org-chart.noMembers": "メンバーはまだいません。",
    "org-chart.references": "参照",
    "org-chart.noReferences": "参照はありません。",
    "org-chart.membershipNote": "チームの所属は",
    "org-chart.teamsPage": "チームページ",
    "org-chart.membershipNoteEnd": "で変更します。",
    "org-chart.teamOption": "{name}（チーム）",
    "org-chart.chooseBoth": "ラインの両端を選んでください。",
    "org-chart.choose": "選択…",
    "org-chart.addTitle": "ラインを追加",
    "org-chart.addSubmit": "ラインを追加",
    "org-chart.lineKind": "ラインの種類",
    "org-chart.optionReporting": "レポート先（マネージャー）",
    "org-chart.optionReference": "参照（誰でも、チームも可）",
    "org-chart.whoReports": "レポートする人",
    "org-chart.whoRefers": "参照する側",
    "org-chart.toManager": "マネージャー",
    "org-chart.to": "参照先",
  },
};
