/** One meeting's words: facts, attendance, the agenda and voting, outcomes, completing, minutes, cancelling and deleting. */
import type { Catalog } from "../../i18n";

type MeetingKey =
  | "meeting.what"
  | "meeting.all"
  | "meeting.decision.Assent"
  | "meeting.decision.Dissent"
  | "meeting.decision.Abstain"
  | "meeting.item.Pending"
  | "meeting.item.Open"
  | "meeting.item.Closed"
  | "meeting.outcome.Passed"
  | "meeting.outcome.Rejected"
  | "meeting.outcome.NotVoted"
  | "meeting.outcome.NoQuorum"
  | "meeting.youOrganize"
  | "meeting.youChair"
  | "meeting.about"
  | "meeting.type"
  | "meeting.when"
  | "meeting.duration"
  | "meeting.where"
  | "meeting.organizer"
  | "meeting.you"
  | "meeting.followUpOf"
  | "meeting.earlierMeeting"
  | "meeting.carriedHere"
  | "meeting.wentTo"
  | "meeting.theFollowUp"
  | "meeting.wentEnd"
  | "meeting.cancelled"
  | "meeting.completed"
  | "meeting.participants"
  | "meeting.participantCount.one"
  | "meeting.participantCount.other"
  | "meeting.present"
  | "meeting.presentVoted"
  | "meeting.notCheckedIn"
  | "meeting.isPresent"
  | "meeting.agenda"
  | "meeting.noItems"
  | "meeting.addBelow"
  | "meeting.noPasskeys"
  | "meeting.votes.one"
  | "meeting.votes.other"
  | "meeting.opened"
  | "meeting.closed"
  | "meeting.carriedFrom"
  | "meeting.memo"
  | "meeting.notes"
  | "meeting.openVote"
  | "meeting.closeVote"
  | "meeting.onItem"
  | "meeting.yourVoteOn"
  | "meeting.yourVote"
  | "meeting.mayChange"
  | "meeting.sealedVote"
  | "meeting.voteLabel"
  | "meeting.votesOn"
  | "meeting.changed.one"
  | "meeting.changed.other"
  | "meeting.recordHash"
  | "meeting.confirmDrop"
  | "meeting.edit"
  | "meeting.editItem"
  | "meeting.frozen"
  | "meeting.titleOf"
  | "meeting.reword"
  | "meeting.drop"
  | "meeting.memoOn"
  | "meeting.memoHint"
  | "meeting.notesOn"
  | "meeting.notesHint"
  | "meeting.saveNotes"
  | "meeting.saved"
  | "meeting.addItem"
  | "meeting.addTheItem"
  | "meeting.itemLabel"
  | "meeting.memoOptional"
  | "meeting.colItem"
  | "meeting.colOutcome"
  | "meeting.colPresent"
  | "meeting.colNotVoted"
  | "meeting.presentOf"
  | "meeting.quorum"
  | "meeting.previewTitle"
  | "meeting.previewIntro"
  | "meeting.previewAgain"
  | "meeting.preview"
  | "meeting.changedSince"
  | "meeting.previewCaption"
  | "meeting.confirmComplete"
  | "meeting.followUpWeek"
  | "meeting.completeTitle"
  | "meeting.completeIntro"
  | "meeting.carryToggle"
  | "meeting.completedTitle"
  | "meeting.fixedCaption"
  | "meeting.minutesFiledIn"
  | "meeting.filedEnd"
  | "meeting.files"
  | "meeting.minutesFailed"
  | "meeting.unfinishedWent"
  | "meeting.aFollowUp"
  | "meeting.noFollowUp"
  | "meeting.minutes"
  | "meeting.finalFiledIn"
  | "meeting.withThisMeeting"
  | "meeting.download"
  | "meeting.yourMinutes"
  | "meeting.minutesHint"
  | "meeting.saveMinutes"
  | "meeting.compose"
  | "meeting.finalMinutes"
  | "meeting.composedAt"
  | "meeting.noMinutes"
  | "meeting.sayWhy"
  | "meeting.confirmCancel"
  | "meeting.cancelTitle"
  | "meeting.hasVotes"
  | "meeting.whyCancelled"
  | "meeting.confirmDelete"
  | "meeting.deleteTitle"
  | "meeting.deleteIntro";

