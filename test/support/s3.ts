/**
 * A real local S3 server for tests (s3rver, in-process, on a free loopback port, in a
 * temporary directory), and the Signet storage settings that point at it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error s3rver ships no type declarations
import S3rver from "s3rver";

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** SIGNET_* settings for createTestApp({env}). */
  env: Record<string, string>;
  /** The storage config as loadConfig would build it. */
  config: { kind: "s3"; endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean };
  stop(): Promise<void>;
}

/**
 * `at` starts it on a given port and directory (an endpoint stopped and started again,
 * its objects kept); stop() then leaves the directory to the caller.
 */
export async function startS3(bucket = "signet-test", at?: { port: number; directory: string }): Promise<TestS3> {
  const directory = at?.directory ?? mkdtempSync(join(tmpdir(), "signet-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: at?.port ?? 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;
  // s3rver's fixed credentials.
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    endpoint,
    bucket,
    env: {
      SIGNET_STORAGE: "s3",
      SIGNET_S3_ENDPOINT: endpoint,
      SIGNET_S3_REGION: "us-east-1",
      SIGNET_S3_BUCKET: bucket,
      SIGNET_S3_ACCESS_KEY_ID: credentials.accessKeyId,
      SIGNET_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      SIGNET_S3_FORCE_PATH_STYLE: "1",
    },
    config: { kind: "s3", endpoint, region: "us-east-1", bucket, ...credentials, forcePathStyle: true },
    stop: async () => {
      await server.close();
      if (!at) rmSync(directory, { recursive: true, force: true });
    },
  };
}
