/** The board page's words: the board of directors, its directors and chairman, and why some organizations have none. */
import type { Catalog } from "../../i18n";

type BoardKey =
  | "board.title"
  | "board.noPasskeys"
  | "board.confirmUpgrade"
  | "board.boardOfDirectors"
  | "board.notApplicable"
  | "board.type.personal"
  | "board.type.corporation"
  | "board.type.project"
  | "board.ofType"
  | "board.ownerCanUpgrade"
  | "board.makeCorporation"
  | "board.ownerOnly"
  | "board.what"
  | "board.noBoard"
  | "board.noBoardCanEdit"
  | "board.noBoardCannotEdit"
  | "board.create"
  | "board.name"
  | "board.namePlaceholder"
  | "board.nameHint"
  | "board.noShare"
  | "board.percent"
  | "board.confirmRemove"
  | "board.chairEmpties"
  | "board.directors.one"
  | "board.directors.other"
  | "board.chairmanLabel"
  | "board.none"
  | "board.created"
  | "board.noDirectors"
  | "board.appointBelow"
  | "board.adminAppoints"
  | "board.chairman"
  | "board.since"
  | "board.removeLabel"
  | "board.remove"
  | "board.sealedNote"
  | "board.choosePerson"
  | "board.shareNumber"
  | "board.appointTitle"
  | "board.everyoneSeated"
  | "board.inviteMore"
  | "board.appoint"
  | "board.person"
  | "board.choose"
  | "board.share"
  | "board.shareHint"
  | "board.chairText"
  | "board.noChairman"
  | "board.setChairman"
  | "board.clearChair";

