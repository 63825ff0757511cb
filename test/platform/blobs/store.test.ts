/**
 * The blob store contract, run the same on both backends: local disk and S3 (a real
 * s3rver). Put hashes while streaming and leaves nothing when it fails; download URLs
 * are direct and expire after their time.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BlobTooLargeError, BlobUrlSigner, LocalBlobStore, S3BlobStore, type BlobStore } from "../../../src/platform/blobs";
import { TestClock } from "../../support/clock";
import { startS3, type TestS3 } from "../../support/s3";

// S3 judges presigned URLs by its own (real) clock, so the test clock starts at real time.
const clock = new TestClock(Date.now());
const masterKey = crypto.getRandomValues(new Uint8Array(32));
let root: string;
let s3: TestS3;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "signet-blobs-"));
  s3 = await startS3();
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await s3.stop();
});

function bytes(n: number, seed = 7): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (i * 31 + seed) & 0xff;
  return out;
}

function streamOf(...chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

/** A source that fails after its first chunk, like a client that drops mid-upload. */
async function* failingSource(): AsyncGenerator<Uint8Array> {
  yield bytes(1000);
  throw new Error("connection reset");
}

const sha256 = (data: Uint8Array) => new Bun.CryptoHasher("sha256").update(data).digest("hex");
const read = async (stream: ReadableStream<Uint8Array> | null): Promise<Uint8Array | null> => (stream ? new Uint8Array(await new Response(stream).arrayBuffer()) : null);

const backends: Array<[string, () => BlobStore]> = [
  ["local disk", () => new LocalBlobStore(root, { baseUrl: "http://signet.test", clock, signer: new BlobUrlSigner(masterKey) })],
  ["s3 (s3rver)", () => new S3BlobStore(s3.config, { clock })],
];

describe.each(backends)("blob store: %s", (_name, make) => {
  let store: BlobStore;
  beforeAll(() => {
    store = make();
  });

  test("put streams, hashes and sizes the bytes; get returns them; delete removes them", async () => {
    const data = bytes(300_000);
    const result = await store.put("org1/file-a", streamOf(data.slice(0, 100_000), data.slice(100_000)), { contentType: "application/pdf", sizeLimit: 1_000_000 });
    expect(result).toEqual({ size: 300_000, sha256: sha256(data) });
    expect(await read(await store.get("org1/file-a"))).toEqual(data);
    await store.delete("org1/file-a");
    expect(await store.get("org1/file-a")).toBeNull();
    // Deleting what is gone is not an error (retention retries).
    await store.delete("org1/file-a");
  });

  test("an empty blob is fine", async () => {
    expect(await store.put("org1/empty", streamOf(), { contentType: "text/plain", sizeLimit: 10 })).toEqual({ size: 0, sha256: sha256(new Uint8Array()) });
    expect(await read(await store.get("org1/empty"))).toEqual(new Uint8Array());
  });

  test("over the size limit: BlobTooLargeError and nothing stored", async () => {
    await expect(store.put("org1/big", streamOf(bytes(600), bytes(600)), { contentType: "text/plain", sizeLimit: 1000 })).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await store.get("org1/big")).toBeNull();
    // Exactly at the limit passes.
    expect((await store.put("org1/edge", streamOf(bytes(1000)), { contentType: "text/plain", sizeLimit: 1000 })).size).toBe(1000);
  });

  test("a source that fails mid-way leaves nothing", async () => {
    await expect(store.put("org1/broken", failingSource(), { contentType: "text/plain", sizeLimit: 1_000_000 })).rejects.toThrow("connection reset");
    expect(await store.get("org1/broken")).toBeNull();
    if (store.kind === "local") expect(readdirSync(join(root, "tmp"))).toEqual([]);
  });

  test("keys that could escape or surprise are refused", async () => {
    for (const key of ["../x", "a/../../x", "/abs", "a//b", "a\\b", "a b", "", "a/b.c"]) {
      await expect(store.put(key, streamOf(bytes(1)), { contentType: "text/plain", sizeLimit: 10 })).rejects.toBeInstanceOf(TypeError);
    }
  });

  test("the download URL serves the bytes with the file name, and not after it expires", async () => {
    const data = bytes(5000, 3);
    await store.put("org1/report", streamOf(data), { contentType: "application/pdf", sizeLimit: 10_000 });
    const url = await store.downloadUrl("org1/report", { fileName: "Bericht März.pdf", contentType: "application/pdf", expiresInSeconds: 600 });
    if (store.kind === "s3") {
      // Presigned against the store itself: fetch it now and after expiry.
      expect(url.startsWith(s3.endpoint)).toBe(true);
      expect(url).toContain("X-Amz-Expires=600");
      const r = await fetch(url);
      expect(r.status).toBe(200);
      expect(new Uint8Array(await r.arrayBuffer()) as Uint8Array).toEqual(data);
      expect(r.headers.get("content-disposition")).toContain("filename*=UTF-8''Bericht%20M%C3%A4rz.pdf");
      // A URL signed 601 seconds ago has expired.
      clock.advance(-601_000);
      const old = await store.downloadUrl("org1/report", { fileName: "x.pdf", contentType: "application/pdf", expiresInSeconds: 600 });
      clock.advance(601_000);
      expect((await fetch(old)).status).toBe(403);
    } else {
      expect(url.startsWith("http://signet.test/blobs/org1/report?")).toBe(true);
      const local = store as LocalBlobStore;
      const query = Object.fromEntries(new URL(url).searchParams);
      const opened = await local.openSigned("org1/report", query);
      expect(opened && typeof opened === "object" && (await read(opened.stream))).toEqual(data);
      // Tampering with any signed part is refused.
      expect(await local.openSigned("org1/other", query)).toBe("invalid");
      expect(await local.openSigned("org1/report", { ...query, name: "x.pdf" })).toBe("invalid");
      expect(await local.openSigned("org1/report", { ...query, exp: String(Number(query.exp) + 3600) })).toBe("invalid");
      expect(await local.openSigned("org1/report", { ...query, inline: "1" })).toBe("invalid");
      clock.advance(600_000);
      expect(await local.openSigned("org1/report", query)).toBe("expired");
      clock.advance(-600_000);
    }
  });

  test("storage class moves keep the object readable", async () => {
    const data = bytes(100);
    await store.put("org1/cold", streamOf(data), { contentType: "text/plain", sizeLimit: 1000 });
    await store.setStorageClass("org1/cold", "infrequent");
    expect(await read(await store.get("org1/cold"))).toEqual(data);
    if (store.kind === "s3") {
      const r = await fetch(await store.downloadUrl("org1/cold", { fileName: "cold.txt", contentType: "text/plain", expiresInSeconds: 60 }));
      expect(r.headers.get("content-type")).toBe("text/plain");
    }
  });
});
