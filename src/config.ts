/**
 * Every setting, typed, read once from the environment and CLI flags.
 * A flag wins over the environment. An invalid value is a ConfigError that names the
 * setting and what is wrong; main.ts prints it as one line and exits non-zero.
 */
import { isAbsolute, join, resolve } from "node:path";
import { DatabaseOpenError, parseDatabaseUrl, redact, type DatabaseTarget } from "./platform/db/database";
import { parseCidrList, type Cidr } from "./platform/http/ip";

export class ConfigError extends Error {}

export type StorageConfig =
  | { kind: "local" }
  | {
      kind: "s3";
      endpoint?: string;
      region: string;
      bucket: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
    };

/** SIGNET_SOCIAL_ENDPOINTS: provider → endpoint name → URL. */
export type SocialEndpointOverrides = Partial<Record<string, Partial<Record<(typeof SOCIAL_ENDPOINT_NAMES)[number], string>>>>;
export const SOCIAL_ENDPOINT_NAMES = ["authorize", "token", "userinfo", "emails", "tokenCheck", "jwks", "issuer"] as const;
const SOCIAL_ENDPOINT_PROVIDERS = ["google", "github", "microsoft", "apple", "kakao", "naver"];

export interface Config {
  dataDir: string;
  host: string;
  port: number;
  trustedProxies: Cidr[];
  database: DatabaseTarget;
  /** The database location with any password hidden, for messages. */
  databaseLabel: string;
  baseUrl: string;
  portalBase: string;
  dashboardBase: string;
  /** 32-byte key for secrets at rest; undefined means "use the key file in the data dir". */
  masterKey?: Uint8Array;
  smtp?: { url: string; from: string };
  sms?: { gatewayUrl: string; token?: string };
  /** Platform-wide daily cap on codes to Limited and Restricted SMS countries (spec §8 safety limit). */
  smsDailyFuse: number;
  /** Stripe for top-ups and withdrawals (billing/payments); unset: the dev gateway in dev mode, else none. */
  stripe?: { secretKey: string; webhookSecret: string | null; apiBase: string };
  /**
   * Commerce's outbound peers (modules/commerce/adapters): each unset peer is replaced by
   * its offline dev default in dev mode, and answers 503 *_not_configured otherwise.
   */
  commerce: {
    /** Signing secret of the Stripe Connect webhook endpoint (end users' charges on connected accounts). */
    connectWebhookSecret: string | null;
    toss?: { secretKey: string; apiBase: string };
    businessLookup?: { serviceKey: string; apiBase: string };
    addressSearch?: { confirmKey: string; apiBase: string };
    popbill?: { linkId: string; secretKey: string; apiBase: string };
    /** The operator's business record that /api/public/legal/business-info shows to clients in Korea. */
    legalBusinessInfo: Record<string, string> | null;
  };
  /** Cloudflare Turnstile for app groups with bot protection on (end-users/bot-check.ts). */
  turnstile: { siteKey?: string; secret?: string; verifyUrl: string };
  /**
   * Social sign-in endpoints replaced per provider (authorize, token, userinfo, emails,
   * tokenCheck, jwks, issuer): an egress proxy or a test peer. Empty: the providers' own (social/providers.ts).
   */
  socialEndpoints: SocialEndpointOverrides;
  /**
   * Federation's outbound requests (IdP discovery, JWKS, SAML metadata, token exchange)
   * may reach loopback and private addresses, and plain http there. Off: only public
   * https addresses (docs/federation.md "Outbound requests").
   */
  federationAllowPrivateNetworks: boolean;
  /**
   * Outgoing webhooks may target loopback and private addresses, and plain http there.
   * Off: only public https addresses (docs/integrations.md "SSRF").
   */
  webhooksAllowPrivateNetworks: boolean;
  /**
   * The LLM behind ai/translate-scope (spec 4.9): an OpenAI-compatible chat completions
   * endpoint, its key and model. Null URL: the offline rule-based translator.
   */
  llm: { url: string | null; apiKey: string | null; model: string };
  /**
   * Data sources (docs/datasources.md): the operator's PostgreSQL server that managed
   * databases are created on (an account with CREATEDB and CREATEROLE, superuser for the
   * sealed write log's event trigger), the host:port customers are told to connect to,
   * and the region it stands in; null `adminUrl` turns managed databases off.
   */
  managedDatabases: { adminUrl: string; publicHost: string; publicPort: number; region: string } | null;
  /** Registered data sources may point at loopback and private addresses (an in-house database, a test peer). */
  datasourceAllowPrivateNetworks: boolean;
  /** How long a data-source connection test may take before it is answered as timed out. */
  datasourceTestTimeoutMs: number;
  /**
   * Custom login domains (docs/custom-domains.md): the hostname customers point their
   * CNAME at; null turns the feature off (verification reports not_configured and any
   * host is served as the service's own).
   */
  customDomainTarget: string | null;
  /** DNS servers the domain checks ask (host or host:port); empty: the system's resolvers. */
  dnsServers: string[];
  /** Cloudflare's API, for auto-configure (an egress proxy or a test peer). */
  cloudflareApiBase: string;
  /** TLS served by the binary itself: PEM files, read at start and again on SIGHUP. */
  tls: { certFile: string; keyFile: string } | null;
  /** A second, plain-HTTP listener that redirects to https (only with tls). */
  httpRedirectPort: number | null;
  /** Header a trusted proxy sets to the client's ISO country (e.g. CF-IPCountry); the beacon's only source of country. */
  countryHeader: string | null;
  storage: StorageConfig;
  dev: boolean;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** The share of successful requests the access log writes (1: every one); 4xx and 5xx are always written (docs/operations.md "Logs"). */
  accessLogSample: number;
  /** How long SIGTERM waits for requests and job runs under way before the process exits anyway (docs/operations.md). */
  shutdownGraceMs: number;
  /**
   * GET /metrics in Prometheus text format (docs/operations.md "Metrics"): off (null)
   * unless a bearer token protects it on the main listener, or it listens on an address
   * of its own (host:port, e.g. a private interface) — or both.
   */
  metrics: { token: string | null; listen: { host: string; port: number } | null } | null;
}