export const boardCatalog: Catalog<BoardKey> = {
  en: {
    "board.title": "Board",
    "board.noPasskeys": "This browser cannot use passkeys, which every change to the board needs.",
    "board.confirmUpgrade": "Make {name} a corporation? A type only moves up: it cannot become personal again.",
    "board.boardOfDirectors": "Board of directors",
    "board.notApplicable": "Only corporations and projects (SPVs) have a board of directors. {name} is {type}, so it has none, and it holds no board meetings.",
    "board.type.personal": "a personal organization",
    "board.type.corporation": "a corporation",
    "board.type.project": "a project (SPV)",
    "board.ofType": "of type {type}",
    "board.ownerCanUpgrade": "As the owner you can make it a corporation. Types only move up: a corporation never becomes personal again.",
    "board.makeCorporation": "Make it a corporation",
    "board.ownerOnly": "Its owner can make it a corporation.",
    "board.what": "the board",
    "board.noBoard": "No board yet.",
    "board.noBoardCanEdit": "Create it, then appoint its directors and choose the chairman: each appointment is sealed with your passkey.",
    "board.noBoardCannotEdit": "The owner or an admin creates it.",
    "board.create": "Create the board",
    "board.name": "Name of the board",
    "board.namePlaceholder": "Board of Directors",
    "board.nameHint": "Left empty, it is called Board of Directors.",
    "board.noShare": "no share given",
    "board.percent": "{value} %",
    "board.confirmRemove": "Remove {name} from the board?{chair}",
    "board.chairEmpties": " The chair becomes empty.",
    "board.directors.one": "{count} director",
    "board.directors.other": "{count} directors",
    "board.chairmanLabel": "chairman:",
    "board.none": "none",
    "board.created": "created {time}",
    "board.noDirectors": "No directors yet.",
    "board.appointBelow": "Appoint them below.",
    "board.adminAppoints": "The owner or an admin appoints them.",
    "board.chairman": "Chairman",
    "board.since": "since {time}",
    "board.removeLabel": "Remove {name} from the board",
    "board.remove": "Remove",
    "board.sealedNote": "Every change to the board is sealed with the passkey of the person who makes it, and recorded in the audit log.",
    "board.choosePerson": "Choose the person to appoint.",
    "board.shareNumber": "A share is a number from 0 to 100.",
    "board.appointTitle": "Appoint a director",
    "board.everyoneSeated": "Everyone is already on the board.",
    "board.inviteMore": "Invite people on the Members page to appoint more directors.",
    "board.appoint": "Appoint with my passkey",
    "board.person": "Person",
    "board.choose": "Choose…",
    "board.share": "Share (percent, optional)",
    "board.shareHint": "0 to 100, at most two decimals.",
    "board.chairText": "The chairman is one of the directors. They open and close agenda items and take attendance in every meeting.",
    "board.noChairman": "No chairman",
    "board.setChairman": "Set the chairman with my passkey",
    "board.clearChair": "Clear the chair with my passkey",
  },
  ko: {
    "board.title": "이사회",
    "board.noPasskeys": "이 브라우저는 패스키를 쓸 수 없습니다. 이사회를 바꿀 때마다 패스키가 필요합니다.",
    "board.confirmUpgrade": "{name}을(를) 법인으로 바꾸시겠습니까? 유형은 위로만 바뀌며 다시 개인으로 돌아갈 수 없습니다.",
    "board.boardOfDirectors": "이사회",
    "board.notApplicable": "이사회는 법인과 프로젝트(SPV)에만 있습니다. {name}은(는) {type}이므로 이사회가 없고 이사회 회의도 열지 않습니다.",
    "board.type.personal": "개인 조직",
    "board.type.corporation": "법인",
    "board.type.project": "프로젝트(SPV)",
    "board.ofType": "{type} 유형",
    "board.ownerCanUpgrade": "소유자는 이 조직을 법인으로 바꿀 수 있습니다. 유형은 위로만 바뀌며, 법인은 다시 개인이 되지 않습니다.",
    "board.makeCorporation": "법인으로 바꾸기",
    "board.ownerOnly": "소유자가 법인으로 바꿀 수 있습니다.",
    "board.what": "이사회",
    "board.noBoard": "아직 이사회가 없습니다.",
    "board.noBoardCanEdit": "이사회를 만든 뒤 이사를 선임하고 의장을 고르세요. 선임할 때마다 내 패스키로 인장을 찍습니다.",
    "board.noBoardCannotEdit": "소유자나 관리자가 만듭니다.",
    "board.create": "이사회 만들기",
    "board.name": "이사회 이름",
    "board.namePlaceholder": "이사회",
    "board.nameHint": "비워 두면 Board of Directors라고 부릅니다.",
    "board.noShare": "지분 없음",
    "board.percent": "{value}%",
    "board.confirmRemove": "{name}님을 이사회에서 해임하시겠습니까?{chair}",
    "board.chairEmpties": " 의장 자리가 비게 됩니다.",
    "board.directors.one": "이사 {count}명",
    "board.directors.other": "이사 {count}명",
    "board.chairmanLabel": "의장:",
    "board.none": "없음",
    "board.created": "{time} 설립",
    "board.noDirectors": "아직 이사가 없습니다.",
    "board.appointBelow": "아래에서 선임하세요.",
    "board.adminAppoints": "소유자나 관리자가 선임합니다.",
    "board.chairman": "의장",
    "board.since": "{time}부터",
    "board.removeLabel": "{name}님을 이사회에서 해임",
    "board.remove": "해임",
    "board.sealedNote": "이사회의 모든 변경은 변경한 사람의 패스키로 인장을 찍고 감사 로그에 기록합니다.",
    "board.choosePerson": "선임할 사람을 선택하세요.",
    "board.shareNumber": "지분은 0~100 사이의 숫자입니다.",
    "board.appointTitle": "이사 선임",
    "board.everyoneSeated": "모두 이미 이사회에 있습니다.",
    "board.inviteMore": "이사를 더 선임하려면 구성원 페이지에서 사람을 초대하세요.",
    "board.appoint": "내 패스키로 선임",
    "board.person": "사람",
    "board.choose": "선택하세요…",
    "board.share": "지분(퍼센트, 선택 사항)",
    "board.shareHint": "0~100, 소수점 둘째 자리까지.",
    "board.chairText": "의장은 이사 가운데 한 명입니다. 모든 회의에서 안건을 열고 닫으며 출석을 확인합니다.",
    "board.noChairman": "의장 없음",
    "board.setChairman": "내 패스키로 의장 지정",
    "board.clearChair": "내 패스키로 의장 자리 비우기",
  },
  ja: {
    "board.title": "取締役会",
    "board.noPasskeys": "このブラウザではパスキーを使えません。取締役会の変更には毎回パスキーが必要です。",
    "board.confirmUpgrade": "{name} を法人にしますか？種類は上にしか変えられず、個人に戻すことはできません。",
    "board.boardOfDirectors": "取締役会",
    "board.notApplicable": "取締役会があるのは法人とプロジェクト（SPV）だけです。{name} は{type}のため取締役会はなく、取締役会の会議も開きません。",
    "board.type.personal": "個人の組織",
    "board.type.corporation": "法人",
    "board.type.project": "プロジェクト（SPV）",
    "board.ofType": "種類 {type}",
    "board.ownerCanUpgrade": "オーナーはこの組織を法人にできます。種類は上にしか変えられず、法人が個人に戻ることはありません。",
    "board.makeCorporation": "法人にする",
    "board.ownerOnly": "オーナーは法人に変更できます。",
    "board.what": "取締役会",
    "board.noBoard": "取締役会はまだありません。",
    "board.noBoardCanEdit": "作成してから取締役を選任し、議長を選んでください。選任のたびにあなたのパスキーで押印します。",
    "board.noBoardCannotEdit": "オーナーまたは管理者が作成します。",
    "board.create": "取締役会を作成",
    "board.name": "取締役会の名前",
    "board.namePlaceholder": "取締役会",
    "board.nameHint": "空欄の場合は Board of Directors という名前になります。",
    "board.noShare": "持分の指定なし",
    "board.percent": "{value}%",
    "board.confirmRemove": "{name} を取締役会から解任しますか？{chair}",
    "board.chairEmpties": "議長は空席になります。",
    "board.directors.one": "取締役 {count} 人",
    "board.directors.other": "取締役 {count} 人",
    "board.chairmanLabel": "議長:",
    "board.none": "なし",
    "board.created": "{time} に設立",
    "board.noDirectors": "取締役はまだいません。",
    "board.appointBelow": "下のフォームから選任してください。",
    "board.adminAppoints": "オーナーまたは管理者が選任します。",
    "board.chairman": "議長",
    "board.since": "{time} から",
    "board.removeLabel": "{name} を取締役会から解任",
    "board.remove": "解任",
    "board.sealedNote": "取締役会の変更はすべて、変更した人のパスキーで押印され、監査ログに記録されます。",
    "board.choosePerson": "選任する人を選んでください。",
    "board.shareNumber": "持分は 0〜100 の数値です。",
    "board.appointTitle": "取締役を選任",
    "board.everyoneSeated": "全員がすでに取締役会にいます。",
    "board.inviteMore": "さらに取締役を選任するには、メンバーページで人を招待してください。",
    "board.appoint": "自分のパスキーで選任",
    "board.person": "人",
    "board.choose": "選択…",
    "board.share": "持分（パーセント、任意）",
    "board.shareHint": "0〜100、小数点以下 2 桁まで。",
    "board.chairText": "議長は取締役の 1 人です。すべての会議で議題の開始と終了、出席の確認を行います。",
    "board.noChairman": "議長なし",
    "board.setChairman": "自分のパスキーで議長を設定",
    "board.clearChair": "自分のパスキーで議長を空席にする",
  },
};
