/**
 * File names and content types as stored (spec 2.4). The name is only ever shown, never
 * used as a path (bytes live under an id-based key), but it is cleaned so that it reads
 * the same everywhere: path separators and control characters are stripped, non-ASCII
 * is kept.
 */
export const FILE_NAME_MAX = 255;
const FALLBACK_NAME = "file";

// C0 controls, DEL, C1 controls, and the Unicode line/paragraph separators.
const STRIPPED = /[\u0000-\u001f\u007f-\u009f\u2028\u2029/\\]/g;

export function sanitiseFileName(raw: string): string {
  const cleaned = raw.normalize("NFC").replace(STRIPPED, "").trim();
  const clipped = [...cleaned].slice(0, FILE_NAME_MAX).join("").trim();
  // "." and ".." mean something to every file system a download lands on.
  return clipped === "" || /^\.+$/.test(clipped) ? FALLBACK_NAME : clipped;
}

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** The part's declared type without parameters, or application/octet-stream when it is not one. */
export function normaliseContentType(raw: string): string {
  const type = raw.split(";")[0]!.trim().toLowerCase();
  return MEDIA_TYPE.test(type) ? type : "application/octet-stream";
}