interface Setting {
  env: string;
  flag: string;
  help: string;
  default?: string;
}

/** The settings, in the order `signet --help` lists them. */
export const SETTINGS: Setting[] = [
  { env: "SIGNET_DATA_DIR", flag: "--data-dir", help: "directory for the SQLite file, local files and the key file", default: "./data" },
  { env: "SIGNET_HOST", flag: "--host", help: "address to listen on", default: "0.0.0.0" },
  { env: "SIGNET_PORT", flag: "--port", help: "port to listen on", default: "8080" },
  { env: "SIGNET_TRUSTED_PROXIES", flag: "--trusted-proxies", help: "comma-separated IPs or CIDRs allowed to set the client IP through X-Forwarded-For", default: "(none)" },
  { env: "SIGNET_DATABASE_URL", flag: "--database-url", help: "SQLite file path or sqlite:PATH, or postgres://user:pass@host:port/db", default: "<data dir>/signet.db" },
  { env: "SIGNET_BASE_URL", flag: "--base-url", help: "public address of this service", default: "http://localhost:<port>" },
  { env: "SIGNET_PORTAL_BASE", flag: "--portal-base", help: "address of the hosted login portal and share viewer", default: "the base URL" },
  { env: "SIGNET_DASHBOARD_BASE", flag: "--dashboard-base", help: "address of the dashboard", default: "the base URL" },
  { env: "SIGNET_MASTER_KEY", flag: "--master-key", help: "32-byte key (base64 or hex) that encrypts secrets at rest", default: "a generated key file, mode 0600, in the data dir" },
  { env: "SIGNET_SMTP_URL", flag: "--smtp-url", help: "smtp:// or smtps://user:pass@host:port; mail goes to the outbox when unset" },
  { env: "SIGNET_MAIL_FROM", flag: "--mail-from", help: "sender address of outgoing mail", default: "Signet <no-reply@localhost>" },
  { env: "SIGNET_SMS_GATEWAY_URL", flag: "--sms-gateway-url", help: "HTTP SMS gateway endpoint; texts go to the outbox when unset" },
  { env: "SIGNET_SMS_GATEWAY_TOKEN", flag: "--sms-gateway-token", help: "bearer token for the SMS gateway" },
  { env: "SIGNET_SMS_DAILY_FUSE", flag: "--sms-daily-fuse", help: "codes per UTC day to Limited and Restricted SMS countries, all organizations together", default: "500" },
  { env: "SIGNET_STRIPE_SECRET_KEY", flag: "--stripe-secret-key", help: "Stripe secret key (sk_…) for credit top-ups and withdrawals; without it top-ups work only in dev mode (offline)" },
  { env: "SIGNET_STRIPE_WEBHOOK_SECRET", flag: "--stripe-webhook-secret", help: "Stripe webhook signing secret (whsec_…) that checks POST /api/public/billing/stripe/webhook" },
  { env: "SIGNET_STRIPE_API_BASE", flag: "--stripe-api-base", help: "Stripe API address (an egress proxy or a test peer)", default: "https://api.stripe.com" },
  { env: "SIGNET_STRIPE_CONNECT_WEBHOOK_SECRET", flag: "--stripe-connect-webhook-secret", help: "signing secret (whsec_…) of the Stripe Connect endpoint POST /api/public/commerce/stripe/webhook (end users' charges)" },
  { env: "SIGNET_TOSS_SECRET_KEY", flag: "--toss-secret-key", help: "Toss Payments secret key that issues KRW billing keys; offline in dev mode without it" },
  { env: "SIGNET_TOSS_API_BASE", flag: "--toss-api-base", help: "Toss Payments API address", default: "https://api.tosspayments.com" },
  { env: "SIGNET_BUSINESS_LOOKUP_KEY", flag: "--business-lookup-key", help: "data.go.kr service key for the business-registration status lookup" },
  { env: "SIGNET_BUSINESS_LOOKUP_API_BASE", flag: "--business-lookup-api-base", help: "business-registration lookup API address", default: "https://api.odcloud.kr" },
  { env: "SIGNET_ADDRESS_SEARCH_KEY", flag: "--address-search-key", help: "juso.go.kr confirm key for the road-name address search" },
  { env: "SIGNET_ADDRESS_SEARCH_API_BASE", flag: "--address-search-api-base", help: "road-name address search API address", default: "https://business.juso.go.kr" },
  { env: "SIGNET_POPBILL_LINK_ID", flag: "--popbill-link-id", help: "Popbill partner LinkID (membership, Kakao alimtalk)" },
  { env: "SIGNET_POPBILL_SECRET_KEY", flag: "--popbill-secret-key", help: "Popbill partner secret key (base64)" },
  { env: "SIGNET_POPBILL_API_BASE", flag: "--popbill-api-base", help: "Popbill API address", default: "https://popbill.linkhub.co.kr" },
  { env: "SIGNET_LEGAL_BUSINESS_INFO", flag: "--legal-business-info", help: 'JSON object of the operator\'s business record shown to clients in Korea, e.g. {"companyName":"…","registrationNumber":"…","address":"…"}' },
  { env: "SIGNET_TURNSTILE_SITE_KEY", flag: "--turnstile-site-key", help: "Cloudflare Turnstile site key the hosted login shows when an app group's bot protection is on" },
  { env: "SIGNET_TURNSTILE_SECRET", flag: "--turnstile-secret", help: "Cloudflare Turnstile secret that checks turnstileToken; without it bot-protected sign-ins are refused" },
  { env: "SIGNET_TURNSTILE_VERIFY_URL", flag: "--turnstile-verify-url", help: "Turnstile siteverify endpoint", default: "https://challenges.cloudflare.com/turnstile/v0/siteverify" },
  { env: "SIGNET_SOCIAL_ENDPOINTS", flag: "--social-endpoints", help: 'JSON replacing social provider endpoints, e.g. {"google":{"token":"https://proxy/…"}} (an egress proxy or a test peer)' },
  { env: "SIGNET_FEDERATION_ALLOW_PRIVATE_NETWORKS", flag: "--federation-allow-private-networks", help: "let IdP federation reach loopback and private addresses, and plain http there (1 or 0): an IdP inside the operator's network, or a test peer", default: "0" },
  { env: "SIGNET_WEBHOOKS_ALLOW_PRIVATE_NETWORKS", flag: "--webhooks-allow-private-networks", help: "let outgoing webhooks reach loopback and private addresses, and plain http there (1 or 0): a receiver inside the operator's network, or a test peer", default: "0" },
  { env: "SIGNET_LLM_URL", flag: "--llm-url", help: "OpenAI-compatible chat completions URL that ai/translate-scope asks; without it a rule-based translator answers offline" },
  { env: "SIGNET_LLM_API_KEY", flag: "--llm-api-key", help: "bearer key for --llm-url" },
  { env: "SIGNET_LLM_MODEL", flag: "--llm-model", help: "model name sent to --llm-url", default: "gpt-4o-mini" },
  { env: "SIGNET_MANAGED_DB_URL", flag: "--managed-db-url", help: "postgres:// URL of the operator's PostgreSQL server (superuser) that managed databases are created on; managed databases are off without it" },
  { env: "SIGNET_MANAGED_DB_HOST", flag: "--managed-db-host", help: "host[:port] customers connect to for managed databases", default: "the host of --managed-db-url" },
  { env: "SIGNET_MANAGED_DB_REGION", flag: "--managed-db-region", help: "region code (kr, sg, au, eu-de, uk, us-e) of the managed database server", default: "us-e" },
  { env: "SIGNET_DATASOURCE_ALLOW_PRIVATE_NETWORKS", flag: "--datasource-allow-private-networks", help: "let registered data sources point at loopback and private addresses (1 or 0)", default: "0" },
  { env: "SIGNET_DATASOURCE_TEST_TIMEOUT", flag: "--datasource-test-timeout", help: "seconds a data-source connection test may take (1 to 60)", default: "5" },
  { env: "SIGNET_CUSTOM_DOMAIN_TARGET", flag: "--custom-domain-target", help: "hostname customers point their login domain's CNAME at (custom login domains are off without it)" },
  { env: "SIGNET_DNS_SERVERS", flag: "--dns-servers", help: "comma-separated DNS servers (IP or IP:port) that custom-domain checks ask", default: "the system's" },
  { env: "SIGNET_CLOUDFLARE_API_BASE", flag: "--cloudflare-api-base", help: "Cloudflare API address used by custom-domain auto-configure", default: "https://api.cloudflare.com/client/v4" },
  { env: "SIGNET_TLS_CERT", flag: "--tls-cert", help: "PEM certificate chain: serve HTTPS (reloaded on SIGHUP); needs --tls-key" },
  { env: "SIGNET_TLS_KEY", flag: "--tls-key", help: "PEM private key of --tls-cert" },
  { env: "SIGNET_HTTP_REDIRECT_PORT", flag: "--http-redirect-port", help: "with TLS, also listen on this port over plain HTTP and redirect to https" },
  { env: "SIGNET_COUNTRY_HEADER", flag: "--country-header", help: "request header a trusted proxy sets to the client's ISO country (e.g. CF-IPCountry); analytics record unknown without it" },
  { env: "SIGNET_STORAGE", flag: "--storage", help: "where file bytes live: local or s3", default: "local" },
  { env: "SIGNET_S3_ENDPOINT", flag: "--s3-endpoint", help: "S3-compatible endpoint URL (omit for AWS)" },
  { env: "SIGNET_S3_REGION", flag: "--s3-region", help: "S3 region", default: "us-east-1" },
  { env: "SIGNET_S3_BUCKET", flag: "--s3-bucket", help: "S3 bucket (required with --storage s3)" },
  { env: "SIGNET_S3_ACCESS_KEY_ID", flag: "--s3-access-key-id", help: "S3 access key id" },
  { env: "SIGNET_S3_SECRET_ACCESS_KEY", flag: "--s3-secret-access-key", help: "S3 secret access key" },
  { env: "SIGNET_S3_FORCE_PATH_STYLE", flag: "--s3-force-path-style", help: "use path-style S3 addressing (1 or 0)", default: "0" },
  { env: "SIGNET_DEV", flag: "--dev", help: "developer mode: serves the outbox at /api/dev/outbox (1 or 0)", default: "0" },
  { env: "SIGNET_LOG_LEVEL", flag: "--log-level", help: "debug, info, warn, error or silent", default: "info" },
  {
    env: "SIGNET_ACCESS_LOG_SAMPLE",
    flag: "--access-log-sample",
    help: "share of successful requests the access log writes, above 0 up to 1 (e.g. 0.1); every 4xx and 5xx is written",
    default: "1",
  },
  { env: "SIGNET_SHUTDOWN_GRACE", flag: "--shutdown-grace", help: "seconds SIGTERM waits for requests and jobs under way before exiting", default: "20" },
  { env: "SIGNET_METRICS_TOKEN", flag: "--metrics-token", help: "serve GET /metrics (Prometheus) to Authorization: Bearer <this token>; off when neither this nor --metrics-listen is set" },
  { env: "SIGNET_METRICS_LISTEN", flag: "--metrics-listen", help: "serve GET /metrics on this host:port of its own (e.g. 10.0.0.5:9464) instead of the main listener" },
];

