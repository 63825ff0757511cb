/**
 * Helpers for the file-sharing and lifecycle suites: org API keys, files seeded straight
 * into the store and the files table (the upload route has its own suite), and the
 * audit events an organization's chain holds.
 */
import { and, eq } from "drizzle-orm";
import { files } from "../../../../src/modules/storage/files/schema";
import { auditEvents } from "../../../../src/platform/audit/schema";
import type { TestOrg } from "../../../support/accounts";
import type { TestApp } from "../../../support/harness";

export type FileRow = typeof files.$inferSelect;

/** An org API key through the dashboard route (org-wide unless appGroupId is given). */
export async function createKey(t: TestApp, org: TestOrg, body: Record<string, unknown> = {}): Promise<{ id: string; key: string }> {
  const r = await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: { scopes: ["org.*"], ...body } });
  if (r.status !== 201) throw new Error(`api key: ${r.status} ${r.text}`);
  return r.body;
}

export interface SeedFile {
  name?: string;
  contentType?: string;
  content?: string | Uint8Array;
  /** The uploading user; null with uploadedByKeyId for a key's upload. */
  uploadedBy?: string | null;
  uploadedByKeyId?: string | null;
  scope?: string;
  /** Defaults to now on the test clock. */
  lastAccessedAt?: number;
}

/** A live file of the organization: its bytes in the blob store and its row. */
export async function seedFile(t: TestApp, org: TestOrg, options: SeedFile = {}): Promise<FileRow> {
  const id = crypto.randomUUID();
  const storageKey = `${org.orgId}/${id}`;
  const content = options.content ?? "hello, shared world\n";
  const contentType = options.contentType ?? "text/plain";
  const stored = await t.ctx.blobs.put(storageKey, new Blob([content as BlobPart]).stream(), { contentType, sizeLimit: 10 * 1024 * 1024 });
  const now = t.clock.now();
  const [row] = await t.ctx.db.write((tx) =>
    tx
      .insert(files)
      .values({
        id,
        orgId: org.orgId,
        name: options.name ?? "notes.txt",
        contentType,
        sizeBytes: stored.size,
        sha256: stored.sha256,
        storageKey,
        scope: options.scope ?? "free",
        uploadedBy: options.uploadedBy === undefined ? org.owner.userId : options.uploadedBy,
        uploadedByKeyId: options.uploadedByKeyId ?? null,
        createdAt: now,
        lastAccessedAt: options.lastAccessedAt ?? now,
      })
      .returning(),
  );
  return row!;
}

export async function fileRow(t: TestApp, id: string): Promise<FileRow | undefined> {
  const [row] = await t.ctx.db.read.select().from(files).where(eq(files.id, id));
  return row;
}

export async function eventsOf(t: TestApp, org: TestOrg, type: string) {
  return t.ctx.db.read
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.type, type)));
}
