/** Governance mails: meeting invitations with their RSVP links, approval documents and reports. */
import type { MailOfParts, MailTemplate } from "../compose";

export const meetingInvitationMail: MailTemplate<"online" | "onlineAt" | "offline" | "offlineAt" | "agenda"> = {
  en: {
    subject: "Invitation: {title} ({when})",
    text: '{organizer} invites you to "{title}" ({type}) of {org}.\n\nWhen: {when} (UTC), {minutes} minutes\nWhere: {where}{agenda}\n\nWill you attend?\n  Accept:    {accept}\n  Decline:   {decline}\n  Tentative: {tentative}\n\nYour answer tells the organizer what you intend; it does not give access to the meeting.',
    online: "Online",
    onlineAt: "Online: {location}",
    offline: "Offline",
    offlineAt: "Offline at {location}",
    agenda: "\n\nAgenda:\n{items}",
  },
  ko: {
    subject: "초대: {title} ({when})",
    text: "{organizer} 님이 {org}의 “{title}”({type})에 초대했습니다.\n\n일시: {when} (UTC), {minutes}분\n장소: {where}{agenda}\n\n참석하시겠습니까?\n  참석:    {accept}\n  불참:    {decline}\n  미정:    {tentative}\n\n응답은 주최자에게 참석 의사를 알릴 뿐이며, 회의에 대한 접근 권한을 주지는 않습니다.",
    online: "온라인",
    onlineAt: "온라인: {location}",
    offline: "오프라인",
    offlineAt: "오프라인: {location}",
    agenda: "\n\n안건:\n{items}",
  },
  ja: {
    subject: "招待: {title} ({when})",
    text: "{organizer} さんが {org} の「{title}」({type}) に招待しました。\n\n日時: {when} (UTC)、{minutes} 分\n場所: {where}{agenda}\n\n出席しますか?\n  出席:    {accept}\n  欠席:    {decline}\n  未定:    {tentative}\n\n回答は主催者に出席の意向を伝えるだけで、会議へのアクセス権は付与されません。",
    online: "オンライン",
    onlineAt: "オンライン: {location}",
    offline: "オフライン",
    offlineAt: "オフライン: {location}",
    agenda: "\n\n議題:\n{items}",
  },
};

/**
 * An approval document (spec 4.7 rule 6) or a report (rule 7). The sender assembles the
 * text's lines from the parts; `subject` asks for approval, `subjectReport` sends a report.
 */
export const approvalDocumentMail: MailOfParts<
  | "subjectReport"
  | "asks"
  | "asksAs"
  | "sentReport"
  | "sentReportAs"
  | "document"
  | "permission"
  | "permissionOnce"
  | "attachments"
  | "noStamp"
  | "lineOne"
  | "lineMany"
  | "yourTurnLater"
  | "stamp"
  | "hash"
> = {
  en: {
    subject: "[{number}] Approval requested: {title}",
    subjectReport: "[{number}] Report: {title}",
    asks: "{requester} asks for your approval in {org}.",
    asksAs: "{requester} asks for your approval in {org} (as {role}).",
    sentReport: "{requester} sent you a report in {org}.",
    sentReportAs: "{requester} sent you a report in {org} (as {role}).",
    document: "Document {number}: {title}",
    permission: "Requested permission: {scope}",
    permissionOnce: "Requested permission: {scope} (one use)",
    attachments: "Attachments: {list}",
    noStamp: "This report needs no stamp.",
    lineOne: "Line: {mode}, 1 approval needed of {total}.",
    lineMany: "Line: {mode}, {required} approvals needed of {total}.",
    yourTurnLater: "Your turn comes after the steps before yours are approved.",
    stamp: "Stamp it with your passkey in the dashboard: {link}",
    hash: "Sealed document hash: {hash}",
  },
  ko: {
    subject: "[{number}] 결재 요청: {title}",
    subjectReport: "[{number}] 보고: {title}",
    asks: "{requester} 님이 {org}에서 결재를 요청했습니다.",
    asksAs: "{requester} 님이 {org}에서 결재를 요청했습니다 ({role}).",
    sentReport: "{requester} 님이 {org}에서 보고서를 보냈습니다.",
    sentReportAs: "{requester} 님이 {org}에서 보고서를 보냈습니다 ({role}).",
    document: "문서 {number}: {title}",
    permission: "요청 권한: {scope}",
    permissionOnce: "요청 권한: {scope} (1회 사용)",
    attachments: "첨부 파일: {list}",
    noStamp: "이 보고서는 결재가 필요하지 않습니다.",
    lineOne: "결재선: {mode}, {total}명 중 1명의 승인이 필요합니다.",
    lineMany: "결재선: {mode}, {total}명 중 {required}명의 승인이 필요합니다.",
    yourTurnLater: "앞선 단계가 승인된 뒤에 차례가 옵니다.",
    stamp: "대시보드에서 패스키로 결재하세요: {link}",
    hash: "봉인된 문서 해시: {hash}",
  },
  ja: {
    subject: "[{number}] 承認依頼: {title}",
    subjectReport: "[{number}] 報告: {title}",
    asks: "{requester} さんが {org} で承認を依頼しています。",
    asksAs: "{requester} さんが {org} で承認を依頼しています ({role})。",
    sentReport: "{requester} さんが {org} で報告書を送りました。",
    sentReportAs: "{requester} さんが {org} で報告書を送りました ({role})。",
    document: "文書 {number}: {title}",
    permission: "要求された権限: {scope}",
    permissionOnce: "要求された権限: {scope} (1 回限り)",
    attachments: "添付ファイル: {list}",
    noStamp: "この報告書には押印は不要です。",
    lineOne: "承認ルート: {mode}、{total} 人中 1 人の承認が必要です。",
    lineMany: "承認ルート: {mode}、{total} 人中 {required} 人の承認が必要です。",
    yourTurnLater: "前のステップが承認された後に順番が回ってきます。",
    stamp: "ダッシュボードでパスキーを使って押印してください: {link}",
    hash: "封印された文書のハッシュ: {hash}",
  },
};