const FLAG_TO_ENV = new Map(SETTINGS.map((s) => [s.flag, s.env]));

/** Splits `--name value` / `--name=value` flags out of argv; returns the rest as positionals. */
export function splitFlags(argv: string[]): { values: Record<string, string>; rest: string[] } {
  const values: Record<string, string> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const env = FLAG_TO_ENV.get(flag!);
    if (!env) {
      rest.push(arg);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new ConfigError(`${flag}: needs a value`);
    values[env] = value;
  }
  return { values, rest };
}

function fail(env: string, message: string): never {
  const flag = SETTINGS.find((s) => s.env === env)?.flag;
  throw new ConfigError(`${env}${flag ? ` (${flag})` : ""}: ${message}`);
}

function parseBool(env: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  fail(env, `must be 1 or 0, got "${value}"`);
}

function parseCommerce(get: (env: string) => string | undefined): Config["commerce"] {
  const peer = <K extends string>(keyEnv: string, baseEnv: string, fallback: string, keyName: K) => {
    const key = get(keyEnv);
    return key ? ({ [keyName]: key, apiBase: parseUrl(baseEnv, get(baseEnv) ?? fallback) } as Record<K, string> & { apiBase: string }) : undefined;
  };
  const linkId = get("SIGNET_POPBILL_LINK_ID");
  const popbillSecret = get("SIGNET_POPBILL_SECRET_KEY");
  if (Boolean(linkId) !== Boolean(popbillSecret)) fail("SIGNET_POPBILL_LINK_ID", "and SIGNET_POPBILL_SECRET_KEY go together");
  let legalBusinessInfo: Record<string, string> | null = null;
  const legal = get("SIGNET_LEGAL_BUSINESS_INFO");
  if (legal) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(legal);
    } catch {
      fail("SIGNET_LEGAL_BUSINESS_INFO", "must be a JSON object");
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed) || Object.values(parsed).some((v) => typeof v !== "string")) {
      fail("SIGNET_LEGAL_BUSINESS_INFO", "must be a JSON object of strings");
    }
    legalBusinessInfo = parsed as Record<string, string>;
  }
  return {
    connectWebhookSecret: get("SIGNET_STRIPE_CONNECT_WEBHOOK_SECRET") ?? null,
    toss: peer("SIGNET_TOSS_SECRET_KEY", "SIGNET_TOSS_API_BASE", "https://api.tosspayments.com", "secretKey"),
    businessLookup: peer("SIGNET_BUSINESS_LOOKUP_KEY", "SIGNET_BUSINESS_LOOKUP_API_BASE", "https://api.odcloud.kr", "serviceKey"),
    addressSearch: peer("SIGNET_ADDRESS_SEARCH_KEY", "SIGNET_ADDRESS_SEARCH_API_BASE", "https://business.juso.go.kr", "confirmKey"),
    popbill: linkId && popbillSecret ? { linkId, secretKey: popbillSecret, apiBase: parseUrl("SIGNET_POPBILL_API_BASE", get("SIGNET_POPBILL_API_BASE") ?? "https://popbill.linkhub.co.kr") } : undefined,
    legalBusinessInfo,
  };
}

