/** The meetings page's words, and the meeting words the meeting page shares (types, modes, statuses, answers, roles). */
import type { Catalog } from "../../i18n";

type MeetingsKey =
  | "meetings.type.0"
  | "meetings.type.1"
  | "meetings.type.10"
  | "meetings.typeOther"
  | "meetings.mode.online"
  | "meetings.mode.inPerson"
  | "meetings.status.Scheduled"
  | "meetings.status.Completed"
  | "meetings.status.Cancelled"
  | "meetings.rsvp.pending"
  | "meetings.rsvp.accepted"
  | "meetings.rsvp.tentative"
  | "meetings.rsvp.declined"
  | "meetings.role.Organizer"
  | "meetings.role.Participant"
  | "meetings.role.External"
  | "meetings.title"
  | "meetings.schedule"
  | "meetings.show"
  | "meetings.every"
  | "meetings.what"
  | "meetings.none.Scheduled"
  | "meetings.none.Completed"
  | "meetings.none.Cancelled"
  | "meetings.none"
  | "meetings.scheduleBelow"
  | "meetings.adminSchedules"
  | "meetings.minutes.one"
  | "meetings.minutes.other"
  | "meetings.followUp"
  | "meetings.participantsOf"
  | "meetings.present"
  | "meetings.giveDate"
  | "meetings.createTitle"
  | "meetings.createIntro"
  | "meetings.create"
  | "meetings.fieldTitle"
  | "meetings.fieldType"
  | "meetings.where"
  | "meetings.inPersonOption"
  | "meetings.onlineOption"
  | "meetings.when"
  | "meetings.whenHint"
  | "meetings.duration"
  | "meetings.link"
  | "meetings.location"
  | "meetings.agenda"
  | "meetings.agendaHint"
  | "meetings.agendaHintBoard"
  | "meetings.participants"
  | "meetings.nobodyElse"
  | "meetings.loadingPeople"
  | "meetings.nameDirectors"
  | "meetings.guests"
  | "meetings.guestsHint";

