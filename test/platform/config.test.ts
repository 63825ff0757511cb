import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig, splitFlags } from "../../src/config";

describe("config", () => {
  test("the embedded default: SQLite and local disk under ./data, port 8080", () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.dataDir).toEndWith("/data");
    expect(c.database).toEqual({ dialect: "sqlite", path: `${c.dataDir}/signet.db` });
    expect(c.storage).toEqual({ kind: "local" });
    expect(c.baseUrl).toBe("http://localhost:8080");
    expect(c.portalBase).toBe(c.baseUrl);
    expect(c.dashboardBase).toBe(c.baseUrl);
    expect(c.trustedProxies).toEqual([]);
    expect(c.dev).toBe(false);
    expect(c.smtp).toBeUndefined();
    expect(c.smsDailyFuse).toBe(500);
  });

  test("the SMS daily fuse is a whole number of codes", () => {
    expect(loadConfig({ SIGNET_SMS_DAILY_FUSE: "25" }).smsDailyFuse).toBe(25);
    for (const bad of ["-1", "ten", "2.5", "1e3"]) {
      expect(() => loadConfig({ SIGNET_SMS_DAILY_FUSE: bad })).toThrow(ConfigError);
    }
  });

  test("the access-log sample is a share above 0 and up to 1; 1 (every request) by default", () => {
    expect(loadConfig({}).accessLogSample).toBe(1);
    expect(loadConfig({ SIGNET_ACCESS_LOG_SAMPLE: "0.1" }).accessLogSample).toBe(0.1);
    expect(loadConfig({}, splitFlags(["serve", "--access-log-sample", "0.25"]).values).accessLogSample).toBe(0.25);
    for (const bad of ["0", "1.5", "-0.1", "ten", "1e-1", "10%", "0.1.2"]) {
      expect(() => loadConfig({ SIGNET_ACCESS_LOG_SAMPLE: bad })).toThrow("SIGNET_ACCESS_LOG_SAMPLE");
    }
  });

  test("a flag wins over the environment, in both spellings", () => {
    const { values, rest } = splitFlags(["serve", "--port", "9000", "--data-dir=/srv/signet", "--dev", "1"]);
    expect(rest).toEqual(["serve"]);
    const c = loadConfig({ SIGNET_PORT: "7000", SIGNET_DATA_DIR: "/elsewhere" }, values);
    expect(c.port).toBe(9000);
    expect(c.dataDir).toBe("/srv/signet");
    expect(c.dev).toBe(true);
  });

  test("portal and dashboard bases default to the base URL, trailing slashes trimmed", () => {
    const c = loadConfig({ SIGNET_BASE_URL: "https://id.example.com/", SIGNET_DASHBOARD_BASE: "https://console.example.com" });
    expect(c.baseUrl).toBe("https://id.example.com");
    expect(c.portalBase).toBe("https://id.example.com");
    expect(c.dashboardBase).toBe("https://console.example.com");
  });

  test("the master key is 32 bytes in hex or base64", () => {
    const hex = "ab".repeat(32);
    expect(loadConfig({ SIGNET_MASTER_KEY: hex }).masterKey).toHaveLength(32);
    expect(loadConfig({ SIGNET_MASTER_KEY: Buffer.alloc(32, 7).toString("base64") }).masterKey).toHaveLength(32);
    expect(() => loadConfig({ SIGNET_MASTER_KEY: Buffer.alloc(16).toString("base64") })).toThrow(ConfigError);
  });

  test("S3 storage and SMTP settings are read together", () => {
    const c = loadConfig({
      SIGNET_STORAGE: "s3",
      SIGNET_S3_BUCKET: "files",
      SIGNET_S3_ENDPOINT: "http://127.0.0.1:4568",
      SIGNET_S3_FORCE_PATH_STYLE: "1",
      SIGNET_SMTP_URL: "smtp://u:p@mail.local:587",
    });
    expect(c.storage).toEqual({ kind: "s3", bucket: "files", endpoint: "http://127.0.0.1:4568", region: "us-east-1", accessKeyId: undefined, secretAccessKey: undefined, forcePathStyle: true });
    expect(c.smtp).toEqual({ url: "smtp://u:p@mail.local:587", from: "Signet <no-reply@localhost>" });
  });

  test("a flag without a value is refused", () => {
    expect(() => splitFlags(["serve", "--port"])).toThrow("--port: needs a value");
  });

  test("custom domains: the CNAME target is a hostname (normalised), DNS servers are addresses with optional ports", () => {
    const c = loadConfig({ SIGNET_CUSTOM_DOMAIN_TARGET: "Edge.Signet.Example.", SIGNET_DNS_SERVERS: "192.0.2.53, 127.0.0.1:5353,[2001:db8::53]:53" });
    expect(c.customDomainTarget).toBe("edge.signet.example");
    expect(c.dnsServers).toEqual(["192.0.2.53", "127.0.0.1:5353", "[2001:db8::53]:53"]);
    expect(c.cloudflareApiBase).toBe("https://api.cloudflare.com/client/v4");
    expect(loadConfig({}).customDomainTarget).toBeNull();
    for (const bad of ["https://edge.example", "edge", "203.0.113.1", "*.edge.example"]) expect(() => loadConfig({ SIGNET_CUSTOM_DOMAIN_TARGET: bad })).toThrow("SIGNET_CUSTOM_DOMAIN_TARGET");
    expect(() => loadConfig({ SIGNET_DNS_SERVERS: "dns.example" })).toThrow("SIGNET_DNS_SERVERS");
  });

  test("TLS: certificate and key together, https addresses (the default base becomes https), the redirect port only with TLS", () => {
    const c = loadConfig({ SIGNET_TLS_CERT: "/etc/tls/a.pem", SIGNET_TLS_KEY: "/etc/tls/a.key", SIGNET_HTTP_REDIRECT_PORT: "8081" });
    expect(c.tls).toEqual({ certFile: "/etc/tls/a.pem", keyFile: "/etc/tls/a.key" });
    expect(c.baseUrl).toBe("https://localhost:8080");
    expect(c.httpRedirectPort).toBe(8081);
    expect(loadConfig({}).tls).toBeNull();
    expect(() => loadConfig({ SIGNET_TLS_CERT: "/a.pem" })).toThrow("SIGNET_TLS_KEY");
    expect(() => loadConfig({ SIGNET_TLS_KEY: "/a.key" })).toThrow("SIGNET_TLS_CERT");
    expect(() => loadConfig({ SIGNET_HTTP_REDIRECT_PORT: "80" })).toThrow("SIGNET_HTTP_REDIRECT_PORT");
    expect(() => loadConfig({ SIGNET_TLS_CERT: "/a.pem", SIGNET_TLS_KEY: "/a.key", SIGNET_BASE_URL: "http://id.example" })).toThrow("SIGNET_BASE_URL");
    expect(() => loadConfig({ SIGNET_TLS_CERT: "/a.pem", SIGNET_TLS_KEY: "/a.key", SIGNET_PORTAL_BASE: "http://login.example" })).toThrow("SIGNET_PORTAL_BASE");
  });
});
