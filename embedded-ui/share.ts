// The share viewer at /f/{shareToken}: asks the public share endpoint for the file behind
// the link, then previews images, PDFs and text and offers the download. Everything the
// file brings (its name, its text) is written as text, never as HTML.

import { chooseLanguage, languageSwitcher, translateDocument, translator } from "./i18n";
import { shareCatalog } from "./locales/share";

const language = chooseLanguage();
const t = translator(shareCatalog, language);
translateDocument(shareCatalog, language);
document.querySelector("main")?.prepend(languageSwitcher(t("language"), language));

interface SharedFile {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  url: string;
  downloadUrl: string;
}

/** Text previews stop here; the download has the whole file. */
const TEXT_PREVIEW_BYTES = 256 * 1024;

const el = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const statusLine = el<HTMLParagraphElement>("status");

function say(message: string): void {
  statusLine.textContent = message;
  statusLine.hidden = false;
}

function humanSize(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? t("bytes", { count: bytes }) : `${value.toFixed(1)} ${units[unit]}`;
}

function isText(contentType: string): boolean {
  return /^text\//.test(contentType) || /^application\/(json|xml|csv)\b/.test(contentType) || /\+(json|xml)\b/.test(contentType);
}

async function previewText(target: HTMLElement, url: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`content answered ${response.status}`);
  const buffer = await response.arrayBuffer();
  const text = new TextDecoder().decode(buffer.slice(0, TEXT_PREVIEW_BYTES));
  const pre = document.createElement("pre");
  pre.id = "text-preview";
  pre.textContent = buffer.byteLength > TEXT_PREVIEW_BYTES ? `${text}\n…` : text;
  target.append(pre);
}

async function preview(file: SharedFile): Promise<void> {
  const target = el<HTMLElement>("preview");
  const type = file.contentType.split(";")[0]!.trim().toLowerCase();
  if (type.startsWith("image/")) {
    const img = document.createElement("img");
    img.id = "image-preview";
    img.alt = file.fileName;
    img.src = file.url;
    target.append(img);
  } else if (type === "application/pdf") {
    const frame = document.createElement("iframe");
    frame.id = "pdf-preview";
    frame.title = file.fileName;
    frame.src = file.url;
    target.append(frame);
  } else if (isText(type)) {
    await previewText(target, file.url).catch(() => {
      target.textContent = t("previewFailed");
    });
  } else {
    target.textContent = t("noPreview");
  }
}

async function open(): Promise<void> {
  const token = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] ?? "");
  if (!token) return say(t("linkInvalid"));
  const response = await fetch(`/api/public/share/${encodeURIComponent(token)}`, { headers: { accept: "application/json" } });
  if (response.status === 404) return say(t("linkInvalid"));
  if (response.status === 403) return say(t("notShared"));
  if (!response.ok) return say(t("openFailed"));
  const file = (await response.json()) as SharedFile;
  document.title = `${file.fileName} · Signet`;
  el("file-name").textContent = file.fileName;
  el("file-type").textContent = file.contentType;
  el("file-size").textContent = humanSize(file.sizeBytes);
  const download = el<HTMLAnchorElement>("download");
  download.href = file.downloadUrl;
  download.download = file.fileName;
  statusLine.hidden = true;
  el("file").hidden = false;
  await preview(file);
}

open().catch(() => say(t("openFailed")));
