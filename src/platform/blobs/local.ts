/**
 * Local-disk blobs under `<data dir>/blobs`. A put writes to a temporary file in the
 * same directory tree and renames it into place, so a reader never sees half a file
 * and a failed upload leaves nothing. Download URLs point at this binary
 * (`GET /blobs/{key}`), signed with HMAC-SHA-256 under a key derived from the master
 * key: the signature covers the key, expiry, file name and content type, so none of
 * them can be changed, and the URL is refused once it has expired.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Clock } from "../clock";
import {
  assertBlobKey,
  isBlobKey,
  meter,
  type BlobPutOptions,
  type BlobPutResult,
  type BlobSource,
  type BlobStorageClass,
  type BlobStore,
  type DownloadUrlOptions,
} from "./types";

/** Where local download URLs are served. */
export const LOCAL_BLOB_ROUTE = "/blobs";

export interface SignedBlobRequest {
  key: string;
  expiresAt: number;
  fileName: string;
  contentType: string;
  inline: boolean;
}

/** Signs and checks local download URLs. */
export class BlobUrlSigner {
  private readonly key: Buffer;

  constructor(masterKey: Uint8Array) {
    this.key = Buffer.from(hkdfSync("sha256", masterKey, new Uint8Array(), "signet blob download urls", 32));
  }

  sign(request: SignedBlobRequest): string {
    // Newline-separated: none of the fields may contain one (file names are sanitised, keys are [A-Za-z0-9_/-]).
    const text = [request.key, request.expiresAt, request.fileName, request.contentType, request.inline ? "inline" : "attachment"].join("\n");
    return createHmac("sha256", this.key).update(text).digest("base64url");
  }

  verify(request: SignedBlobRequest, signature: string): boolean {
    const expected = Buffer.from(this.sign(request));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

export class LocalBlobStore implements BlobStore {
  readonly kind = "local" as const;

  constructor(
    private readonly root: string,
    private readonly options: { baseUrl: string; clock: Clock; signer: BlobUrlSigner },
  ) {}

  private pathOf(key: string): string {
    assertBlobKey(key);
    return join(this.root, "objects", key);
  }

  async put(key: string, source: BlobSource, options: BlobPutOptions): Promise<BlobPutResult> {
    const path = this.pathOf(key);
    const temp = join(this.root, "tmp", `${crypto.randomUUID()}.part`);
    await mkdir(dirname(temp), { recursive: true });
    await mkdir(dirname(path), { recursive: true });
    const metered = meter(source, options.sizeLimit);
    const out = createWriteStream(temp, { flags: "wx", mode: 0o600 });
    try {
      for await (const chunk of metered.chunks) {
        // events.once rejects on "error" and removes both listeners either way.
        if (!out.write(chunk)) await once(out, "drain");
      }
      await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
      await rename(temp, path);
      return metered.result();
    } catch (e) {
      out.destroy();
      await rm(temp, { force: true });
      throw e;
    }
  }

  async get(key: string): Promise<ReadableStream<Uint8Array> | null> {
    const path = this.pathOf(key);
    const exists = await stat(path).then((s) => s.isFile(), () => false);
    return exists ? Bun.file(path).stream() : null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async setStorageClass(key: string, _storageClass: BlobStorageClass): Promise<void> {
    // A disk has one class; the files row records the transition. The key must still exist.
    assertBlobKey(key);
  }

  /**
   * The bytes behind a download URL this store signed: "invalid" when the signature
   * does not match (tampered), "expired" after its time, null when the key is empty.
   */
  async openSigned(key: string, query: { exp?: string; name?: string; type?: string; inline?: string; sig?: string }) {
    const expiresAt = Number(query.exp);
    if (!isBlobKey(key) || !/^\d{1,15}$/.test(query.exp ?? "") || query.name === undefined || query.type === undefined || !query.sig) return "invalid" as const;
    const request = { key, expiresAt, fileName: query.name, contentType: query.type, inline: query.inline === "1" };
    if (!this.options.signer.verify(request, query.sig)) return "invalid" as const;
    if (this.options.clock.now() >= expiresAt * 1000) return "expired" as const;
    const stream = await this.get(key);
    return stream && { stream, ...request };
  }

  async downloadUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    assertBlobKey(key);
    const expiresAt = Math.floor(this.options.clock.now() / 1000) + options.expiresInSeconds;
    const inline = options.inline ?? false;
    const request = { key, expiresAt, fileName: options.fileName, contentType: options.contentType, inline };
    const query = new URLSearchParams({ exp: String(expiresAt), name: options.fileName, type: options.contentType });
    if (inline) query.set("inline", "1");
    query.set("sig", this.options.signer.sign(request));
    return `${this.options.baseUrl}${LOCAL_BLOB_ROUTE}/${key}?${query}`;
  }
}
