/** The Files page's words (pages/files.tsx). */
import type { Catalog } from "../../i18n";

type FilesKey =
  | "files.title"
  | "files.storage"
  | "files.usageWhat"
  | "files.fileOne"
  | "files.fileOther"
  | "files.dayOne"
  | "files.dayOther"
  | "files.usageNoLimit"
  | "files.usageOfLimit"
  | "files.trashUsage"
  | "files.quotaBar"
  | "files.trash"
  | "files.searchByName"
  | "files.search"
  | "files.show"
  | "files.mine"
  | "files.all"
  | "files.showTrash"
  | "files.what"
  | "files.noMatch"
  | "files.trashEmpty"
  | "files.noFiles"
  | "files.trashHint"
  | "files.noMatchHint"
  | "files.noFilesHint"
  | "files.chooseFile"
  | "files.fileToUpload"
  | "files.upload"
  | "files.uploading"
  | "files.uploadingLabel"
  | "files.uploaded"
  | "files.forMeeting"
  | "files.infrequent"
  | "files.restorableUntil"
  | "files.restoreLabel"
  | "files.restore"
  | "files.restored"
  | "files.downloadLabel"
  | "files.download"
  | "files.shareLabel"
  | "files.share"
  | "files.trashLabel"
  | "files.trashAction"
  | "files.trashed"
  | "files.anyoneWithLink"
  | "files.copyLink"
  | "files.confirmNewLink"
  | "files.newLink"
  | "files.newLinkDone"
  | "files.membersOnly"
  | "files.pages"
  | "files.previous"
  | "files.pageOf"
  | "files.next";

