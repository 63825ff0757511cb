/**
 * Secrets at rest: AES-256-GCM under the master key. The master key comes from
 * SIGNET_MASTER_KEY or, on a single node, from a key file created with mode 0600 in
 * the data dir. Sealed values are text: `v1.<iv>.<ciphertext+tag>` in base64url.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const KEY_FILE_NAME = "master.key";

export class SecretBox {
  private constructor(private readonly key: CryptoKey) {}

  static async fromBytes(bytes: Uint8Array): Promise<SecretBox> {
    if (bytes.length !== 32) throw new Error("the master key is 32 bytes");
    const key = await crypto.subtle.importKey("raw", new Uint8Array(bytes), "AES-GCM", false, ["encrypt", "decrypt"]);
    return new SecretBox(key);
  }

  async seal(plaintext: string, context = ""): Promise<string> {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const ct = await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(context) },
      this.key,
      new TextEncoder().encode(plaintext),
    );
    return `v1.${Buffer.from(iv).toString("base64url")}.${Buffer.from(ct).toString("base64url")}`;
  }

  /** `context` must match the one given to seal (it binds a value to its row and column). */
  async open(sealed: string, context = ""): Promise<string> {
    const [version, iv, ct] = sealed.split(".");
    if (version !== "v1" || !iv || !ct) throw new Error("not a sealed secret");
    const pt = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: Buffer.from(iv, "base64url"), additionalData: new TextEncoder().encode(context) },
      this.key,
      Buffer.from(ct, "base64url"),
    );
    return new TextDecoder().decode(pt);
  }
}

/** Reads the data dir's key file, creating it (mode 0600) on first use. */
export function loadOrCreateKeyFile(dataDir: string): Uint8Array {
  const path = join(dataDir, KEY_FILE_NAME);
  if (existsSync(path)) {
    const mode = statSync(path).mode & 0o777;
    if (mode & 0o077) chmodSync(path, 0o600);
    const bytes = Buffer.from(readFileSync(path, "utf8").trim(), "base64");
    if (bytes.length !== 32) throw new Error(`${path} does not hold a 32-byte base64 key`);
    return Uint8Array.from(bytes);
  }
  mkdirSync(dataDir, { recursive: true });
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  writeFileSync(path, Buffer.from(bytes).toString("base64") + "\n", { mode: 0o600, flag: "wx" });
  return bytes;
}
