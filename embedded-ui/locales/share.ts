/** The share viewer's words (embedded-ui/share.{html,ts}) in every language Signet speaks. */
import type { Catalog } from "../i18n";

export type ShareKey = "language" | "opening" | "download" | "linkInvalid" | "notShared" | "openFailed" | "previewFailed" | "noPreview" | "title" | "bytes";

export const shareCatalog: Catalog<ShareKey> = {
  en: {
    language: "Language",
    opening: "Opening the shared file…",
    download: "Download",
    linkInvalid: "This link is no longer valid.",
    notShared: "This file is not shared right now.",
    openFailed: "The file could not be opened. Try again later.",
    previewFailed: "The preview could not be loaded; download the file instead.",
    noPreview: "No preview for this kind of file; download it instead.",
    title: "Shared file",
    bytes: "{count} bytes",
  },
  ko: {
    language: "언어",
    opening: "공유된 파일을 여는 중…",
    download: "다운로드",
    linkInvalid: "이 링크는 더 이상 유효하지 않습니다.",
    notShared: "이 파일은 지금 공유되고 있지 않습니다.",
    openFailed: "파일을 열 수 없습니다. 나중에 다시 시도해 주세요.",
    previewFailed: "미리보기를 불러올 수 없습니다. 대신 파일을 다운로드해 주세요.",
    noPreview: "이 형식의 파일은 미리보기를 지원하지 않습니다. 다운로드해 주세요.",
    title: "공유된 파일",
    bytes: "{count}바이트",
  },
  ja: {
    language: "言語",
    opening: "共有ファイルを開いています…",
    download: "ダウンロード",
    linkInvalid: "このリンクは無効になりました。",
    notShared: "このファイルは現在共有されていません。",
    openFailed: "ファイルを開けませんでした。しばらくしてからもう一度お試しください。",
    previewFailed: "プレビューを読み込めませんでした。ファイルをダウンロードしてください。",
    noPreview: "この種類のファイルはプレビューできません。ダウンロードしてください。",
    title: "共有ファイル",
    bytes: "{count} バイト",
  },
};
