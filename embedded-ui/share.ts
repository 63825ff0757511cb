// The share viewer at /f/{shareToken}: asks the public share endpoint for the file behind
// the link, then previews images, PDFs and text and offers the download. Everything the
// file brings (its name, its text) is written as text, never as HTML.

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
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
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
      target.textContent = "The preview could not be loaded; download the file instead.";
    });
  } else {
    target.textContent = "No preview for this kind of file; download it instead.";
  }
}

async function open(): Promise<void> {
  const token = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] ?? "");
  if (!token) return say("This link is no longer valid.");
  const response = await fetch(`/api/public/share/${encodeURIComponent(token)}`, { headers: { accept: "application/json" } });
  if (response.status === 404) return say("This link is no longer valid.");
  if (response.status === 403) return say("This file is not shared right now.");
  if (!response.ok) return say("The file could not be opened. Try again later.");
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

open().catch(() => say("The file could not be opened. Try again later."));
