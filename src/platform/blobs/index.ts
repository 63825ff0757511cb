/** Builds the configured blob store (SIGNET_STORAGE=local|s3). */
import { join } from "node:path";
import type { Config } from "../../config";
import type { Clock } from "../clock";
import { BlobUrlSigner, LocalBlobStore } from "./local";
import { S3BlobStore } from "./s3";
import type { BlobStore } from "./types";

export * from "./types";
export { BlobUrlSigner, LocalBlobStore, LOCAL_BLOB_ROUTE } from "./local";
export { S3BlobStore } from "./s3";

export function createBlobStore(config: Pick<Config, "storage" | "dataDir" | "baseUrl">, deps: { clock: Clock; masterKey: Uint8Array }): BlobStore {
  if (config.storage.kind === "s3") return new S3BlobStore(config.storage, { clock: deps.clock });
  return new LocalBlobStore(join(config.dataDir, "blobs"), { baseUrl: config.baseUrl, clock: deps.clock, signer: new BlobUrlSigner(deps.masterKey) });
}