function parseUrl(env: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(env, `must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") fail(env, `must be an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, "");
}

function parseMasterKey(value: string): Uint8Array {
  const v = value.trim();
  let bytes: Uint8Array | undefined;
  if (/^[0-9a-f]{64}$/i.test(v)) bytes = Uint8Array.from(Buffer.from(v, "hex"));
  else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(v)) bytes = Uint8Array.from(Buffer.from(v, "base64"));
  if (!bytes || bytes.length !== 32)
    fail("SIGNET_MASTER_KEY", "must be 32 bytes, as 64 hex characters or base64 (openssl rand -base64 32)");
  return bytes;
}

function parseSocialEndpoints(value: string | undefined): SocialEndpointOverrides {
  if (value === undefined) return {};
  const env = "SIGNET_SOCIAL_ENDPOINTS";
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    fail(env, "must be a JSON object keyed by provider");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) fail(env, "must be a JSON object keyed by provider");
  const out: SocialEndpointOverrides = {};
  for (const [provider, endpoints] of Object.entries(parsed)) {
    if (!SOCIAL_ENDPOINT_PROVIDERS.includes(provider)) fail(env, `unknown provider "${provider}" (${SOCIAL_ENDPOINT_PROVIDERS.join(", ")})`);
    if (typeof endpoints !== "object" || endpoints === null || Array.isArray(endpoints)) fail(env, `${provider}: must be an object of endpoint URLs`);
    const entry: Record<string, string> = {};
    for (const [name, url] of Object.entries(endpoints)) {
      if (!(SOCIAL_ENDPOINT_NAMES as readonly string[]).includes(name)) fail(env, `${provider}.${name}: unknown endpoint (${SOCIAL_ENDPOINT_NAMES.join(", ")})`);
      if (typeof url !== "string") fail(env, `${provider}.${name}: must be a URL string`);
      // The issuer is compared as is; the others are fetched or redirected to.
      entry[name] = name === "issuer" ? url : parseUrl(env, url);
    }
    out[provider] = entry;
  }
  return out;
}

