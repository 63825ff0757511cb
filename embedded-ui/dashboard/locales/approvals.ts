/** The approvals page's words: the inbox, stamping, submitting, the look-up by number, forms and their approval lines. */
import type { Catalog } from "../../i18n";

type ApprovalsKey =
  | "approvals.docType.document"
  | "approvals.docType.permission"
  | "approvals.docType.report"
  | "approvals.docTypeOption.document"
  | "approvals.docTypeOption.permission"
  | "approvals.docTypeOption.report"
  | "approvals.lineMode.chain"
  | "approvals.lineMode.single"
  | "approvals.lineMode.parallel"
  | "approvals.lineMode.quorum"
  | "approvals.lineModeOption.chain"
  | "approvals.lineModeOption.single"
  | "approvals.lineModeOption.parallel"
  | "approvals.lineModeOption.quorum"
  | "approvals.language.en"
  | "approvals.language.ko"
  | "approvals.language.ja"
  | "approvals.risk.0"
  | "approvals.risk.1"
  | "approvals.risk.2"
  | "approvals.risk.3"
  | "approvals.risk.4"
  | "approvals.risk.5"
  | "approvals.status.submitted"
  | "approvals.status.completed"
  | "approvals.status.rejected"
  | "approvals.status.reported"
  | "approvals.submittedStatus.submitted"
  | "approvals.submittedStatus.completed"
  | "approvals.submittedStatus.rejected"
  | "approvals.submittedStatus.reported"
  | "approvals.step.waiting"
  | "approvals.step.pending"
  | "approvals.step.approved"
  | "approvals.step.rejected"
  | "approvals.step.skipped"
  | "approvals.step.notified"
  | "approvals.mine.waiting"
  | "approvals.mine.pending"
  | "approvals.mine.approved"
  | "approvals.mine.rejected"
  | "approvals.mine.skipped"
  | "approvals.mine.notified"
  | "approvals.mine.submitted"
  | "approvals.skip.nobody_found"
  | "approvals.skip.not_a_person"
  | "approvals.skip.inactive"
  | "approvals.skip.requester"
  | "approvals.skip.duplicate"
  | "approvals.skip.below_ceiling"
  | "approvals.routing.routed"
  | "approvals.routing.auto_granted"
  | "approvals.routing.unroutable"
  | "approvals.routing.notified"
  | "approvals.title"
  | "approvals.inbox"
  | "approvals.inboxIntro"
  | "approvals.show"
  | "approvals.every"
  | "approvals.reports"
  | "approvals.inboxWhat"
  | "approvals.nothing"
  | "approvals.nothingHint"
  | "approvals.forms"
  | "approvals.formsIntro"
  | "approvals.formsWhat"
  | "approvals.noForms"
  | "approvals.createBelow"
  | "approvals.adminDefines"
  | "approvals.by"
  | "approvals.someoneGone"
  | "approvals.grants"
  | "approvals.once"
  | "approvals.unroutableNote"
  | "approvals.autoNote"
  | "approvals.lineOf"
  | "approvals.stepN"
  | "approvals.attachments"
  | "approvals.sealIntact"
  | "approvals.sealBroken"
  | "approvals.intactText"
  | "approvals.brokenText"
  | "approvals.sealedAt"
  | "approvals.confirmReject"
  | "approvals.yourStamp"
  | "approvals.commentOn"
  | "approvals.approve"
  | "approvals.reject"
  | "approvals.chooseForm"
  | "approvals.submitTitle"
  | "approvals.noOpenForm"
  | "approvals.submittedAs"
  | "approvals.submit"
  | "approvals.form"
  | "approvals.choose"
  | "approvals.docTitle"
  | "approvals.docText"
  | "approvals.docTextHint"
  | "approvals.whoWhat"
  | "approvals.whoApproves"
  | "approvals.needed.one"
  | "approvals.needed.other"
  | "approvals.leftOut"
  | "approvals.aColumn"
  | "approvals.findTitle"
  | "approvals.find"
  | "approvals.number"
  | "approvals.sealRecords"
  | "approvals.asSubmitted"
  | "approvals.stampOf"
  | "approvals.chainHead"
  | "approvals.archived"
  | "approvals.riskLevel"
  | "approvals.positions.one"
  | "approvals.positions.other"
  | "approvals.defaultLine"
  | "approvals.closeLine"
  | "approvals.approvalLine"
  | "approvals.ofForm"
  | "approvals.restore"
  | "approvals.archive"
  | "approvals.restoreLabel"
  | "approvals.archiveLabel"
  | "approvals.createTitle"
  | "approvals.create"
  | "approvals.formName"
  | "approvals.formNamePlaceholder"
  | "approvals.type"
  | "approvals.scope"
  | "approvals.scopeHint"
  | "approvals.onceToggle"
  | "approvals.lineMode"
  | "approvals.quorumK"
  | "approvals.risk"
  | "approvals.mailLanguage"
  | "approvals.lineTitle"
  | "approvals.lineWhat"
  | "approvals.defaultColumns"
  | "approvals.position"
  | "approvals.labelEn"
  | "approvals.labelsOther"
  | "approvals.labelKo"
  | "approvals.labelJa"
  | "approvals.whoTakes"
  | "approvals.resolveRole"
  | "approvals.resolveMember"
  | "approvals.resolveDrafter"
  | "approvals.roleFor"
  | "approvals.fallbackFor"
  | "approvals.noFallback"
  | "approvals.personFor"
  | "approvals.moveUp"
  | "approvals.moveDown"
  | "approvals.removePosition"
  | "approvals.up"
  | "approvals.down"
  | "approvals.remove"
  | "approvals.addPosition"
  | "approvals.saveLine"
  | "approvals.useDefault"
  | "approvals.lineSaved"
  | "approvals.wouldApprove";