export const filesCatalog: Catalog<FilesKey> = {
  en: {
    "files.title": "Files",
    "files.storage": "Storage",
    "files.usageWhat": "storage usage",
    "files.fileOne": "{count} file",
    "files.fileOther": "{count} files",
    "files.dayOne": "{count} day",
    "files.dayOther": "{count} days",
    "files.usageNoLimit": "{used} used; this plan has no limit by {files}.",
    "files.usageOfLimit": "{used} of {limit} used by {files}.",
    "files.trashUsage": "The trash holds {files} ({size}), kept {days}; it does not count.",
    "files.quotaBar": "Storage used against the plan's quota",
    "files.trash": "Trash",
    "files.searchByName": "Search by name",
    "files.search": "Search",
    "files.show": "Show",
    "files.mine": "My uploads",
    "files.all": "Everyone's (admins)",
    "files.showTrash": "Show the trash",
    "files.what": "files",
    "files.noMatch": "No file matches “{q}”.",
    "files.trashEmpty": "The trash is empty.",
    "files.noFiles": "No files yet.",
    "files.trashHint": "Trashed files stay here until their retention ends.",
    "files.noMatchHint": "Try another part of the name.",
    "files.noFilesHint": "Upload one above: up to 10 MB each.",
    "files.chooseFile": "Choose a file to upload.",
    "files.fileToUpload": "File to upload (at most 10 MB)",
    "files.upload": "Upload",
    "files.uploading": "Uploading {name}: {percent}%",
    "files.uploadingLabel": "Uploading {name}",
    "files.uploaded": "Uploaded {name}.",
    "files.forMeeting": " · for a meeting",
    "files.infrequent": " · infrequent access",
    "files.restorableUntil": " · restorable until {time}",
    "files.restoreLabel": "Restore {name}",
    "files.restore": "Restore",
    "files.restored": "Restored {name}.",
    "files.downloadLabel": "Download {name}",
    "files.download": "Download",
    "files.shareLabel": "Share {name}",
    "files.share": "Share",
    "files.trashLabel": "Trash {name}",
    "files.trashAction": "Trash",
    "files.trashed": "Moved {name} to the trash.",
    "files.anyoneWithLink": "Anyone with the link can view",
    "files.copyLink": "Copy link",
    "files.confirmNewLink": "Make a new link? The current one stops working.",
    "files.newLink": "New link",
    "files.newLinkDone": "New link made; the old one no longer works.",
    "files.membersOnly": "Only members of the organization can open this file.",
    "files.pages": "Pages",
    "files.previous": "Previous",
    "files.pageOf": "Page {page} of {pages}",
    "files.next": "Next",
  },
  ko: {
    "files.title": "파일",
    "files.storage": "저장 공간",
    "files.usageWhat": "저장 공간 사용량",
    "files.fileOne": "파일 {count}개",
    "files.fileOther": "파일 {count}개",
    "files.dayOne": "{count}일",
    "files.dayOther": "{count}일",
    "files.usageNoLimit": "{files}이(가) {used}를 사용 중입니다. 이 요금제에는 한도가 없습니다.",
    "files.usageOfLimit": "{files}이(가) {limit} 중 {used}를 사용 중입니다.",
    "files.trashUsage": "휴지통에는 {files}({size})이(가) {days} 동안 보관되며, 사용량에 포함되지 않습니다.",
    "files.quotaBar": "요금제 한도 대비 저장 공간 사용량",
    "files.trash": "휴지통",
    "files.searchByName": "이름으로 검색",
    "files.search": "검색",
    "files.show": "보기",
    "files.mine": "내 업로드",
    "files.all": "전체 (관리자)",
    "files.showTrash": "휴지통 보기",
    "files.what": "파일",
    "files.noMatch": "“{q}”와(과) 일치하는 파일이 없습니다.",
    "files.trashEmpty": "휴지통이 비어 있습니다.",
    "files.noFiles": "아직 파일이 없습니다.",
    "files.trashHint": "휴지통의 파일은 보관 기간이 끝날 때까지 여기에 남습니다.",
    "files.noMatchHint": "이름의 다른 부분으로 검색해 보세요.",
    "files.noFilesHint": "위에서 업로드하세요. 파일당 최대 10 MB입니다.",
    "files.chooseFile": "업로드할 파일을 선택하세요.",
    "files.fileToUpload": "업로드할 파일 (최대 10 MB)",
    "files.upload": "업로드",
    "files.uploading": "{name} 업로드 중: {percent}%",
    "files.uploadingLabel": "{name} 업로드 중",
    "files.uploaded": "{name}을(를) 업로드했습니다.",
    "files.forMeeting": " · 회의용",
    "files.infrequent": " · 저빈도 접근",
    "files.restorableUntil": " · {time}까지 복원 가능",
    "files.restoreLabel": "{name} 복원",
    "files.restore": "복원",
    "files.restored": "{name}을(를) 복원했습니다.",
    "files.downloadLabel": "{name} 다운로드",
    "files.download": "다운로드",
    "files.shareLabel": "{name} 공유",
    "files.share": "공유",
    "files.trashLabel": "{name} 휴지통으로 이동",
    "files.trashAction": "휴지통으로",
    "files.trashed": "{name}을(를) 휴지통으로 옮겼습니다.",
    "files.anyoneWithLink": "링크가 있는 누구나 볼 수 있음",
    "files.copyLink": "링크 복사",
    "files.confirmNewLink": "새 링크를 만들까요? 현재 링크는 작동을 멈춥니다.",
    "files.newLink": "새 링크",
    "files.newLinkDone": "새 링크를 만들었습니다. 이전 링크는 더 이상 작동하지 않습니다.",
    "files.membersOnly": "조직의 구성원만 이 파일을 열 수 있습니다.",
    "files.pages": "페이지",
    "files.previous": "이전",
    "files.pageOf": "{pages}쪽 중 {page}쪽",
    "files.next": "다음",
  },
  ja: {
    "files.title": "ファイル",
    "files.storage": "ストレージ",
    "files.usageWhat": "ストレージ使用量",
    "files.fileOne": "{count} 件のファイル",
    "files.fileOther": "{count} 件のファイル",
    "files.dayOne": "{count} 日",
    "files.dayOther": "{count} 日",
    "files.usageNoLimit": "{files}で {used} を使用中です。このプランに上限はありません。",
    "files.usageOfLimit": "{files}で {limit} のうち {used} を使用中です。",
    "files.trashUsage": "ゴミ箱には {files} ({size}) が {days}間保管され、使用量には含まれません。",
    "files.quotaBar": "プランの上限に対するストレージ使用量",
    "files.trash": "ゴミ箱",
    "files.searchByName": "名前で検索",
    "files.search": "検索",
    "files.show": "表示",
    "files.mine": "自分のアップロード",
    "files.all": "全員のもの (管理者)",
    "files.showTrash": "ゴミ箱を表示",
    "files.what": "ファイル",
    "files.noMatch": "「{q}」に一致するファイルはありません。",
    "files.trashEmpty": "ゴミ箱は空です。",
    "files.noFiles": "ファイルはまだありません。",
    "files.trashHint": "ゴミ箱のファイルは保管期間が終わるまでここに残ります。",
    "files.noMatchHint": "名前の別の部分で検索してみてください。",
    "files.noFilesHint": "上でアップロードしてください。1 ファイル最大 10 MB です。",
    "files.chooseFile": "アップロードするファイルを選択してください。",
    "files.fileToUpload": "アップロードするファイル (最大 10 MB)",
    "files.upload": "アップロード",
    "files.uploading": "{name} をアップロード中: {percent}%",
    "files.uploadingLabel": "{name} をアップロード中",
    "files.uploaded": "{name} をアップロードしました。",
    "files.forMeeting": " · 会議用",
    "files.infrequent": " · 低頻度アクセス",
    "files.restorableUntil": " · {time} まで復元可能",
    "files.restoreLabel": "{name} を復元",
    "files.restore": "復元",
    "files.restored": "{name} を復元しました。",
    "files.downloadLabel": "{name} をダウンロード",
    "files.download": "ダウンロード",
    "files.shareLabel": "{name} を共有",
    "files.share": "共有",
    "files.trashLabel": "{name} をゴミ箱へ移動",
    "files.trashAction": "ゴミ箱へ",
    "files.trashed": "{name} をゴミ箱に移動しました。",
    "files.anyoneWithLink": "リンクを知っている全員が閲覧可能",
    "files.copyLink": "リンクをコピー",
    "files.confirmNewLink": "新しいリンクを作成しますか? 現在のリンクは使えなくなります。",
    "files.newLink": "新しいリンク",
    "files.newLinkDone": "新しいリンクを作成しました。以前のリンクはもう使えません。",
    "files.membersOnly": "この組織のメンバーだけがこのファイルを開けます。",
    "files.pages": "ページ",
    "files.previous": "前へ",
    "files.pageOf": "{pages} ページ中 {page} ページ",
    "files.next": "次へ",
  },
};