const REGION_CODES = ["kr", "sg", "au", "eu-de", "uk", "us-e"];

function parseManagedDatabases(url: string | undefined, hostText: string | undefined, region: string | undefined): Config["managedDatabases"] {
  if (url === undefined) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    fail("SIGNET_MANAGED_DB_URL", "must be a postgres:// URL");
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") fail("SIGNET_MANAGED_DB_URL", "must be a postgres:// URL");
  const [publicHost, portText] = (hostText ?? `${parsed.hostname}:${parsed.port || "5432"}`).split(":");
  const publicPort = Number(portText ?? "5432");
  if (!publicHost || !Number.isInteger(publicPort) || publicPort < 1 || publicPort > 65535) fail("SIGNET_MANAGED_DB_HOST", "must be host or host:port");
  const code = region ?? "us-e";
  if (!REGION_CODES.includes(code)) fail("SIGNET_MANAGED_DB_REGION", `must be one of ${REGION_CODES.join(", ")}`);
  return { adminUrl: url, publicHost, publicPort, region: code };
}

/** Builds the config from an environment and flag values (flags already split out). */
export function loadConfig(env: Record<string, string | undefined>, flags: Record<string, string> = {}): Config {
  const get = (name: string): string | undefined => {
    const v = flags[name] ?? env[name];
    return v === undefined || v === "" ? undefined : v;
  };

  const dataDir = resolve(get("SIGNET_DATA_DIR") ?? "./data");
  const host = get("SIGNET_HOST") ?? "0.0.0.0";
  const portText = get("SIGNET_PORT") ?? "8080";
  if (!/^\d+$/.test(portText) || Number(portText) < 0 || Number(portText) > 65535)
    fail("SIGNET_PORT", `must be an integer from 0 to 65535, got "${portText}"`);
  const port = Number(portText);

  let trustedProxies: Cidr[] = [];
  try {
    trustedProxies = parseCidrList(get("SIGNET_TRUSTED_PROXIES") ?? "");
  } catch (e) {
    fail("SIGNET_TRUSTED_PROXIES", (e as Error).message);
  }

  const dbValue = get("SIGNET_DATABASE_URL");
  let database: DatabaseTarget;
  try {
    database = dbValue ? parseDatabaseUrl(dbValue) : { dialect: "sqlite", path: join(dataDir, "signet.db") };
  } catch (e) {
    if (e instanceof DatabaseOpenError) fail("SIGNET_DATABASE_URL", e.message);
    throw e;
  }
  if (database.dialect === "sqlite" && !isAbsolute(database.path)) database = { ...database, path: resolve(database.path) };
  const databaseLabel = database.dialect === "sqlite" ? database.path : redact(database.url);

  const tlsCert = get("SIGNET_TLS_CERT");
  const tlsKey = get("SIGNET_TLS_KEY");
  if (tlsCert && !tlsKey) fail("SIGNET_TLS_KEY", "is required with SIGNET_TLS_CERT");
  if (tlsKey && !tlsCert) fail("SIGNET_TLS_CERT", "is required with SIGNET_TLS_KEY");
  const tls = tlsCert && tlsKey ? { certFile: resolve(tlsCert), keyFile: resolve(tlsKey) } : null;
  const redirectText = get("SIGNET_HTTP_REDIRECT_PORT");
  let httpRedirectPort: number | null = null;
  if (redirectText !== undefined) {
    if (!tls) fail("SIGNET_HTTP_REDIRECT_PORT", "needs SIGNET_TLS_CERT and SIGNET_TLS_KEY: it redirects plain HTTP to the HTTPS listener");
    if (!/^\d+$/.test(redirectText) || Number(redirectText) > 65535) fail("SIGNET_HTTP_REDIRECT_PORT", `must be an integer from 0 to 65535, got "${redirectText}"`);
    httpRedirectPort = Number(redirectText);
  }

  const baseUrl = parseUrl("SIGNET_BASE_URL", get("SIGNET_BASE_URL") ?? `${tls ? "https" : "http"}://localhost:${port}`);
  const portalBase = parseUrl("SIGNET_PORTAL_BASE", get("SIGNET_PORTAL_BASE") ?? baseUrl);
  const dashboardBase = parseUrl("SIGNET_DASHBOARD_BASE", get("SIGNET_DASHBOARD_BASE") ?? baseUrl);

  // With TLS served here, the public addresses are https, so every cookie is Secure (they follow these schemes).
  if (tls) {
    for (const [env, url] of [["SIGNET_BASE_URL", baseUrl], ["SIGNET_PORTAL_BASE", portalBase], ["SIGNET_DASHBOARD_BASE", dashboardBase]] as const) {
      if (!url.startsWith("https:")) fail(env, `must be an https address when SIGNET_TLS_CERT is set, got "${url}"`);
    }
  }

  const masterKeyText = get("SIGNET_MASTER_KEY");
  const masterKey = masterKeyText ? parseMasterKey(masterKeyText) : undefined;

  let smtp: Config["smtp"];
  const smtpUrl = get("SIGNET_SMTP_URL");
  if (smtpUrl) {
    if (!/^smtps?:\/\/[^/]+/i.test(smtpUrl)) fail("SIGNET_SMTP_URL", `must look like smtp://user:pass@host:587, got "${redact(smtpUrl)}"`);
    smtp = { url: smtpUrl, from: get("SIGNET_MAIL_FROM") ?? "Signet <no-reply@localhost>" };
  }

  let sms: Config["sms"];
  const gateway = get("SIGNET_SMS_GATEWAY_URL");
  if (gateway) sms = { gatewayUrl: parseUrl("SIGNET_SMS_GATEWAY_URL", gateway), token: get("SIGNET_SMS_GATEWAY_TOKEN") };

  const fuseText = get("SIGNET_SMS_DAILY_FUSE") ?? "500";
  const smsDailyFuse = Number(fuseText);
  if (!/^\d+$/.test(fuseText) || !Number.isSafeInteger(smsDailyFuse)) fail("SIGNET_SMS_DAILY_FUSE", `must be a whole number of codes, got "${fuseText}"`);

  let stripe: Config["stripe"];
  const stripeKey = get("SIGNET_STRIPE_SECRET_KEY");
  if (stripeKey) {
    if (!/^(sk|rk)_[A-Za-z0-9_]+$/.test(stripeKey)) fail("SIGNET_STRIPE_SECRET_KEY", "must be a Stripe secret or restricted key (sk_… or rk_…)");
    const webhookSecret = get("SIGNET_STRIPE_WEBHOOK_SECRET") ?? null;
    if (!webhookSecret) fail("SIGNET_STRIPE_WEBHOOK_SECRET", "is required with SIGNET_STRIPE_SECRET_KEY: credit is applied from signed webhooks only");
    stripe = { secretKey: stripeKey, webhookSecret, apiBase: parseUrl("SIGNET_STRIPE_API_BASE", get("SIGNET_STRIPE_API_BASE") ?? "https://api.stripe.com") };
  }

  const commerce = parseCommerce(get);

  const turnstile: Config["turnstile"] = {
    siteKey: get("SIGNET_TURNSTILE_SITE_KEY"),
    secret: get("SIGNET_TURNSTILE_SECRET"),
    verifyUrl: parseUrl("SIGNET_TURNSTILE_VERIFY_URL", get("SIGNET_TURNSTILE_VERIFY_URL") ?? "https://challenges.cloudflare.com/turnstile/v0/siteverify"),
  };

  const socialEndpoints = parseSocialEndpoints(get("SIGNET_SOCIAL_ENDPOINTS"));

  const federationAllowPrivateNetworks = parseBool("SIGNET_FEDERATION_ALLOW_PRIVATE_NETWORKS", get("SIGNET_FEDERATION_ALLOW_PRIVATE_NETWORKS"), false);
  const webhooksAllowPrivateNetworks = parseBool("SIGNET_WEBHOOKS_ALLOW_PRIVATE_NETWORKS", get("SIGNET_WEBHOOKS_ALLOW_PRIVATE_NETWORKS"), false);
  const llmUrlText = get("SIGNET_LLM_URL");
  const llm = {
    url: llmUrlText === undefined ? null : parseUrl("SIGNET_LLM_URL", llmUrlText),
    apiKey: get("SIGNET_LLM_API_KEY") ?? null,
    model: get("SIGNET_LLM_MODEL") ?? "gpt-4o-mini",
  };

  const managedDatabases = parseManagedDatabases(get("SIGNET_MANAGED_DB_URL"), get("SIGNET_MANAGED_DB_HOST"), get("SIGNET_MANAGED_DB_REGION"));
  const datasourceAllowPrivateNetworks = parseBool("SIGNET_DATASOURCE_ALLOW_PRIVATE_NETWORKS", get("SIGNET_DATASOURCE_ALLOW_PRIVATE_NETWORKS"), false);
  const timeoutText = get("SIGNET_DATASOURCE_TEST_TIMEOUT") ?? "5";
  if (!/^\d+(\.\d+)?$/.test(timeoutText) || Number(timeoutText) < 0.1 || Number(timeoutText) > 60)
    fail("SIGNET_DATASOURCE_TEST_TIMEOUT", `must be a number of seconds from 0.1 to 60, got "${timeoutText}"`);
  const datasourceTestTimeoutMs = Math.round(Number(timeoutText) * 1000);

  const targetText = get("SIGNET_CUSTOM_DOMAIN_TARGET");
  let customDomainTarget: string | null = null;
  if (targetText !== undefined) {
    customDomainTarget = targetText.trim().toLowerCase().replace(/\.$/, "");
    const labels = customDomainTarget.split(".");
    if (labels.length < 2 || !labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)) || !/[a-z]/.test(labels.at(-1)!))
      fail("SIGNET_CUSTOM_DOMAIN_TARGET", `must be a DNS hostname such as edge.signet.example, got "${targetText}"`);
  }
  const dnsServers = (get("SIGNET_DNS_SERVERS") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  for (const server of dnsServers) {
    const ok = /^(\d{1,3}\.){3}\d{1,3}(:\d{1,5})?$/.test(server) || /^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(server) || /^[0-9a-f:.]*:[0-9a-f:.]*$/i.test(server);
    if (!ok) fail("SIGNET_DNS_SERVERS", `each server must be an IP address with an optional port (192.0.2.53, 192.0.2.53:5353, [2001:db8::53]:53), got "${server}"`);
  }
  const cloudflareApiBase = parseUrl("SIGNET_CLOUDFLARE_API_BASE", get("SIGNET_CLOUDFLARE_API_BASE") ?? "https://api.cloudflare.com/client/v4");

  const countryHeader = get("SIGNET_COUNTRY_HEADER")?.trim().toLowerCase() || null;
  if (countryHeader !== null && !/^[a-z0-9-]+$/.test(countryHeader)) fail("SIGNET_COUNTRY_HEADER", `must be a header name, got "${countryHeader}"`);

  const storageKind = get("SIGNET_STORAGE") ?? "local";
  let storage: StorageConfig;
  if (storageKind === "local") storage = { kind: "local" };
  else if (storageKind === "s3") {
    const bucket = get("SIGNET_S3_BUCKET");
    if (!bucket) fail("SIGNET_S3_BUCKET", "is required when SIGNET_STORAGE is s3");
    const endpoint = get("SIGNET_S3_ENDPOINT");
    storage = {
      kind: "s3",
      endpoint: endpoint ? parseUrl("SIGNET_S3_ENDPOINT", endpoint) : undefined,
      region: get("SIGNET_S3_REGION") ?? "us-east-1",
      bucket,
      accessKeyId: get("SIGNET_S3_ACCESS_KEY_ID"),
      secretAccessKey: get("SIGNET_S3_SECRET_ACCESS_KEY"),
      forcePathStyle: parseBool("SIGNET_S3_FORCE_PATH_STYLE", get("SIGNET_S3_FORCE_PATH_STYLE"), false),
    };
  } else fail("SIGNET_STORAGE", `must be local or s3, got "${storageKind}"`);

  const dev = parseBool("SIGNET_DEV", get("SIGNET_DEV"), false);
  const logLevel = (get("SIGNET_LOG_LEVEL") ?? "info") as Config["logLevel"];
  if (!["debug", "info", "warn", "error", "silent"].includes(logLevel))
    fail("SIGNET_LOG_LEVEL", `must be debug, info, warn, error or silent, got "${logLevel}"`);

  const sampleText = get("SIGNET_ACCESS_LOG_SAMPLE") ?? "1";
  const accessLogSample = Number(sampleText);
  if (!/^(?:0|1)?(?:\.\d+)?$/.test(sampleText.trim()) || !(accessLogSample > 0 && accessLogSample <= 1))
    fail("SIGNET_ACCESS_LOG_SAMPLE", `must be a number above 0 and up to 1 (e.g. 0.1 writes one successful request in ten), got "${sampleText}"`);

  const graceText = get("SIGNET_SHUTDOWN_GRACE") ?? "20";
  if (!/^\d+$/.test(graceText) || Number(graceText) > 3600) fail("SIGNET_SHUTDOWN_GRACE", `must be a whole number of seconds up to 3600, got "${graceText}"`);
  const shutdownGraceMs = Number(graceText) * 1000;

  const metricsToken = get("SIGNET_METRICS_TOKEN") ?? null;
  if (metricsToken !== null && metricsToken.length < 16) fail("SIGNET_METRICS_TOKEN", "must be at least 16 characters (openssl rand -hex 16)");
  const metricsListenText = get("SIGNET_METRICS_LISTEN");
  let metricsListen: { host: string; port: number } | null = null;
  if (metricsListenText !== undefined) {
    const match = /^(.+):(\d{1,5})$/.exec(metricsListenText.trim());
    if (!match || Number(match[2]) > 65535) fail("SIGNET_METRICS_LISTEN", `must be host:port, e.g. 127.0.0.1:9464, got "${metricsListenText}"`);
    metricsListen = { host: match[1]!.replace(/^\[(.*)\]$/, "$1"), port: Number(match[2]) };
  }
  const metrics = metricsToken !== null || metricsListen !== null ? { token: metricsToken, listen: metricsListen } : null;

  return {
    dataDir,
    host,
    port,
    trustedProxies,
    database,
    databaseLabel,
    baseUrl,
    portalBase,
    dashboardBase,
    masterKey,
    smtp,
    sms,
    smsDailyFuse,
    stripe,
    commerce,
    turnstile,
    socialEndpoints,
    federationAllowPrivateNetworks,
    webhooksAllowPrivateNetworks,
    llm,
    managedDatabases,
    datasourceAllowPrivateNetworks,
    datasourceTestTimeoutMs,
    customDomainTarget,
    dnsServers,
    cloudflareApiBase,
    tls,
    httpRedirectPort,
    countryHeader,
    storage,
    dev,
    logLevel,
    accessLogSample,
    shutdownGraceMs,
    metrics,
  };
}
