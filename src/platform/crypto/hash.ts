/** SHA-256 and random secrets. Secrets are stored as their SHA-256 only. */
export function sha256Hex(data: string | Uint8Array): string {
  return new Bun.CryptoHasher("sha256").update(data).digest("hex");
}

/** A random secret of `bytes` bytes (at least 16, i.e. 128 bits), base64url. */
export function randomSecret(bytes = 32): string {
  if (bytes < 16) throw new Error("secrets carry at least 128 bits");
  return Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("base64url");
}
