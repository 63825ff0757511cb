/**
 * Data sources' wire shapes (spec 2.12, 4.4), each once. Bodies refuse unknown fields
 * (strictBody). A view never carries a password: `hasPassword` says whether one is stored.
 */
import { t, type Static } from "elysia";
import { SealAssertionBody } from "../identity/index";
import { OrgSlug } from "../orgs/index";
import { TIER_KEYS } from "./provider";

export const REGIONS = ["kr", "sg", "au", "eu-de", "uk", "us-e"] as const;
export type Region = (typeof REGIONS)[number];

const Region = t.Union(
  REGIONS.map((r) => t.Literal(r)),
  { description: "Region code (spec 2.12): kr, sg, au, eu-de, uk, us-e" },
);
const Purpose = t.Union([t.Literal("production"), t.Literal("staging")], { description: "production or staging" });
const Name = t.String({ minLength: 1, maxLength: 63, description: "1 to 63 letters, digits, '-' or '_', starting with a letter; unique among the app group's active sources" });
const ConnectionString = t.String({ minLength: 1, maxLength: 2048, description: "postgres://user:password@host:5432/database[?sslmode=disable|prefer|require|verify-full]" });

export const GroupParams = t.Object({ slug: OrgSlug, groupId: t.String({ maxLength: 100 }) });
export const SourceParams = t.Object({ slug: OrgSlug, groupId: t.String({ maxLength: 100 }), id: t.String({ maxLength: 100 }) });

export const ListQuery = t.Object({
  includeInactive: t.Optional(t.Boolean({ description: "true: disconnected and suspended rows too (deleted rows are never listed)" })),
});

export const DataSource = t.Object({
  id: t.String(),
  appGroupId: t.String(),
  name: t.String(),
  region: t.String(),
  purpose: Purpose,
  tier: t.Union([t.String(), t.Null()], { description: "Managed databases: starter, standard or performance; null for registered sources" }),
  isManaged: t.Boolean(),
  isActive: t.Boolean(),
  status: t.Union([t.Literal("active"), t.Literal("disconnected"), t.Literal("suspended"), t.Literal("deleted")], { description: "The 3.6 state" }),
  isPrimary: t.Boolean(),
  host: t.String(),
  port: t.Integer(),
  database: t.String(),
  username: t.String(),
  sslMode: t.String(),
  hasPassword: t.Boolean({ description: "A password is stored (sealed); it is never returned" }),
  lastTestError: t.Union([t.String(), t.Null()], { description: "Why the last test failed, in plain words; null when it passed" }),
  lastTestedAt: t.Union([t.String(), t.Null()]),
  suspendedAt: t.Union([t.String(), t.Null()]),
  deleteScheduledAt: t.Union([t.String(), t.Null()], { description: "Suspended managed databases: when they are deleted unless reconnected (30 days after suspension)" }),
  pd: t.Boolean({ description: "Deleted managed databases: the provider database was dropped first" }),
  writeLog: t.Union([t.Object({ anchoredSeq: t.Integer(), anchoredHead: t.Union([t.String(), t.Null()]), anchoredAt: t.Union([t.String(), t.Null()]) }), t.Null()], {
    description: "Managed databases: the head of the sealed write log last anchored into the audit chain",
  }),
  createdAt: t.String(),
  updatedAt: t.String(),
});
export type DataSourceView = Static<typeof DataSource>;

/** A managed database's answer at creation (and at a reconnect that issued a new password): the connection string, shown once. */
export const DataSourceWithSecret = t.Composite([
  DataSource,
  t.Object({ connectionString: t.Union([t.String(), t.Null()], { description: "Shown once: postgres://role:password@host:port/database; null when nothing new was issued" }) }),
]);
export type DataSourceWithSecretView = Static<typeof DataSourceWithSecret>;

export const Connect = t.Object({
  name: Name,
  connectionString: ConnectionString,
  region: Region,
  purpose: t.Optional(Purpose),
});
export type ConnectInput = Static<typeof Connect>;

export const TestBody = t.Object({ connectionString: ConnectionString });

export const TestResult = t.Object({
  ok: t.Boolean(),
  error: t.Union([t.String(), t.Null()], { description: "Why it failed, in plain words" }),
  latencyMs: t.Integer(),
});

export const TestedSource = t.Composite([DataSource, t.Object({ test: TestResult })]);

export const CreateManaged = t.Object({
  name: Name,
  region: t.Optional(Region),
  tier: t.Optional(t.Union(TIER_KEYS.map((k) => t.Literal(k)), { description: "starter (default), standard or performance" })),
  purpose: t.Optional(Purpose),
});
export type CreateManagedInput = Static<typeof CreateManaged>;

export const Patch = t.Object({ purpose: Purpose });

export const SealedDelete = t.Object({
  ...SealAssertionBody,
  confirmName: t.String({ maxLength: 200, description: "The data source's exact name" }),
});
export type SealedDeleteInput = Static<typeof SealedDelete>;

