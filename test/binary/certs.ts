/**
 * Certificates made by the test with openssl (Debian's, on every machine that runs the
 * suite): a throwaway CA and leaf certificates it signs for localhost and 127.0.0.1, in a
 * temporary directory the caller removes. Nothing here is committed.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

function openssl(args: string[], cwd: string): void {
  const run = Bun.spawnSync(["openssl", ...args], { cwd, stdout: "pipe", stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`openssl ${args[0]} failed: ${run.stderr.toString()}`);
}

export interface TestPki {
  dir: string;
  /** The CA certificate (PEM) clients trust. */
  ca: string;
  /** Writes a leaf for localhost and 127.0.0.1 with this common name; returns its cert and key paths. */
  leaf(commonName: string): { cert: string; key: string };
}

export function createTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), "signet-pki-"));
  openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", "ca.key", "-out", "ca.crt", "-days", "2", "-subj", "/CN=Signet test CA"], dir);
  writeFileSync(join(dir, "leaf.ext"), "subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n");
  return {
    dir,
    ca: readFileSync(join(dir, "ca.crt"), "utf8"),
    leaf(commonName) {
      const name = commonName.replace(/[^a-z0-9-]/gi, "_");
      openssl(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", `${name}.key`, "-out", `${name}.csr`, "-subj", `/CN=${commonName}`], dir);
      openssl(["x509", "-req", "-in", `${name}.csr`, "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-out", `${name}.crt`, "-days", "2", "-extfile", "leaf.ext"], dir);
      return { cert: join(dir, `${name}.crt`), key: join(dir, `${name}.key`) };
    },
  };
}