export const meetingCatalog: Catalog<MeetingKey> = {
  en: {
    "meeting.what": "the meeting",
    "meeting.all": "All meetings",
    "meeting.decision.Assent": "Assent",
    "meeting.decision.Dissent": "Dissent",
    "meeting.decision.Abstain": "Abstain",
    "meeting.item.Pending": "not taken up",
    "meeting.item.Open": "voting open",
    "meeting.item.Closed": "voting closed",
    "meeting.outcome.Passed": "Passed",
    "meeting.outcome.Rejected": "Rejected",
    "meeting.outcome.NotVoted": "Not voted",
    "meeting.outcome.NoQuorum": "No quorum",
    "meeting.youOrganize": "you organize it",
    "meeting.youChair": "you chair the board",
    "meeting.about": "About",
    "meeting.type": "Type",
    "meeting.when": "When",
    "meeting.duration": "Duration",
    "meeting.where": "Where",
    "meeting.organizer": "Organizer",
    "meeting.you": "You: {roles}.",
    "meeting.followUpOf": "A follow-up of",
    "meeting.earlierMeeting": "an earlier meeting",
    "meeting.carriedHere": ": its unfinished items are carried here.",
    "meeting.wentTo": "Its unfinished items went to",
    "meeting.theFollowUp": "the follow-up meeting",
    "meeting.wentEnd": ".",
    "meeting.cancelled": "Cancelled {time}: {reason}",
    "meeting.completed": "Completed {time}. A completed meeting no longer changes.",
    "meeting.participants": "Participants",
    "meeting.participantCount.one": "{present} of {count} participant checked in. Casting a vote checks the voter in; guests never count for the quorum.",
    "meeting.participantCount.other": "{present} of {count} participants checked in. Casting a vote checks the voter in; guests never count for the quorum.",
    "meeting.present": "present",
    "meeting.presentVoted": "present (voted)",
    "meeting.notCheckedIn": "not checked in",
    "meeting.isPresent": "{name} is present",
    "meeting.agenda": "Agenda",
    "meeting.noItems": "No agenda items.",
    "meeting.addBelow": "Add one below.",
    "meeting.noPasskeys": "This browser cannot use passkeys, which voting needs.",
    "meeting.votes.one": "{count} vote",
    "meeting.votes.other": "{count} votes",
    "meeting.opened": " · opened {time}",
    "meeting.closed": " · closed {time}",
    "meeting.carriedFrom": " · carried from item {index} of an earlier meeting",
    "meeting.memo": "Memo:",
    "meeting.notes": "Notes:",
    "meeting.openVote": "Open the vote",
    "meeting.closeVote": "Close the vote",
    "meeting.onItem": " on item {index}",
    "meeting.yourVoteOn": "Your vote on item {index}",
    "meeting.yourVote": "Your vote:",
    "meeting.mayChange": "You may change it while the vote is open.",
    "meeting.sealedVote": "Your vote, sealed with your passkey:",
    "meeting.voteLabel": "{decision} on item {index} with my passkey",
    "meeting.votesOn": "Votes on item {index}",
    "meeting.changed.one": " · changed {count} time",
    "meeting.changed.other": " · changed {count} times",
    "meeting.recordHash": "SHA-256 of the sealed vote record",
    "meeting.confirmDrop": "Drop item {index}, “{title}”? Its number is not reused.",
    "meeting.edit": "Edit",
    "meeting.editItem": " item {index}",
    "meeting.frozen": "The item has votes: its title is frozen and it cannot be dropped.",
    "meeting.titleOf": "Title of item {index}",
    "meeting.reword": "Reword",
    "meeting.drop": "Drop the item",
    "meeting.memoOn": "Memo on item {index}",
    "meeting.memoHint": "What the item is about, before it is discussed.",
    "meeting.notesOn": "Notes on item {index}",
    "meeting.notesHint": "What was said; the minutes carry it.",
    "meeting.saveNotes": "Save memo and notes",
    "meeting.saved": "Saved.",
    "meeting.addItem": "Add an item",
    "meeting.addTheItem": "Add the item",
    "meeting.itemLabel": "Item",
    "meeting.memoOptional": "Memo (optional)",
    "meeting.colItem": "Item",
    "meeting.colOutcome": "Outcome",
    "meeting.colPresent": "Present",
    "meeting.colNotVoted": "Not voted",
    "meeting.presentOf": "{present} of {seated}",
    "meeting.quorum": "(quorum {quorum})",
    "meeting.previewTitle": "Outcome preview",
    "meeting.previewIntro": "What completing the meeting now would decide. Quorum is a majority of the voters who hold a seat (the seated directors in a board meeting) checked in; a present voter who has not voted leaves the item not voted; a tie rejects.",
    "meeting.previewAgain": "Preview again",
    "meeting.preview": "Preview the outcomes",
    "meeting.changedSince": "The meeting changed since this preview.",
    "meeting.previewCaption": "The outcome of each item if the meeting were completed now",
    "meeting.confirmComplete": "Complete “{title}”? This cannot be undone: each item's outcome is fixed, voting ends and the minutes are filed.{followUp}",
    "meeting.followUpWeek": " Items without an outcome go to a follow-up meeting a week later.",
    "meeting.completeTitle": "Complete the meeting",
    "meeting.completeIntro": "Irreversible: the outcomes are fixed as the preview shows them, every item closes, and the minutes are composed and filed in Files.",
    "meeting.carryToggle": "Carry the items with no quorum or not voted to a follow-up meeting a week later",
    "meeting.completedTitle": "Completed",
    "meeting.fixedCaption": "The outcomes fixed at completion",
    "meeting.minutesFiledIn": "The minutes were filed in",
    "meeting.filedEnd": ".",
    "meeting.files": "Files",
    "meeting.minutesFailed": "The minutes could not be filed: {reason}",
    "meeting.unfinishedWent": "The unfinished items went to",
    "meeting.aFollowUp": "a follow-up meeting",
    "meeting.noFollowUp": "No follow-up meeting was made: {reason}",
    "meeting.minutes": "Minutes",
    "meeting.finalFiledIn": "The final minutes are filed in",
    "meeting.withThisMeeting": " with this meeting.",
    "meeting.download": "Download",
    "meeting.yourMinutes": "Your minutes",
    "meeting.minutesHint": "The composed minutes (attendance, each item with its votes and outcome, memo and notes) end with this text.",
    "meeting.saveMinutes": "Save the minutes",
    "meeting.compose": "Compose the minutes",
    "meeting.finalMinutes": "The final minutes",
    "meeting.composedAt": "Composed {time} (outcomes are a preview)",
    "meeting.noMinutes": "No minutes yet.",
    "meeting.sayWhy": "Say why the meeting is cancelled.",
    "meeting.confirmCancel": "Cancel “{title}”? The participants keep the invitation; the meeting takes no more changes.",
    "meeting.cancelTitle": "Cancel the meeting",
    "meeting.hasVotes": "The meeting has votes, so it cannot be cancelled: complete it instead.",
    "meeting.whyCancelled": "Why is it cancelled?",
    "meeting.confirmDelete": "Delete “{title}”? It leaves every list; its minutes, votes and audit records remain.",
    "meeting.deleteTitle": "Delete the meeting",
    "meeting.deleteIntro": "It leaves the lists. Its filed minutes, votes and audit records remain.",
  },
  ko: {
    "meeting.what": "회의",
    "meeting.all": "모든 회의",
    "meeting.decision.Assent": "찬성",
    "meeting.decision.Dissent": "반대",
    "meeting.decision.Abstain": "기권",
    "meeting.item.Pending": "아직 다루지 않음",
    "meeting.item.Open": "투표 중",
    "meeting.item.Closed": "투표 마감",
    "meeting.outcome.Passed": "가결",
    "meeting.outcome.Rejected": "부결",
    "meeting.outcome.NotVoted": "투표 안 됨",
    "meeting.outcome.NoQuorum": "정족수 미달",
    "meeting.youOrganize": "내가 주최함",
    "meeting.youChair": "내가 이사회 의장임",
    "meeting.about": "정보",
    "meeting.type": "유형",
    "meeting.when": "일시",
    "meeting.duration": "길이",
    "meeting.where": "장소",
    "meeting.organizer": "주최자",
    "meeting.you": "나: {roles}.",
    "meeting.followUpOf": "이 회의는",
    "meeting.earlierMeeting": "이전 회의",
    "meeting.carriedHere": "의 후속 회의입니다. 끝나지 않은 안건을 이곳으로 옮겼습니다.",
    "meeting.wentTo": "끝나지 않은 안건은",
    "meeting.theFollowUp": "후속 회의",
    "meeting.wentEnd": "(으)로 옮겼습니다.",
    "meeting.cancelled": "{time}에 취소됨: {reason}",
    "meeting.completed": "{time}에 완료됨. 완료된 회의는 더 이상 바뀌지 않습니다.",
    "meeting.participants": "참석자",
    "meeting.participantCount.one": "참석자 {count}명 중 {present}명 출석. 투표하면 출석으로 처리되며, 손님은 정족수에 들어가지 않습니다.",
    "meeting.participantCount.other": "참석자 {count}명 중 {present}명 출석. 투표하면 출석으로 처리되며, 손님은 정족수에 들어가지 않습니다.",
    "meeting.present": "출석",
    "meeting.presentVoted": "출석(투표함)",
    "meeting.notCheckedIn": "출석 안 함",
    "meeting.isPresent": "{name} 출석",
    "meeting.agenda": "안건",
    "meeting.noItems": "안건이 없습니다.",
    "meeting.addBelow": "아래에서 추가하세요.",
    "meeting.noPasskeys": "이 브라우저는 투표에 필요한 패스키를 쓸 수 없습니다.",
    "meeting.votes.one": "{count}표",
    "meeting.votes.other": "{count}표",
    "meeting.opened": " · {time} 열림",
    "meeting.closed": " · {time} 마감",
    "meeting.carriedFrom": " · 이전 회의의 {index}번 안건에서 옮김",
    "meeting.memo": "메모:",
    "meeting.notes": "기록:",
    "meeting.openVote": "투표 열기",
    "meeting.closeVote": "투표 마감",
    "meeting.onItem": " ({index}번 안건)",
    "meeting.yourVoteOn": "{index}번 안건에 대한 내 투표",
    "meeting.yourVote": "내 투표:",
    "meeting.mayChange": "투표가 열려 있는 동안 바꿀 수 있습니다.",
    "meeting.sealedVote": "내 패스키로 인장을 찍는 투표:",
    "meeting.voteLabel": "내 패스키로 {index}번 안건에 {decision}",
    "meeting.votesOn": "{index}번 안건의 투표",
    "meeting.changed.one": " · {count}번 바꿈",
    "meeting.changed.other": " · {count}번 바꿈",
    "meeting.recordHash": "인장이 찍힌 투표 기록의 SHA-256",
    "meeting.confirmDrop": "{index}번 안건 “{title}”을(를) 철회하시겠습니까? 번호는 다시 쓰지 않습니다.",
    "meeting.edit": "편집",
    "meeting.editItem": " {index}번 안건",
    "meeting.frozen": "이 안건에는 투표가 있어 제목을 바꿀 수 없고 철회할 수도 없습니다.",
    "meeting.titleOf": "{index}번 안건 제목",
    "meeting.reword": "제목 바꾸기",
    "meeting.drop": "안건 철회",
    "meeting.memoOn": "{index}번 안건 메모",
    "meeting.memoHint": "논의 전에, 안건이 무엇에 관한 것인지 적습니다.",
    "meeting.notesOn": "{index}번 안건 기록",
    "meeting.notesHint": "논의된 내용이며 회의록에 실립니다.",
    "meeting.saveNotes": "메모와 기록 저장",
    "meeting.saved": "저장했습니다.",
    "meeting.addItem": "안건 추가",
    "meeting.addTheItem": "안건 추가하기",
    "meeting.itemLabel": "안건",
    "meeting.memoOptional": "메모(선택 사항)",
    "meeting.colItem": "안건",
    "meeting.colOutcome": "결과",
    "meeting.colPresent": "출석",
    "meeting.colNotVoted": "투표 안 함",
    "meeting.presentOf": "{seated}명 중 {present}명",
    "meeting.quorum": "(정족수 {quorum})",
    "meeting.previewTitle": "결과 미리 보기",
    "meeting.previewIntro": "지금 회의를 완료하면 결정될 내용입니다. 정족수는 자리가 있는 투표자(이사회 회의에서는 재임 중인 이사)의 과반 출석입니다. 출석했지만 투표하지 않은 사람이 있으면 그 안건은 투표 안 됨이 되고, 동수면 부결됩니다.",
    "meeting.previewAgain": "다시 미리 보기",
    "meeting.preview": "결과 미리 보기",
    "meeting.changedSince": "이 미리 보기 이후 회의가 바뀌었습니다.",
    "meeting.previewCaption": "지금 회의를 완료할 경우 각 안건의 결과",
    "meeting.confirmComplete": "“{title}”을(를) 완료하시겠습니까? 되돌릴 수 없습니다. 각 안건의 결과가 확정되고 투표가 끝나며 회의록이 보관됩니다.{followUp}",
    "meeting.followUpWeek": " 결과가 없는 안건은 일주일 뒤의 후속 회의로 옮겨집니다.",
    "meeting.completeTitle": "회의 완료",
    "meeting.completeIntro": "되돌릴 수 없습니다. 결과가 미리 보기대로 확정되고 모든 안건이 마감되며, 회의록이 작성되어 파일에 보관됩니다.",
    "meeting.carryToggle": "정족수 미달이거나 투표되지 않은 안건을 일주일 뒤의 후속 회의로 옮기기",
    "meeting.completedTitle": "완료됨",
    "meeting.fixedCaption": "완료 시 확정된 결과",
    "meeting.minutesFiledIn": "회의록을",
    "meeting.filedEnd": "에 보관했습니다.",
    "meeting.files": "파일",
    "meeting.minutesFailed": "회의록을 보관하지 못했습니다: {reason}",
    "meeting.unfinishedWent": "끝나지 않은 안건은",
    "meeting.aFollowUp": "후속 회의",
    "meeting.noFollowUp": "후속 회의를 만들지 못했습니다: {reason}",
    "meeting.minutes": "회의록",
    "meeting.finalFiledIn": "최종 회의록은 이 회의와 함께",
    "meeting.withThisMeeting": "에 보관되어 있습니다.",
    "meeting.download": "내려받기",
    "meeting.yourMinutes": "내 회의록",
    "meeting.minutesHint": "작성된 회의록(출석, 각 안건의 투표와 결과, 메모와 기록)은 이 글로 끝납니다.",
    "meeting.saveMinutes": "회의록 저장",
    "meeting.compose": "회의록 작성",
    "meeting.finalMinutes": "최종 회의록",
    "meeting.composedAt": "{time}에 작성됨(결과는 미리 보기)",
    "meeting.noMinutes": "아직 회의록이 없습니다.",
    "meeting.sayWhy": "회의를 취소하는 이유를 적으세요.",
    "meeting.confirmCancel": "“{title}”을(를) 취소하시겠습니까? 참석자에게 초대는 남지만 회의는 더 이상 바뀌지 않습니다.",
    "meeting.cancelTitle": "회의 취소",
    "meeting.hasVotes": "투표가 있는 회의는 취소할 수 없습니다. 대신 완료하세요.",
    "meeting.whyCancelled": "취소 이유",
    "meeting.confirmDelete": "“{title}”을(를) 삭제하시겠습니까? 모든 목록에서 사라지지만 회의록, 투표, 감사 기록은 남습니다.",
    "meeting.deleteTitle": "회의 삭제",
    "meeting.deleteIntro": "목록에서 사라집니다. 보관된 회의록, 투표, 감사 기록은 남습니다.",
  },
  ja: {
    "meeting.what": "会議",
    "meeting.all": "すべての会議",
    "meeting.decision.Assent": "賛成",
    "meeting.decision.Dissent": "反対",
    "meeting.decision.Abstain": "棄権",
    "meeting.item.Pending": "未審議",
    "meeting.item.Open": "投票受付中",
    "meeting.item.Closed": "投票締切",
    "meeting.outcome.Passed": "可決",
    "meeting.outcome.Rejected": "否決",
    "meeting.outcome.NotVoted": "未投票",
    "meeting.outcome.NoQuorum": "定足数不足",
    "meeting.youOrganize": "あなたが主催",
    "meeting.youChair": "あなたが取締役会の議長",
    "meeting.about": "概要",
    "meeting.type": "種類",
    "meeting.when": "日時",
    "meeting.duration": "時間",
    "meeting.where": "場所",
    "meeting.organizer": "主催者",
    "meeting.you": "あなた: {roles}。",
    "meeting.followUpOf": "この会議は",
    "meeting.earlierMeeting": "以前の会議",
    "meeting.carriedHere": "の続きです。未完了の議題はここに引き継がれています。",
    "meeting.wentTo": "未完了の議題は",
    "meeting.theFollowUp": "続きの会議",
    "meeting.wentEnd": "に引き継がれました。",
    "meeting.cancelled": "{time} にキャンセル: {reason}",
    "meeting.completed": "{time} に完了。完了した会議はもう変更されません。",
    "meeting.participants": "参加者",
    "meeting.participantCount.one": "参加者 {count} 人中 {present} 人が出席。投票すると出席扱いになり、ゲストは定足数に数えません。",
    "meeting.participantCount.other": "参加者 {count} 人中 {present} 人が出席。投票すると出席扱いになり、ゲストは定足数に数えません。",
    "meeting.present": "出席",
    "meeting.presentVoted": "出席（投票済み）",
    "meeting.notCheckedIn": "未出席",
    "meeting.isPresent": "{name} は出席",
    "meeting.agenda": "議題",
    "meeting.noItems": "議題はありません。",
    "meeting.addBelow": "下のフォームから追加してください。",
    "meeting.noPasskeys": "このブラウザでは投票に必要なパスキーを使えません。",
    "meeting.votes.one": "{count} 票",
    "meeting.votes.other": "{count} 票",
    "meeting.opened": " · {time} 開始",
    "meeting.closed": " · {time} 締切",
    "meeting.carriedFrom": " · 以前の会議の議題 {index} から引き継ぎ",
    "meeting.memo": "メモ:",
    "meeting.notes": "記録:",
    "meeting.openVote": "投票を開始",
    "meeting.closeVote": "投票を締め切る",
    "meeting.onItem": "（議題 {index}）",
    "meeting.yourVoteOn": "議題 {index} へのあなたの票",
    "meeting.yourVote": "あなたの票:",
    "meeting.mayChange": "投票受付中は変更できます。",
    "meeting.sealedVote": "パスキーで押印するあなたの票:",
    "meeting.voteLabel": "自分のパスキーで議題 {index} に{decision}",
    "meeting.votesOn": "議題 {index} の票",
    "meeting.changed.one": " · {count} 回変更",
    "meeting.changed.other": " · {count} 回変更",
    "meeting.recordHash": "押印済みの投票記録の SHA-256",
    "meeting.confirmDrop": "議題 {index}「{title}」を取り下げますか？番号は再利用されません。",
    "meeting.edit": "編集",
    "meeting.editItem": "（議題 {index}）",
    "meeting.frozen": "この議題には投票があるため、タイトルは固定され、取り下げもできません。",
    "meeting.titleOf": "議題 {index} のタイトル",
    "meeting.reword": "文言を変更",
    "meeting.drop": "議題を取り下げる",
    "meeting.memoOn": "議題 {index} のメモ",
    "meeting.memoHint": "議論の前に、議題の内容を書きます。",
    "meeting.notesOn": "議題 {index} の記録",
    "meeting.notesHint": "話された内容で、議事録に載ります。",
    "meeting.saveNotes": "メモと記録を保存",
    "meeting.saved": "保存しました。",
    "meeting.addItem": "議題を追加",
    "meeting.addTheItem": "議題を追加する",
    "meeting.itemLabel": "議題",
    "meeting.memoOptional": "メモ（任意）",
    "meeting.colItem": "議題",
    "meeting.colOutcome": "結果",
    "meeting.colPresent": "出席",
    "meeting.colNotVoted": "未投票",
    "meeting.presentOf": "{seated} 人中 {present} 人",
    "meeting.quorum": "（定足数 {quorum}）",
    "meeting.previewTitle": "結果のプレビュー",
    "meeting.previewIntro": "今会議を完了した場合に決まる内容です。定足数は、議席を持つ投票者（取締役会の会議では在任中の取締役）の過半数の出席です。出席して投票していない人がいる議題は未投票となり、同数の場合は否決です。",
    "meeting.previewAgain": "もう一度プレビュー",
    "meeting.preview": "結果をプレビュー",
    "meeting.changedSince": "このプレビューの後に会議が変更されました。",
    "meeting.previewCaption": "今会議を完了した場合の各議題の結果",
    "meeting.confirmComplete": "「{title}」を完了しますか？元に戻せません。各議題の結果が確定し、投票が終わり、議事録が保管されます。{followUp}",
    "meeting.followUpWeek": "結果のない議題は 1 週間後の続きの会議に移ります。",
    "meeting.completeTitle": "会議を完了",
    "meeting.completeIntro": "元に戻せません。結果はプレビューのとおりに確定し、すべての議題が締め切られ、議事録が作成されてファイルに保管されます。",
    "meeting.carryToggle": "定足数不足または未投票の議題を 1 週間後の続きの会議に引き継ぐ",
    "meeting.completedTitle": "完了",
    "meeting.fixedCaption": "完了時に確定した結果",
    "meeting.minutesFiledIn": "議事録を",
    "meeting.filedEnd": "に保管しました。",
    "meeting.files": "ファイル",
    "meeting.minutesFailed": "議事録を保管できませんでした: {reason}",
    "meeting.unfinishedWent": "未完了の議題は",
    "meeting.aFollowUp": "続きの会議",
    "meeting.noFollowUp": "続きの会議は作成されませんでした: {reason}",
    "meeting.minutes": "議事録",
    "meeting.finalFiledIn": "最終的な議事録はこの会議とともに",
    "meeting.withThisMeeting": "に保管されています。",
    "meeting.download": "ダウンロード",
    "meeting.yourMinutes": "あなたの議事録",
    "meeting.minutesHint": "作成された議事録（出席、各議題の票と結果、メモと記録）はこの文章で締めくくられます。",
    "meeting.saveMinutes": "議事録を保存",
    "meeting.compose": "議事録を作成",
    "meeting.finalMinutes": "最終的な議事録",
    "meeting.composedAt": "{time} に作成（結果はプレビュー）",
    "meeting.noMinutes": "議事録はまだありません。",
    "meeting.sayWhy": "会議をキャンセルする理由を入力してください。",
    "meeting.confirmCancel": "「{title}」をキャンセルしますか？参加者の招待は残りますが、会議はもう変更できません。",
    "meeting.cancelTitle": "会議をキャンセル",
    "meeting.hasVotes": "投票のある会議はキャンセルできません。代わりに完了してください。",
    "meeting.whyCancelled": "キャンセルの理由",
    "meeting.confirmDelete": "「{title}」を削除しますか？すべての一覧から消えますが、議事録、票、監査記録は残ります。",
    "meeting.deleteTitle": "会議を削除",
    "meeting.deleteIntro": "一覧から消えます。保管済みの議事録、票、監査記録は残ります。",
  },
};
