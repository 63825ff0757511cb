/**
 * S3-compatible blobs (AWS S3, MinIO, R2, s3rver in tests) through @aws-sdk/client-s3.
 * A put gathers the metered chunks (the only copy of the upload held in memory; the
 * caller caps it at 10 MB) and sends them as one PutObject with a known length, so no
 * half-written object can exist. Download URLs are presigned GETs that also fix the
 * response's Content-Disposition and Content-Type.
 */
import { Readable } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { StorageConfig } from "../../config";
import {
  assertBlobKey,
  contentDisposition,
  meter,
  type BlobPutOptions,
  type BlobPutResult,
  type BlobSource,
  type BlobStorageClass,
  type BlobStore,
  type DownloadUrlOptions,
} from "./types";

export type S3StorageConfig = Extract<StorageConfig, { kind: "s3" }>;

const S3_CLASS: Record<BlobStorageClass, "STANDARD" | "STANDARD_IA"> = { standard: "STANDARD", infrequent: "STANDARD_IA" };

export class S3BlobStore implements BlobStore {
  readonly kind = "s3" as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly clock: { now(): number };

  constructor(config: S3StorageConfig, options: { clock: { now(): number } }) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      // Checksums only where S3 demands them: S3-compatible stores differ in what they accept.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    // Presigned URLs are dated by the service clock (a test clock in tests).
    this.clock = options.clock;
  }

  async put(key: string, source: BlobSource, options: BlobPutOptions): Promise<BlobPutResult> {
    assertBlobKey(key);
    const metered = meter(source, options.sizeLimit);
    const chunks: Uint8Array[] = [];
    for await (const chunk of metered.chunks) chunks.push(chunk);
    const result = metered.result();
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: Readable.from(chunks),
        ContentLength: result.size,
        ContentType: options.contentType,
      }),
    );
    return result;
  }

  async get(key: string): Promise<ReadableStream<Uint8Array> | null> {
    assertBlobKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.Body ? (out.Body.transformToWebStream() as ReadableStream<Uint8Array>) : null;
    } catch (e) {
      if (e instanceof NoSuchKey || (e instanceof S3ServiceException && e.$metadata.httpStatusCode === 404)) return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async setStorageClass(key: string, storageClass: BlobStorageClass): Promise<void> {
    assertBlobKey(key);
    // S3 changes an object's class by copying it onto itself. The copy replaces the
    // metadata with what the object already has: some S3-compatible stores refuse a
    // self-copy that keeps ("COPY") the metadata, whatever else changes.
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: key,
        CopySource: `${this.bucket}/${key}`,
        StorageClass: S3_CLASS[storageClass],
        MetadataDirective: "REPLACE",
        ContentType: head.ContentType,
        ContentDisposition: head.ContentDisposition,
        Metadata: head.Metadata,
      }),
    );
  }

  async downloadUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    assertBlobKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: contentDisposition(options.fileName, options.inline),
      ResponseContentType: options.contentType,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds, signingDate: new Date(this.clock.now()) });
  }

  destroy(): void {
    this.client.destroy();
  }
}