export const meetingsCatalog: Catalog<MeetingsKey> = {
  en: {
    "meetings.type.0": "Team meeting",
    "meetings.type.1": "Client meeting",
    "meetings.type.10": "Board meeting",
    "meetings.typeOther": "Type {type}",
    "meetings.mode.online": "online",
    "meetings.mode.inPerson": "in person",
    "meetings.status.Scheduled": "Scheduled",
    "meetings.status.Completed": "Completed",
    "meetings.status.Cancelled": "Cancelled",
    "meetings.rsvp.pending": "no answer yet",
    "meetings.rsvp.accepted": "accepted",
    "meetings.rsvp.tentative": "maybe",
    "meetings.rsvp.declined": "declined",
    "meetings.role.Organizer": "organizer",
    "meetings.role.Participant": "participant",
    "meetings.role.External": "guest",
    "meetings.title": "Meetings",
    "meetings.schedule": "Schedule",
    "meetings.show": "Show",
    "meetings.every": "Every meeting",
    "meetings.what": "meetings",
    "meetings.none.Scheduled": "No scheduled meetings.",
    "meetings.none.Completed": "No completed meetings.",
    "meetings.none.Cancelled": "No cancelled meetings.",
    "meetings.none": "No meetings yet.",
    "meetings.scheduleBelow": "Schedule one below.",
    "meetings.adminSchedules": "The owner or an admin schedules them.",
    "meetings.minutes.one": "{count} minute",
    "meetings.minutes.other": "{count} minutes",
    "meetings.followUp": " · follow-up",
    "meetings.participantsOf": "Participants of {title}",
    "meetings.present": "present",
    "meetings.giveDate": "Give the date and time of the meeting.",
    "meetings.createTitle": "Schedule a meeting",
    "meetings.createIntro": "You organize it and are its first participant. Everyone else gets an invitation with links to answer. A board meeting needs the board with a chairman; the organization's first one is free, later ones need the Board Meetings add-on.",
    "meetings.create": "Schedule the meeting",
    "meetings.fieldTitle": "Title",
    "meetings.fieldType": "Type",
    "meetings.where": "Where",
    "meetings.inPersonOption": "In person",
    "meetings.onlineOption": "Online",
    "meetings.when": "Date and time",
    "meetings.whenHint": "In your time zone; it must be in the future.",
    "meetings.duration": "Duration (minutes)",
    "meetings.link": "Link or dial-in (optional)",
    "meetings.location": "Location (optional)",
    "meetings.agenda": "Agenda",
    "meetings.agendaHint": "One item per line, numbered from 0 in this order.",
    "meetings.agendaHintBoard": "One item per line, numbered from 0 in this order. A board meeting needs at least one.",
    "meetings.participants": "Participants from the organization",
    "meetings.nobodyElse": "Nobody else is in the organization yet.",
    "meetings.loadingPeople": "Loading the organization's people…",
    "meetings.nameDirectors": "Name the directors: a director left out cannot vote and counts as absent.",
    "meetings.guests": "Guests outside the organization (optional)",
    "meetings.guestsHint": "One e-mail address a line, or Name <address>. Guests are invited by e-mail; they never vote.",
  },
  ko: {
    "meetings.type.0": "팀 회의",
    "meetings.type.1": "고객 회의",
    "meetings.type.10": "이사회 회의",
    "meetings.typeOther": "유형 {type}",
    "meetings.mode.online": "온라인",
    "meetings.mode.inPerson": "대면",
    "meetings.status.Scheduled": "예정",
    "meetings.status.Completed": "완료",
    "meetings.status.Cancelled": "취소",
    "meetings.rsvp.pending": "아직 응답 없음",
    "meetings.rsvp.accepted": "참석",
    "meetings.rsvp.tentative": "미정",
    "meetings.rsvp.declined": "불참",
    "meetings.role.Organizer": "주최자",
    "meetings.role.Participant": "참석자",
    "meetings.role.External": "손님",
    "meetings.title": "회의",
    "meetings.schedule": "일정",
    "meetings.show": "표시",
    "meetings.every": "모든 회의",
    "meetings.what": "회의",
    "meetings.none.Scheduled": "예정된 회의가 없습니다.",
    "meetings.none.Completed": "완료된 회의가 없습니다.",
    "meetings.none.Cancelled": "취소된 회의가 없습니다.",
    "meetings.none": "아직 회의가 없습니다.",
    "meetings.scheduleBelow": "아래에서 일정을 잡으세요.",
    "meetings.adminSchedules": "소유자나 관리자가 일정을 잡습니다.",
    "meetings.minutes.one": "{count}분",
    "meetings.minutes.other": "{count}분",
    "meetings.followUp": " · 후속 회의",
    "meetings.participantsOf": "{title} 참석자",
    "meetings.present": "출석",
    "meetings.giveDate": "회의 날짜와 시간을 지정하세요.",
    "meetings.createTitle": "회의 일정 잡기",
    "meetings.createIntro": "내가 주최하며 첫 참석자가 됩니다. 다른 사람들은 응답 링크가 담긴 초대를 받습니다. 이사회 회의에는 의장이 있는 이사회가 필요하며, 조직의 첫 이사회 회의는 무료이고 그 뒤로는 이사회 회의 애드온이 필요합니다.",
    "meetings.create": "회의 일정 잡기",
    "meetings.fieldTitle": "제목",
    "meetings.fieldType": "유형",
    "meetings.where": "장소 방식",
    "meetings.inPersonOption": "대면",
    "meetings.onlineOption": "온라인",
    "meetings.when": "날짜와 시간",
    "meetings.whenHint": "내 시간대 기준이며 미래여야 합니다.",
    "meetings.duration": "길이(분)",
    "meetings.link": "링크 또는 전화 접속 정보(선택 사항)",
    "meetings.location": "장소(선택 사항)",
    "meetings.agenda": "안건",
    "meetings.agendaHint": "한 줄에 하나씩 적으며, 이 순서대로 0번부터 번호를 매깁니다.",
    "meetings.agendaHintBoard": "한 줄에 하나씩 적으며, 이 순서대로 0번부터 번호를 매깁니다. 이사회 회의에는 안건이 하나 이상 필요합니다.",
    "meetings.participants": "조직의 참석자",
    "meetings.nobodyElse": "아직 조직에 다른 사람이 없습니다.",
    "meetings.loadingPeople": "조직의 사람들을 불러오는 중…",
    "meetings.nameDirectors": "이사를 지정하세요. 빠진 이사는 투표할 수 없고 결석으로 처리됩니다.",
    "meetings.guests": "조직 밖의 손님(선택 사항)",
    "meetings.guestsHint": "한 줄에 이메일 주소 하나, 또는 Name <address> 형식. 손님은 이메일로 초대되며 투표하지 않습니다.",
  },
  ja: {
    "meetings.type.0": "チーム会議",
    "meetings.type.1": "顧客との会議",
    "meetings.type.10": "取締役会の会議",
    "meetings.typeOther": "種類 {type}",
    "meetings.mode.online": "オンライン",
    "meetings.mode.inPerson": "対面",
    "meetings.status.Scheduled": "予定",
    "meetings.status.Completed": "完了",
    "meetings.status.Cancelled": "キャンセル",
    "meetings.rsvp.pending": "未回答",
    "meetings.rsvp.accepted": "出席",
    "meetings.rsvp.tentative": "未定",
    "meetings.rsvp.declined": "欠席",
    "meetings.role.Organizer": "主催者",
    "meetings.role.Participant": "参加者",
    "meetings.role.External": "ゲスト",
    "meetings.title": "会議",
    "meetings.schedule": "スケジュール",
    "meetings.show": "表示",
    "meetings.every": "すべての会議",
    "meetings.what": "会議",
    "meetings.none.Scheduled": "予定されている会議はありません。",
    "meetings.none.Completed": "完了した会議はありません。",
    "meetings.none.Cancelled": "キャンセルされた会議はありません。",
    "meetings.none": "会議はまだありません。",
    "meetings.scheduleBelow": "下のフォームから予定を入れてください。",
    "meetings.adminSchedules": "オーナーまたは管理者が予定を入れます。",
    "meetings.minutes.one": "{count} 分",
    "meetings.minutes.other": "{count} 分",
    "meetings.followUp": " · 続きの会議",
    "meetings.participantsOf": "{title} の参加者",
    "meetings.present": "出席済み",
    "meetings.giveDate": "会議の日時を指定してください。",
    "meetings.createTitle": "会議の予定を入れる",
    "meetings.createIntro": "あなたが主催者で、最初の参加者になります。ほかの人には回答用リンク付きの招待が届きます。取締役会の会議には議長のいる取締役会が必要です。組織の最初の 1 回は無料で、それ以降は取締役会会議アドオンが必要です。",
    "meetings.create": "会議の予定を入れる",
    "meetings.fieldTitle": "タイトル",
    "meetings.fieldType": "種類",
    "meetings.where": "開催方法",
    "meetings.inPersonOption": "対面",
    "meetings.onlineOption": "オンライン",
    "meetings.when": "日時",
    "meetings.whenHint": "あなたのタイムゾーンで、未来の日時にしてください。",
    "meetings.duration": "時間（分）",
    "meetings.link": "リンクまたはダイヤルイン（任意）",
    "meetings.location": "場所（任意）",
    "meetings.agenda": "議題",
    "meetings.agendaHint": "1 行に 1 件。この順に 0 から番号が付きます。",
    "meetings.agendaHintBoard": "1 行に 1 件。この順に 0 から番号が付きます。取締役会の会議には 1 件以上必要です。",
    "meetings.participants": "組織からの参加者",
    "meetings.nobodyElse": "組織にはまだほかに誰もいません。",
    "meetings.loadingPeople": "組織の人を読み込んでいます…",
    "meetings.nameDirectors": "取締役を指定してください。外された取締役は投票できず、欠席として扱われます。",
    "meetings.guests": "組織外のゲスト（任意）",
    "meetings.guestsHint": "1 行に 1 つのメールアドレス、または Name <address>。ゲストはメールで招待され、投票はしません。",
  },
};
