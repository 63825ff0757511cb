/**
 * Connections to PostgreSQL servers: parsing what a customer types, refusing addresses
 * the operator's network should not be reached at (SSRF), and the connection test
 * (a real connection and `SELECT 1`, bounded by the operator's timeout) whose failure is
 * recorded as `lastTestError` in plain words.
 *
 * Nothing here puts a password into a message: errors name the host, port, database and
 * user, and the server's own messages are scrubbed of the password before they are kept.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import postgres from "postgres";
import { isPublicAddress } from "../../platform/outbound/http";
import { datasourceErrors } from "./errors";

export const SSL_MODES = ["disable", "prefer", "require", "verify-full"] as const;
export type SslMode = (typeof SSL_MODES)[number];

/** What is needed to connect; the password stays in memory only as long as a call needs it. */
export interface ConnectionTarget {
  host: string;
  port: number;
  database: string;
  username: string;
  password: string | null;
  sslMode: SslMode;
}

const IDENTIFIER = /^[A-Za-z0-9_.$-]{1,63}$/;

function refuse(reason: string, message: string): never {
  throw datasourceErrors.error("invalidConnection", { field: "connectionString", reason, message });
}

/**
 * Parses `postgres://user:password@host:port/database?sslmode=…`. Other schemes, a
 * missing host, user or database, an absurd port and parameters other than sslmode are
 * 400 invalid_connection_string with a `reason` (scheme, host, port, user, database,
 * parameter); the message never repeats the string.
 */
export function parseConnectionString(text: string): ConnectionTarget {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(text)?.[1]?.toLowerCase();
  if (scheme !== "postgres" && scheme !== "postgresql") refuse("scheme", "only postgres:// and postgresql:// connection strings are supported");
  const portText = /^[^:]+:\/\/(?:[^@/]*@)?(?:\[[^\]]*\]|[^:/?]*)(?::([^/?]*))?/.exec(text)?.[1];
  if (portText !== undefined && portText !== "" && (!/^\d{1,5}$/.test(portText) || Number(portText) < 1 || Number(portText) > 65535)) {
    refuse("port", "the port must be a number from 1 to 65535");
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    refuse("format", "the connection string could not be read: postgres://user:password@host:5432/database");
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!host) refuse("host", "the connection string names no host");
  const port = url.port ? Number(url.port) : 5432;
  const username = decodeURIComponent(url.username);
  if (!username || !IDENTIFIER.test(username)) refuse("user", "the connection string needs a user name (letters, digits, _ . $ -, at most 63)");
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!database || !IDENTIFIER.test(database)) refuse("database", "the connection string needs a database name (letters, digits, _ . $ -, at most 63)");
  let sslMode: SslMode = "prefer";
  for (const [key, value] of url.searchParams) {
    if (key !== "sslmode") refuse("parameter", `the parameter ${key.slice(0, 40)} is not supported; only sslmode is`);
    if (!(SSL_MODES as readonly string[]).includes(value)) refuse("parameter", `sslmode must be one of ${SSL_MODES.join(", ")}`);
    sslMode = value as SslMode;
  }
  return { host: host.toLowerCase(), port, database, username, password: url.password ? decodeURIComponent(url.password) : null, sslMode };
}

/**
 * Refuses a host that is, or resolves to, a loopback, private, link-local or reserved
 * address unless the operator allows private networks (SIGNET_DATASOURCE_ALLOW_PRIVATE_NETWORKS).
 * A host that does not resolve is let through: the test then says so in plain words.
 */
export async function checkDatabaseHost(allowPrivateNetworks: boolean, host: string): Promise<void> {
  if (allowPrivateNetworks) return;
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return;
    }
  }
  const inward = addresses.find((a) => !isPublicAddress(a));
  if (inward) {
    throw datasourceErrors.error("invalidConnection", {
      field: "connectionString",
      reason: "address",
      message: `${host} is a loopback or private address (${inward}); only public addresses are reached unless the operator allows private networks`,
    });
  }
}

/** A postgres.js client for one short use (tests, provisioning), bounded by `timeoutMs`. */
export function openClient(target: ConnectionTarget, timeoutMs: number): postgres.Sql {
  return postgres({
    host: target.host,
    port: target.port,
    database: target.database,
    username: target.username,
    password: target.password ?? undefined,
    ssl: target.sslMode === "disable" ? false : target.sslMode,
    max: 1,
    connect_timeout: Math.max(1, Math.ceil(timeoutMs / 1000)),
    idle_timeout: 1,
    prepare: false,
    onnotice: () => {},
    connection: { application_name: "signet" },
  });
}

export interface TestOutcome {
  ok: boolean;
  /** Why it failed, in plain words; null when it passed. */
  error: string | null;
  latencyMs: number;
}

function scrub(message: string, password: string | null): string {
  const plain = password ? message.split(password).join("***") : message;
  return plain.replace(/postgres(?:ql)?:\/\/[^\s]*/gi, "postgres://***").slice(0, 300);
}

/** Plain words for what went wrong, from the driver's or the server's error. */
export function describeFailure(error: unknown, target: ConnectionTarget, timeoutMs: number): string {
  const e = error as { code?: string; message?: string; errno?: string };
  const where = `${target.host}:${target.port}`;
  switch (e?.code) {
    case "ECONNREFUSED":
      return `nothing accepts connections at ${where}: is the server running and listening on that port?`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `the host ${target.host} does not resolve`;
    case "CONNECT_TIMEOUT":
    case "TIMEOUT":
      return `${where} did not answer within ${timeoutMs / 1000} s`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `${where} cannot be reached from this server (no route)`;
    case "28P01":
      return `the server refused the password for user ${target.username}`;
    case "28000":
      return `the server does not let user ${target.username} connect to database ${target.database} from here (pg_hba.conf, or a role without LOGIN)`;
    case "3D000":
      return `the database ${target.database} does not exist on ${where}`;
    case "53300":
      return `${where} has no free connection slots (too many connections)`;
    case "57P03":
      return `${where} is starting up or shutting down`;
  }
  if (/password authentication|SASL|SCRAM/i.test(e?.message ?? "")) return `the server refused the password for user ${target.username}`;
  if (/ssl|tls/i.test(e?.message ?? "")) return `the TLS handshake with ${where} failed (sslmode ${target.sslMode})`;
  return `the server at ${where} answered: ${scrub(e?.message ?? "an unknown error", target.password)}`;
}

/**
 * Connects with `target` and runs SELECT 1. Answers within `timeoutMs` whatever the peer
 * does (a server that accepts and never speaks is cut off), and never throws.
 */
export async function testConnection(target: ConnectionTarget, timeoutMs: number): Promise<TestOutcome> {
  const started = performance.now();
  const client = openClient(target, timeoutMs);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("timeout"), { code: "TIMEOUT" })), timeoutMs);
  });
  try {
    await Promise.race([client`SELECT 1`, timeout]);
    return { ok: true, error: null, latencyMs: Math.round(performance.now() - started) };
  } catch (e) {
    return { ok: false, error: describeFailure(e, target, timeoutMs), latencyMs: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
    client.end({ timeout: 0 }).catch(() => {});
  }
}
