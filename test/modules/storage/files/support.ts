/** Helpers for the files tests: multipart bodies built byte by byte, and the storage backends. */
import { LocalBlobStore, S3BlobStore, BlobUrlSigner, type BlobStore } from "../../../../src/platform/blobs";
import type { TestApp } from "../../../support/harness";

export const MiB = 1024 * 1024;
export const BOUNDARY = "signet-test-boundary-7f3a";

export function bytes(n: number, seed = 1): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (i * 131 + seed) & 0xff;
  return out;
}

export const sha256 = (data: Uint8Array) => new Bun.CryptoHasher("sha256").update(data).digest("hex");

export interface PartSpec {
  name?: string;
  fileName?: string;
  contentType?: string;
  data: Uint8Array | string;
}

/** A multipart/form-data body with exactly these parts (Content-Length set, as real clients do). */
export function multipart(parts: PartSpec[], options: { truncate?: number } = {}): { body: Uint8Array<ArrayBuffer>; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const name = part.name ?? "file";
    const file = part.fileName !== undefined ? `; filename="${part.fileName}"` : "";
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : "";
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file}${type}\r\n\r\n`));
    chunks.push(Buffer.from(part.data));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  const whole = Buffer.concat(chunks);
  const body = new Uint8Array(options.truncate === undefined ? whole : whole.subarray(0, options.truncate));
  return { body, headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, "content-length": String(body.byteLength) } };
}

/** One file part named file. */
export function fileBody(fileName: string, data: Uint8Array | string, contentType = "application/octet-stream") {
  return multipart([{ fileName, contentType, data }]);
}

/** Fetches a download URL: local ones through the app (served by the binary), S3 ones from the store. */
export async function fetchDownload(t: TestApp, url: string): Promise<{ status: number; bytes: Uint8Array; headers: Headers }> {
  if (url.startsWith(t.config.baseUrl)) {
    const response = await t.app.handle(new Request(url.replace(t.config.baseUrl, "http://localhost")));
    return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()), headers: response.headers };
  }
  const response = await fetch(url);
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()), headers: response.headers };
}

/** A store that cannot write: a disk store rooted under a regular file, or S3 at a closed port. */
export function brokenStore(kind: "local" | "s3", t: { clock: { now(): number } }): BlobStore {
  if (kind === "local") return new LocalBlobStore("/dev/null/signet-blobs", { baseUrl: "http://localhost", clock: t.clock, signer: new BlobUrlSigner(new Uint8Array(32)) });
  return new S3BlobStore({ kind: "s3", endpoint: "http://127.0.0.1:9", region: "us-east-1", bucket: "nowhere", accessKeyId: "x", secretAccessKey: "y", forcePathStyle: true }, { clock: t.clock });
}
