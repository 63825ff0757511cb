/**
 * The blob store: where file bytes live, behind one interface with two backends
 * (local disk under the data directory, or any S3-compatible store). Rows that say
 * which bytes belong to whom live in the files module; the store only knows keys.
 *
 * Keys are slash-separated segments of [A-Za-z0-9_-] (e.g. `{orgId}/{fileId}`), so a
 * key can never climb out of the local root or name something unexpected in a bucket.
 */

export type BlobStorageClass = "standard" | "infrequent";

export interface BlobPutOptions {
  contentType: string;
  /** More bytes than this aborts the write: BlobTooLargeError, and nothing is stored. */
  sizeLimit: number;
}

export interface BlobPutResult {
  size: number;
  /** Hex SHA-256 of the bytes as received. */
  sha256: string;
}

export interface DownloadUrlOptions {
  /** Sent back as the attachment's file name (Content-Disposition). */
  fileName: string;
  contentType: string;
  expiresInSeconds: number;
  /** Content-Disposition inline (a viewer previews it) instead of attachment (a download). */
  inline?: boolean;
}

export type BlobSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface BlobStore {
  readonly kind: "local" | "s3";
  /** Streams `source` into `key`, hashing as the bytes arrive. A failed write leaves nothing behind. */
  put(key: string, source: BlobSource, options: BlobPutOptions): Promise<BlobPutResult>;
  /** The stored bytes, or null when the key holds nothing. */
  get(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes the bytes; a missing key is not an error (deletes are retried). */
  delete(key: string): Promise<void>;
  /** Moves the object to another storage class (S3); on disk the class is only recorded by the caller. */
  setStorageClass(key: string, storageClass: BlobStorageClass): Promise<void>;
  /** A direct-to-storage GET URL valid for `expiresInSeconds`. */
  downloadUrl(key: string, options: DownloadUrlOptions): Promise<string>;
}

/** The source had more bytes than the put's sizeLimit. */
export class BlobTooLargeError extends Error {
  constructor(readonly sizeLimit: number) {
    super(`blob larger than ${sizeLimit} bytes`);
  }
}

const KEY = /^[A-Za-z0-9_-]{1,100}(\/[A-Za-z0-9_-]{1,100}){0,4}$/;

export function assertBlobKey(key: string): void {
  if (!KEY.test(key)) throw new TypeError(`not a blob key: ${JSON.stringify(key)}`);
}

export function isBlobKey(key: string): boolean {
  return KEY.test(key);
}

/**
 * Passes the source through, counting and hashing every chunk; throws BlobTooLargeError
 * as soon as the count passes the limit. `result()` is valid once the iteration ends.
 */
export function meter(source: BlobSource, sizeLimit: number) {
  const hasher = new Bun.CryptoHasher("sha256");
  let size = 0;
  let digest: string | null = null;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for await (const chunk of source as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > sizeLimit) throw new BlobTooLargeError(sizeLimit);
      hasher.update(chunk);
      yield chunk;
    }
    digest = hasher.digest("hex");
  }
  return {
    chunks: chunks(),
    result(): BlobPutResult {
      if (digest === null) throw new Error("the source was not read to its end");
      return { size, sha256: digest };
    },
  };
}

/** `attachment; filename="…"; filename*=UTF-8''…`: an ASCII fallback plus the exact name. */
export function contentDisposition(fileName: string, inline = false): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
