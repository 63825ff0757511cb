/**
 * The in-process test app: a fresh database per app, a test clock, and an HTTP helper
 * that talks to the real Elysia app through app.handle, as a client would.
 */
import { createApp, type App } from "../../src/app";
import { loadConfig, type Config } from "../../src/config";
import { closeContext, createContext, type AppContext, type ContextOverrides } from "../../src/context";
import { createLogger } from "../../src/platform/log";
import { TestClock } from "./clock";
import { createTestDatabase, type TestDatabase } from "./database";

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Bearer token for Authorization. */
  token?: string;
}

export interface TestApp {
  app: App;
  ctx: AppContext;
  clock: TestClock;
  config: Config;
  database: TestDatabase;
  /** Log lines the app wrote (parsed JSON). */
  logs: Record<string, any>[];
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

export interface TestAppOptions extends ContextOverrides {
  /** Extra settings, as environment variables (SIGNET_DEV: "1", …). */
  env?: Record<string, string>;
  clock?: TestClock;
}

export async function send(app: { handle(r: Request): Promise<Response> }, method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["content-type"] ??= "application/json";
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await app.handle(new Request(`http://localhost${path}`, { method, headers, body }));
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {}
  return { status: response.status, headers: response.headers, body: parsed, text };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    SIGNET_DATA_DIR: database.dataDir,
    SIGNET_DATABASE_URL: database.url,
    SIGNET_LOG_LEVEL: "info",
    ...(options.env ?? {}),
  });
  const logs: Record<string, any>[] = [];
  const clock = options.clock ?? new TestClock();
  const ctx = await createContext(config, {
    ...options,
    clock,
    logger: options.logger ?? createLogger("debug", (line) => logs.push(JSON.parse(line))),
  });
  const app = createApp(ctx);
  return {
    app,
    ctx,
    clock,
    config,
    database,
    logs,
    request: (method, path, opts) => send(app, method, path, opts),
    close: async () => {
      await closeContext(ctx);
      await database.drop();
    },
  };
}
