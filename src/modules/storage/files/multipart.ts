/**
 * A streaming reader for upload bodies (multipart/form-data, RFC 7578): it finds the
 * part named `file` and hands its bytes on as they arrive, keeping at most one network
 * chunk plus a delimiter's length in memory. Other parts are skipped (up to a small
 * budget); nothing after the file part is read.
 */
import { ApiError } from "../../../platform/http/errors";
import { fileErrors } from "./errors";

/** Spec §8: 10 MB per file, read as MiB like the plan sizes (plans.ts reads GB as GiB). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Bytes allowed around the file part: boundaries, part headers and small extra parts. */
export const UPLOAD_OVERHEAD_BYTES = 64 * 1024;
const HEADER_BLOCK_MAX = 16 * 1024;

export interface FilePart {
  fileName: string;
  contentType: string;
  /** The largest the file can be, from Content-Length (UPLOAD_MAX_BYTES when unknown or larger). */
  maxSizeBytes: number;
  /** The part's bytes; throws an ApiError if the body ends before the part does. */
  body: AsyncIterable<Uint8Array>;
}

const malformed = (message: string) => fileErrors.error("multipartFormRequired", { message });

/** The boundary of a multipart/form-data Content-Type, or null. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType) return null;
  const [type, ...params] = contentType.split(";");
  if (type!.trim().toLowerCase() !== "multipart/form-data") return null;
  for (const param of params) {
    const match = /^\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*$/i.exec(param);
    if (match) return match[1] ?? match[2]!;
  }
  return null;
}

/** Content-Disposition parameters of a part (name, filename, filename*). */
function dispositionParams(value: string): Record<string, string> {
  const params: Record<string, string> = {};
  const re = /;\s*([A-Za-z*]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    params[m[1]!.toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : m[3]!.trim();
  }
  return params;
}

function decodeExtendedFileName(value: string): string | null {
  const match = /^UTF-8''(.*)$/i.exec(value);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

class BodyReader {
  private buffer: Buffer;
  /** Bytes taken from the network so far. */
  received = 0;
  private done = false;

  constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    // The first boundary needs no CRLF before it; prefixing one lets every boundary be found alike.
    prefix: Buffer,
  ) {
    this.buffer = prefix;
  }

  get buffered(): number {
    return this.buffer.length;
  }

  private async fill(): Promise<boolean> {
    if (this.done) return false;
    const { done, value } = await this.reader.read();
    if (done) {
      this.done = true;
      return false;
    }
    this.received += value.byteLength;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, value]) : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    return true;
  }

  /** Reads through `marker` and returns what came before it, refusing more than `max` bytes. */
  async readThrough(marker: Buffer, max: number, tooMuch: () => ApiError): Promise<Buffer> {
    for (;;) {
      const at = this.buffer.indexOf(marker);
      if (at !== -1) {
        if (at > max) throw tooMuch();
        const before = this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at + marker.length);
        return before;
      }
      if (this.buffer.length > max + marker.length) throw tooMuch();
      if (!(await this.fill())) throw malformed("the multipart body ended early");
    }
  }

  async take(n: number): Promise<Buffer> {
    while (this.buffer.length < n) if (!(await this.fill())) throw malformed("the multipart body ended early");
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return out;
  }

  /** Yields bytes up to (not including) `marker`, which stays in the buffer. */
  async *streamUntil(marker: Buffer): AsyncGenerator<Uint8Array> {
    for (;;) {
      const at = this.buffer.indexOf(marker);
      if (at !== -1) {
        if (at > 0) yield this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at);
        return;
      }
      // Keep a tail that could be the start of the marker.
      const safe = this.buffer.length - (marker.length - 1);
      if (safe > 0) {
        yield this.buffer.subarray(0, safe);
        this.buffer = this.buffer.subarray(safe);
      }
      if (!(await this.fill())) throw malformed("the multipart body ended inside the file part");
    }
  }

  cancel(): void {
    this.reader.cancel().catch(() => {});
  }
}

/**
 * Opens the `file` part of an upload request. Refusals: 400 multipart_form_required
 * (not multipart/form-data, no boundary, malformed), no_file (no part named file),
 * file_too_large (Content-Length beyond what a 10 MB file needs).
 */
export async function openFilePart(request: Request): Promise<FilePart> {
  const boundary = multipartBoundary(request.headers.get("content-type"));
  if (!boundary || !request.body) throw fileErrors.error("multipartFormRequired");
  const declared = request.headers.get("content-length");
  const contentLength = declared !== null && /^\d+$/.test(declared) ? Number(declared) : null;
  if (contentLength !== null && contentLength > UPLOAD_MAX_BYTES + UPLOAD_OVERHEAD_BYTES) throw fileTooLarge();

  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const reader = new BodyReader(request.body.getReader(), Buffer.from("\r\n"));
  const tooMuchAround = () => malformed(`parts other than file may carry at most ${UPLOAD_OVERHEAD_BYTES} bytes`);
  try {
    await reader.readThrough(delimiter, UPLOAD_OVERHEAD_BYTES, tooMuchAround);
    for (;;) {
      const after = await reader.take(2);
      if (after.toString() === "--") throw fileErrors.error("noFile", { field: "file", message: "no part named file" });
      if (after.toString() !== "\r\n") throw malformed("malformed multipart boundary");
      const headerBlock = await reader.readThrough(Buffer.from("\r\n\r\n"), HEADER_BLOCK_MAX, () => malformed("part headers too large"));
      const headers = new Map<string, string>();
      for (const line of headerBlock.toString("utf8").split("\r\n")) {
        const colon = line.indexOf(":");
        if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      const disposition = dispositionParams(";" + (headers.get("content-disposition") ?? "").replace(/^[^;]*/, ""));
      if (disposition.name === "file") {
        // Bytes still to come: all but the delimiter and "--" that must close the body.
        const consumed = reader.received - reader.buffered;
        const upperBound = contentLength === null ? UPLOAD_MAX_BYTES : Math.max(0, contentLength - consumed - delimiter.length - 2);
        return {
          fileName: (disposition["filename*"] && decodeExtendedFileName(disposition["filename*"])) ?? disposition.filename ?? "",
          contentType: headers.get("content-type") ?? "application/octet-stream",
          maxSizeBytes: Math.min(upperBound, UPLOAD_MAX_BYTES),
          body: reader.streamUntil(delimiter),
        };
      }
      await reader.readThrough(delimiter, UPLOAD_OVERHEAD_BYTES, tooMuchAround);
    }
  } catch (e) {
    reader.cancel();
    throw e;
  }
}

export function fileTooLarge(): ApiError {
  return fileErrors.error("fileTooLarge", { field: "file", limitBytes: UPLOAD_MAX_BYTES, message: "a file may be at most 10 MB" });
}