export const approvalsCatalog: Catalog<ApprovalsKey> = {
  en: {
    "approvals.docType.document": "Document",
    "approvals.docType.permission": "Permission",
    "approvals.docType.report": "Report",
    "approvals.docTypeOption.document": "Document: an approval and nothing more",
    "approvals.docTypeOption.permission": "Permission: approval grants a scope",
    "approvals.docTypeOption.report": "Report: mailed to the line, not stamped",
    "approvals.lineMode.chain": "Chain",
    "approvals.lineMode.single": "Single",
    "approvals.lineMode.parallel": "Parallel",
    "approvals.lineMode.quorum": "Quorum",
    "approvals.lineModeOption.chain": "Chain: everyone, in order",
    "approvals.lineModeOption.single": "Single: one approval",
    "approvals.lineModeOption.parallel": "Parallel: everyone, any order",
    "approvals.lineModeOption.quorum": "Quorum: K of them",
    "approvals.language.en": "English",
    "approvals.language.ko": "Korean",
    "approvals.language.ja": "Japanese",
    "approvals.risk.0": "0: nobody up the tree",
    "approvals.risk.1": "1: the team lead",
    "approvals.risk.2": "2: team lead and executive (default)",
    "approvals.risk.3": "3: one level higher",
    "approvals.risk.4": "4: two levels higher",
    "approvals.risk.5": "5: three levels higher",
    "approvals.status.submitted": "Waiting for approval",
    "approvals.status.completed": "Approved",
    "approvals.status.rejected": "Rejected",
    "approvals.status.reported": "Reported",
    "approvals.submittedStatus.submitted": "waiting for approval",
    "approvals.submittedStatus.completed": "approved",
    "approvals.submittedStatus.rejected": "rejected",
    "approvals.submittedStatus.reported": "reported",
    "approvals.step.waiting": "waiting for an earlier step",
    "approvals.step.pending": "to stamp",
    "approvals.step.approved": "approved",
    "approvals.step.rejected": "rejected",
    "approvals.step.skipped": "not needed",
    "approvals.step.notified": "notified",
    "approvals.mine.waiting": "your turn comes after an earlier approver",
    "approvals.mine.pending": "your stamp is needed",
    "approvals.mine.approved": "you approved it",
    "approvals.mine.rejected": "you rejected it",
    "approvals.mine.skipped": "your stamp was not needed",
    "approvals.mine.notified": "sent to you for information",
    "approvals.mine.submitted": "you submitted it",
    "approvals.skip.nobody_found": "nobody holds this place",
    "approvals.skip.not_a_person": "not a person",
    "approvals.skip.inactive": "inactive",
    "approvals.skip.requester": "that is you",
    "approvals.skip.duplicate": "already in an earlier column",
    "approvals.skip.below_ceiling": "does not hold the requested scope",
    "approvals.routing.routed": "It goes to the approvers below.",
    "approvals.routing.auto_granted": "Nobody needs to approve it: it is approved as soon as you submit.",
    "approvals.routing.unroutable": "Nobody who may approve it was found: it would wait unapproved.",
    "approvals.routing.notified": "A report: the people below receive it; nobody stamps it.",
    "approvals.title": "Approvals",
    "approvals.inbox": "Inbox",
    "approvals.inboxIntro": "Documents you submitted, and those you approve or receive.",
    "approvals.show": "Show",
    "approvals.every": "Every document",
    "approvals.reports": "Reports",
    "approvals.inboxWhat": "your documents",
    "approvals.nothing": "Nothing here yet.",
    "approvals.nothingHint": "Submit a document below; what others send you to approve appears here too.",
    "approvals.forms": "Forms",
    "approvals.formsIntro": "A form is what a document is submitted on: its type, how its approval line works, and who is on it.",
    "approvals.formsWhat": "forms",
    "approvals.noForms": "No forms yet.",
    "approvals.createBelow": "Create one below.",
    "approvals.adminDefines": "The owner or an admin defines them.",
    "approvals.by": "by {name} · {time}",
    "approvals.someoneGone": "someone no longer here",
    "approvals.grants": "· grants",
    "approvals.once": " once",
    "approvals.unroutableNote": "Nobody who may approve it was found; it waits.",
    "approvals.autoNote": "Nobody needed to approve it: it was approved when submitted.",
    "approvals.lineOf": "Approval line of {number}",
    "approvals.stepN": "Step {order}",
    "approvals.attachments": "Attachments",
    "approvals.sealIntact": "Seal intact",
    "approvals.sealBroken": "Seal broken",
    "approvals.intactText": "The document and every stamp still match their seals.",
    "approvals.brokenText": "A record no longer matches its seal: it was changed outside Signet.",
    "approvals.sealedAt": "Sealed {time}, chain head",
    "approvals.confirmReject": "Reject {number}? Any rejection rejects the whole document.",
    "approvals.yourStamp": "Your stamp on {number}",
    "approvals.commentOn": "Comment on {number} (optional)",
    "approvals.approve": "Approve with my passkey",
    "approvals.reject": "Reject with my passkey",
    "approvals.chooseForm": "Choose the form to submit on.",
    "approvals.submitTitle": "Submit a document",
    "approvals.noOpenForm": "No form to submit on yet.",
    "approvals.submittedAs": "Submitted",
    "approvals.submit": "Sign with my passkey and submit",
    "approvals.form": "Form",
    "approvals.choose": "Choose…",
    "approvals.docTitle": "Title",
    "approvals.docText": "Text",
    "approvals.docTextHint": "Your passkey seals the title and text: what the approvers see is what you signed.",
    "approvals.whoWhat": "who approves",
    "approvals.whoApproves": "Who approves:",
    "approvals.needed.one": " {count} approval needed.",
    "approvals.needed.other": " {count} approvals needed.",
    "approvals.leftOut": "Left out:",
    "approvals.aColumn": "a column",
    "approvals.findTitle": "Find a document by number",
    "approvals.find": "Find",
    "approvals.number": "Document number",
    "approvals.sealRecords": "Seal records",
    "approvals.asSubmitted": "Document as submitted",
    "approvals.stampOf": "Stamp of {name} ({decision}, {time})",
    "approvals.chainHead": "Chain head",
    "approvals.archived": "archived",
    "approvals.riskLevel": " · risk level {level} · ",
    "approvals.positions.one": "{count} position",
    "approvals.positions.other": "{count} positions",
    "approvals.defaultLine": "default line",
    "approvals.closeLine": "Close the line",
    "approvals.approvalLine": "Approval line",
    "approvals.ofForm": " of {name}",
    "approvals.restore": "Restore",
    "approvals.archive": "Archive",
    "approvals.restoreLabel": "Restore {name}",
    "approvals.archiveLabel": "Archive {name}",
    "approvals.createTitle": "Create a form",
    "approvals.create": "Create form",
    "approvals.formName": "Form name",
    "approvals.formNamePlaceholder": "Purchase request",
    "approvals.type": "Type",
    "approvals.scope": "Scope it grants",
    "approvals.scopeHint": "A scope you hold yourself. Approvers must hold it too.",
    "approvals.onceToggle": "Once: the approval is used one time instead of granting the scope",
    "approvals.lineMode": "Line mode",
    "approvals.quorumK": "Approvals needed (K)",
    "approvals.risk": "How far up the default line reaches (risk level)",
    "approvals.mailLanguage": "Language of the mails",
    "approvals.lineTitle": "Approval line of {name}",
    "approvals.lineWhat": "the approval line",
    "approvals.defaultColumns": "No positions: the default columns apply, {columns}, climbing the requester's reporting lines as far as the form's risk level ({level}) says.",
    "approvals.position": "Position {n}",
    "approvals.labelEn": "Label of position {n} (English)",
    "approvals.labelsOther": "Labels in Korean and Japanese",
    "approvals.labelKo": "Label of position {n} (Korean)",
    "approvals.labelJa": "Label of position {n} (Japanese)",
    "approvals.whoTakes": "Who takes position {n}",
    "approvals.resolveRole": "The nearest holder of a role up the requester's lines",
    "approvals.resolveMember": "A named person",
    "approvals.resolveDrafter": "The drafter (no stamp)",
    "approvals.roleFor": "Role for position {n}",
    "approvals.fallbackFor": "Fallback person for position {n}",
    "approvals.noFallback": "None: leave the position out",
    "approvals.personFor": "Person for position {n}",
    "approvals.moveUp": "Move position {n} up",
    "approvals.moveDown": "Move position {n} down",
    "approvals.removePosition": "Remove position {n}",
    "approvals.up": "Up",
    "approvals.down": "Down",
    "approvals.remove": "Remove",
    "approvals.addPosition": "Add a position",
    "approvals.saveLine": "Save the line",
    "approvals.useDefault": "Use the default columns",
    "approvals.lineSaved": "Saved. Documents already submitted keep the line they were given.",
    "approvals.wouldApprove": "Who would approve a document you submit now",
  },
  ko: {
    "approvals.docType.document": "문서",
    "approvals.docType.permission": "권한",
    "approvals.docType.report": "보고",
    "approvals.docTypeOption.document": "문서: 결재만 받습니다",
    "approvals.docTypeOption.permission": "권한: 결재되면 스코프를 줍니다",
    "approvals.docTypeOption.report": "보고: 라인에 메일로 보내며 날인하지 않습니다",
    "approvals.lineMode.chain": "순차",
    "approvals.lineMode.single": "단일",
    "approvals.lineMode.parallel": "병렬",
    "approvals.lineMode.quorum": "정족수",
    "approvals.lineModeOption.chain": "순차: 모두가 순서대로",
    "approvals.lineModeOption.single": "단일: 한 명의 결재",
    "approvals.lineModeOption.parallel": "병렬: 모두가 순서 없이",
    "approvals.lineModeOption.quorum": "정족수: 그중 K명",
    "approvals.language.en": "영어",
    "approvals.language.ko": "한국어",
    "approvals.language.ja": "일본어",
    "approvals.risk.0": "0: 위로 아무도 없음",
    "approvals.risk.1": "1: 팀장",
    "approvals.risk.2": "2: 팀장과 임원(기본값)",
    "approvals.risk.3": "3: 한 단계 더 위",
    "approvals.risk.4": "4: 두 단계 더 위",
    "approvals.risk.5": "5: 세 단계 더 위",
    "approvals.status.submitted": "결재 대기",
    "approvals.status.completed": "승인됨",
    "approvals.status.rejected": "반려됨",
    "approvals.status.reported": "보고됨",
    "approvals.submittedStatus.submitted": "결재 대기",
    "approvals.submittedStatus.completed": "승인됨",
    "approvals.submittedStatus.rejected": "반려됨",
    "approvals.submittedStatus.reported": "보고됨",
    "approvals.step.waiting": "앞 단계 대기",
    "approvals.step.pending": "날인 대기",
    "approvals.step.approved": "승인",
    "approvals.step.rejected": "반려",
    "approvals.step.skipped": "불필요",
    "approvals.step.notified": "통보됨",
    "approvals.mine.waiting": "앞선 결재자 다음이 내 차례입니다",
    "approvals.mine.pending": "내 날인이 필요합니다",
    "approvals.mine.approved": "내가 승인했습니다",
    "approvals.mine.rejected": "내가 반려했습니다",
    "approvals.mine.skipped": "내 날인은 필요 없었습니다",
    "approvals.mine.notified": "참고용으로 받았습니다",
    "approvals.mine.submitted": "내가 상신했습니다",
    "approvals.skip.nobody_found": "이 자리를 가진 사람이 없음",
    "approvals.skip.not_a_person": "사람이 아님",
    "approvals.skip.inactive": "비활성",
    "approvals.skip.requester": "본인임",
    "approvals.skip.duplicate": "앞 열에 이미 있음",
    "approvals.skip.below_ceiling": "요청한 스코프가 없음",
    "approvals.routing.routed": "아래 결재자에게 갑니다.",
    "approvals.routing.auto_granted": "결재할 사람이 필요 없어 상신하는 즉시 승인됩니다.",
    "approvals.routing.unroutable": "결재할 수 있는 사람을 찾지 못해 승인되지 않은 채 대기합니다.",
    "approvals.routing.notified": "보고: 아래 사람들이 받으며 아무도 날인하지 않습니다.",
    "approvals.title": "결재",
    "approvals.inbox": "받은 문서함",
    "approvals.inboxIntro": "내가 상신한 문서와 내가 결재하거나 받는 문서입니다.",
    "approvals.show": "표시",
    "approvals.every": "모든 문서",
    "approvals.reports": "보고",
    "approvals.inboxWhat": "내 문서",
    "approvals.nothing": "아직 아무것도 없습니다.",
    "approvals.nothingHint": "아래에서 문서를 상신하세요. 다른 사람이 결재를 요청한 문서도 여기에 나타납니다.",
    "approvals.forms": "양식",
    "approvals.formsIntro": "양식은 문서를 상신하는 틀입니다. 유형, 결재 라인의 방식, 라인에 누가 있는지를 정합니다.",
    "approvals.formsWhat": "양식",
    "approvals.noForms": "아직 양식이 없습니다.",
    "approvals.createBelow": "아래에서 만드세요.",
    "approvals.adminDefines": "소유자나 관리자가 정합니다.",
    "approvals.by": "작성자 {name} · {time}",
    "approvals.someoneGone": "더 이상 없는 사람",
    "approvals.grants": "· 부여:",
    "approvals.once": " (1회)",
    "approvals.unroutableNote": "결재할 수 있는 사람을 찾지 못해 대기 중입니다.",
    "approvals.autoNote": "결재할 사람이 필요 없어 상신할 때 승인되었습니다.",
    "approvals.lineOf": "{number}의 결재 라인",
    "approvals.stepN": "{order}단계",
    "approvals.attachments": "첨부 파일",
    "approvals.sealIntact": "인장 온전함",
    "approvals.sealBroken": "인장 손상됨",
    "approvals.intactText": "문서와 모든 날인이 여전히 인장과 일치합니다.",
    "approvals.brokenText": "기록 하나가 인장과 더 이상 일치하지 않습니다. Signet 밖에서 바뀌었습니다.",
    "approvals.sealedAt": "{time}에 인장, 체인 헤드",
    "approvals.confirmReject": "{number}을(를) 반려하시겠습니까? 한 번의 반려로 문서 전체가 반려됩니다.",
    "approvals.yourStamp": "{number}에 대한 내 날인",
    "approvals.commentOn": "{number}에 대한 의견(선택 사항)",
    "approvals.approve": "내 패스키로 승인",
    "approvals.reject": "내 패스키로 반려",
    "approvals.chooseForm": "상신할 양식을 선택하세요.",
    "approvals.submitTitle": "문서 상신",
    "approvals.noOpenForm": "아직 상신할 양식이 없습니다.",
    "approvals.submittedAs": "상신했습니다",
    "approvals.submit": "내 패스키로 서명하고 상신",
    "approvals.form": "양식",
    "approvals.choose": "선택하세요…",
    "approvals.docTitle": "제목",
    "approvals.docText": "본문",
    "approvals.docTextHint": "패스키로 제목과 본문에 인장을 찍습니다. 결재자가 보는 내용이 내가 서명한 내용입니다.",
    "approvals.whoWhat": "결재자",
    "approvals.whoApproves": "결재자:",
    "approvals.needed.one": " 결재 {count}건이 필요합니다.",
    "approvals.needed.other": " 결재 {count}건이 필요합니다.",
    "approvals.leftOut": "제외됨:",
    "approvals.aColumn": "한 열",
    "approvals.findTitle": "번호로 문서 찾기",
    "approvals.find": "찾기",
    "approvals.number": "문서 번호",
    "approvals.sealRecords": "인장 기록",
    "approvals.asSubmitted": "상신된 문서",
    "approvals.stampOf": "{name}의 날인({decision}, {time})",
    "approvals.chainHead": "체인 헤드",
    "approvals.archived": "보관됨",
    "approvals.riskLevel": " · 위험 수준 {level} · ",
    "approvals.positions.one": "자리 {count}개",
    "approvals.positions.other": "자리 {count}개",
    "approvals.defaultLine": "기본 라인",
    "approvals.closeLine": "라인 닫기",
    "approvals.approvalLine": "결재 라인",
    "approvals.ofForm": " ({name})",
    "approvals.restore": "복원",
    "approvals.archive": "보관",
    "approvals.restoreLabel": "{name} 복원",
    "approvals.archiveLabel": "{name} 보관",
    "approvals.createTitle": "양식 만들기",
    "approvals.create": "양식 만들기",
    "approvals.formName": "양식 이름",
    "approvals.formNamePlaceholder": "구매 요청",
    "approvals.type": "유형",
    "approvals.scope": "부여할 스코프",
    "approvals.scopeHint": "내가 가진 스코프여야 하며, 결재자도 가지고 있어야 합니다.",
    "approvals.onceToggle": "1회: 스코프를 주는 대신 승인을 한 번만 씁니다",
    "approvals.lineMode": "라인 방식",
    "approvals.quorumK": "필요한 결재 수(K)",
    "approvals.risk": "기본 라인이 올라가는 높이(위험 수준)",
    "approvals.mailLanguage": "메일 언어",
    "approvals.lineTitle": "{name}의 결재 라인",
    "approvals.lineWhat": "결재 라인",
    "approvals.defaultColumns": "자리가 없습니다. 기본 열({columns})이 적용되며, 양식의 위험 수준({level})만큼 요청자의 보고 라인을 따라 올라갑니다.",
    "approvals.position": "자리 {n}",
    "approvals.labelEn": "자리 {n}의 이름(영어)",
    "approvals.labelsOther": "한국어와 일본어 이름",
    "approvals.labelKo": "자리 {n}의 이름(한국어)",
    "approvals.labelJa": "자리 {n}의 이름(일본어)",
    "approvals.whoTakes": "자리 {n}을(를) 맡을 사람",
    "approvals.resolveRole": "요청자의 라인 위에서 가장 가까운 역할 보유자",
    "approvals.resolveMember": "지정한 사람",
    "approvals.resolveDrafter": "기안자(날인 없음)",
    "approvals.roleFor": "자리 {n}의 역할",
    "approvals.fallbackFor": "자리 {n}의 대체자",
    "approvals.noFallback": "없음: 이 자리를 뺍니다",
    "approvals.personFor": "자리 {n}의 사람",
    "approvals.moveUp": "자리 {n}을(를) 위로",
    "approvals.moveDown": "자리 {n}을(를) 아래로",
    "approvals.removePosition": "자리 {n} 삭제",
    "approvals.up": "위로",
    "approvals.down": "아래로",
    "approvals.remove": "삭제",
    "approvals.addPosition": "자리 추가",
    "approvals.saveLine": "라인 저장",
    "approvals.useDefault": "기본 열 사용",
    "approvals.lineSaved": "저장했습니다. 이미 상신된 문서는 받은 라인을 그대로 유지합니다.",
    "approvals.wouldApprove": "지금 상신하면 결재할 사람",
  },
  ja: {
    "approvals.docType.document": "文書",
    "approvals.docType.permission": "権限",
    "approvals.docType.report": "報告",
    "approvals.docTypeOption.document": "文書: 承認だけを受けます",
    "approvals.docTypeOption.permission": "権限: 承認されるとスコープを付与します",
    "approvals.docTypeOption.report": "報告: ラインにメールで送り、押印しません",
    "approvals.lineMode.chain": "順次",
    "approvals.lineMode.single": "単一",
    "approvals.lineMode.parallel": "並列",
    "approvals.lineMode.quorum": "定足数",
    "approvals.lineModeOption.chain": "順次: 全員が順番に",
    "approvals.lineModeOption.single": "単一: 1 人の承認",
    "approvals.lineModeOption.parallel": "並列: 全員が順不同で",
    "approvals.lineModeOption.quorum": "定足数: そのうち K 人",
    "approvals.language.en": "英語",
    "approvals.language.ko": "韓国語",
    "approvals.language.ja": "日本語",
    "approvals.risk.0": "0: 上位には誰もいない",
    "approvals.risk.1": "1: チームリーダー",
    "approvals.risk.2": "2: チームリーダーと役員（既定）",
    "approvals.risk.3": "3: さらに 1 段上",
    "approvals.risk.4": "4: さらに 2 段上",
    "approvals.risk.5": "5: さらに 3 段上",
    "approvals.status.submitted": "承認待ち",
    "approvals.status.completed": "承認済み",
    "approvals.status.rejected": "却下",
    "approvals.status.reported": "報告済み",
    "approvals.submittedStatus.submitted": "承認待ち",
    "approvals.submittedStatus.completed": "承認済み",
    "approvals.submittedStatus.rejected": "却下",
    "approvals.submittedStatus.reported": "報告済み",
    "approvals.step.waiting": "前のステップ待ち",
    "approvals.step.pending": "押印待ち",
    "approvals.step.approved": "承認",
    "approvals.step.rejected": "却下",
    "approvals.step.skipped": "不要",
    "approvals.step.notified": "通知済み",
    "approvals.mine.waiting": "前の承認者の後にあなたの番が来ます",
    "approvals.mine.pending": "あなたの押印が必要です",
    "approvals.mine.approved": "あなたが承認しました",
    "approvals.mine.rejected": "あなたが却下しました",
    "approvals.mine.skipped": "あなたの押印は不要でした",
    "approvals.mine.notified": "参考として送られました",
    "approvals.mine.submitted": "あなたが申請しました",
    "approvals.skip.nobody_found": "この立場の人がいない",
    "approvals.skip.not_a_person": "人ではない",
    "approvals.skip.inactive": "無効",
    "approvals.skip.requester": "あなた自身",
    "approvals.skip.duplicate": "前の列にすでにいる",
    "approvals.skip.below_ceiling": "申請されたスコープを持っていない",
    "approvals.routing.routed": "下記の承認者に回ります。",
    "approvals.routing.auto_granted": "承認する人は不要で、申請と同時に承認されます。",
    "approvals.routing.unroutable": "承認できる人が見つからず、未承認のまま待機します。",
    "approvals.routing.notified": "報告: 下記の人が受け取り、誰も押印しません。",
    "approvals.title": "承認",
    "approvals.inbox": "受信箱",
    "approvals.inboxIntro": "あなたが申請した文書と、あなたが承認または受け取る文書です。",
    "approvals.show": "表示",
    "approvals.every": "すべての文書",
    "approvals.reports": "報告",
    "approvals.inboxWhat": "あなたの文書",
    "approvals.nothing": "まだ何もありません。",
    "approvals.nothingHint": "下のフォームから文書を申請してください。ほかの人から承認を求められた文書もここに表示されます。",
    "approvals.forms": "フォーム",
    "approvals.formsIntro": "フォームは文書を申請する型です。種類、承認ラインの動き方、ラインに誰がいるかを決めます。",
    "approvals.formsWhat": "フォーム",
    "approvals.noForms": "フォームはまだありません。",
    "approvals.createBelow": "下のフォームから作成してください。",
    "approvals.adminDefines": "オーナーまたは管理者が定義します。",
    "approvals.by": "作成者 {name} · {time}",
    "approvals.someoneGone": "もういない人",
    "approvals.grants": "· 付与:",
    "approvals.once": "（1 回）",
    "approvals.unroutableNote": "承認できる人が見つからず、待機しています。",
    "approvals.autoNote": "承認する人は不要で、申請時に承認されました。",
    "approvals.lineOf": "{number} の承認ライン",
    "approvals.stepN": "ステップ {order}",
    "approvals.attachments": "添付ファイル",
    "approvals.sealIntact": "シールは無傷",
    "approvals.sealBroken": "シールが壊れています",
    "approvals.intactText": "文書とすべての押印は、今もシールと一致しています。",
    "approvals.brokenText": "記録がシールと一致しなくなりました。Signet の外で変更されています。",
    "approvals.sealedAt": "{time} に押印、チェーンの先頭",
    "approvals.confirmReject": "{number} を却下しますか？1 件でも却下すると文書全体が却下されます。",
    "approvals.yourStamp": "{number} へのあなたの押印",
    "approvals.commentOn": "{number} へのコメント（任意）",
    "approvals.approve": "自分のパスキーで承認",
    "approvals.reject": "自分のパスキーで却下",
    "approvals.chooseForm": "申請に使うフォームを選んでください。",
    "approvals.submitTitle": "文書を申請",
    "approvals.noOpenForm": "申請に使えるフォームはまだありません。",
    "approvals.submittedAs": "申請しました",
    "approvals.submit": "自分のパスキーで署名して申請",
    "approvals.form": "フォーム",
    "approvals.choose": "選択…",
    "approvals.docTitle": "タイトル",
    "approvals.docText": "本文",
    "approvals.docTextHint": "パスキーでタイトルと本文に押印します。承認者が見る内容は、あなたが署名した内容です。",
    "approvals.whoWhat": "承認者",
    "approvals.whoApproves": "承認者:",
    "approvals.needed.one": " 承認が {count} 件必要です。",
    "approvals.needed.other": " 承認が {count} 件必要です。",
    "approvals.leftOut": "除外:",
    "approvals.aColumn": "ある列",
    "approvals.findTitle": "番号で文書を探す",
    "approvals.find": "検索",
    "approvals.number": "文書番号",
    "approvals.sealRecords": "シールの記録",
    "approvals.asSubmitted": "申請時の文書",
    "approvals.stampOf": "{name} の押印（{decision}、{time}）",
    "approvals.chainHead": "チェーンの先頭",
    "approvals.archived": "アーカイブ済み",
    "approvals.riskLevel": " · リスクレベル {level} · ",
    "approvals.positions.one": "ポジション {count} 件",
    "approvals.positions.other": "ポジション {count} 件",
    "approvals.defaultLine": "既定のライン",
    "approvals.closeLine": "ラインを閉じる",
    "approvals.approvalLine": "承認ライン",
    "approvals.ofForm": "（{name}）",
    "approvals.restore": "復元",
    "approvals.archive": "アーカイブ",
    "approvals.restoreLabel": "{name} を復元",
    "approvals.archiveLabel": "{name} をアーカイブ",
    "approvals.createTitle": "フォームを作成",
    "approvals.create": "フォームを作成",
    "approvals.formName": "フォーム名",
    "approvals.formNamePlaceholder": "購入申請",
    "approvals.type": "種類",
    "approvals.scope": "付与するスコープ",
    "approvals.scopeHint": "自分が持つスコープです。承認者も持っている必要があります。",
    "approvals.onceToggle": "1 回: スコープを付与する代わりに、承認を 1 回だけ使います",
    "approvals.lineMode": "ラインの方式",
    "approvals.quorumK": "必要な承認数（K）",
    "approvals.risk": "既定のラインが上がる高さ（リスクレベル）",
    "approvals.mailLanguage": "メールの言語",
    "approvals.lineTitle": "{name} の承認ライン",
    "approvals.lineWhat": "承認ライン",
    "approvals.defaultColumns": "ポジションがありません。既定の列（{columns}）が適用され、フォームのリスクレベル（{level}）の分だけ申請者のレポートラインをたどって上がります。",
    "approvals.position": "ポジション {n}",
    "approvals.labelEn": "ポジション {n} のラベル（英語）",
    "approvals.labelsOther": "韓国語と日本語のラベル",
    "approvals.labelKo": "ポジション {n} のラベル（韓国語）",
    "approvals.labelJa": "ポジション {n} のラベル（日本語）",
    "approvals.whoTakes": "ポジション {n} を担う人",
    "approvals.resolveRole": "申請者のラインの上で最も近いロールの保持者",
    "approvals.resolveMember": "指名した人",
    "approvals.resolveDrafter": "起案者（押印なし）",
    "approvals.roleFor": "ポジション {n} のロール",
    "approvals.fallbackFor": "ポジション {n} の代わりの人",
    "approvals.noFallback": "なし: このポジションを除外",
    "approvals.personFor": "ポジション {n} の人",
    "approvals.moveUp": "ポジション {n} を上へ",
    "approvals.moveDown": "ポジション {n} を下へ",
    "approvals.removePosition": "ポジション {n} を削除",
    "approvals.up": "上へ",
    "approvals.down": "下へ",
    "approvals.remove": "削除",
    "approvals.addPosition": "ポジションを追加",
    "approvals.saveLine": "ラインを保存",
    "approvals.useDefault": "既定の列を使う",
    "approvals.lineSaved": "保存しました。申請済みの文書は、割り当てられたラインをそのまま使います。",
    "approvals.wouldApprove": "今申請した場合の承認者",
  },
};
