/**
 * FAKE peers of commerce, on one local HTTP server: it is not Stripe, Toss Payments, the
 * NTS status API, juso.go.kr or Popbill, and says so in every answer (x-fake-peer). There
 * is no local peer of any of them, so DESIGN §10 allows a fake. Each path answers the way
 * its provider documents it:
 *
 * - Stripe Connect: POST /v1/accounts, /v1/account_links, /v1/account_sessions,
 *   /v1/accounts/{id}, /v1/products, /v1/prices, /v1/products/{id}; GET /v1/accounts/{id}
 *   (form-encoded, Bearer secret key, Idempotency-Key answered from memory);
 * - Toss: POST /v1/billing/authorizations/issue (Basic secret key);
 * - NTS: POST /api/nts-businessman/v1/status?serviceKey=…;
 * - juso: GET /addrlink/addrLinkApi.do;
 * - Popbill: POST /POPBILL/Token (Linkhub HMAC, checked), /Join, /ATS; GET /KakaoTalk/?TG=….
 */
import { createHash, createHmac } from "node:crypto";

export const FAKE = {
  stripeKey: "sk_test_fake_commerce",
  stripeWebhookSecret: "whsec_fake_billing",
  connectWebhookSecret: "whsec_fake_connect",
  tossKey: "test_sk_fake_toss",
  ntsKey: "fake-nts-service-key",
  jusoKey: "fake-juso-confirm-key",
  popbillLinkId: "FAKELINK",
  popbillSecret: Buffer.from("fake popbill secret").toString("base64"),
};

export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  form: Record<string, string>;
  json: any;
}

export interface FakePeers {
  url: string;
  requests: FakeRequest[];
  /** Stripe's connected accounts by id. */
  accounts: Map<string, { id: string; charges_enabled: boolean; payouts_enabled: boolean; requirements: { currently_due: string[] }; metadata: Record<string, string> }>;
  /** Makes the next call to a path (prefix) answer this status and provider code. */
  failNext(pathPrefix: string, status: number, code: string): void;
  /** NTS answers for numbers (b_stt_cd); unknown numbers are unregistered. */
  businesses: Map<string, string>;
  /** Popbill's next ATS receipt reports the SMS fallback. */
  fallBackToSmsNext(): void;
  /** The env that points Signet at this server. */
  env(): Record<string, string>;
  /** A Connect webhook event as Stripe would POST it. */
  chargeEvent(input: { account: string; intentId: string; amount: number; currency: string; productId?: string; eventId?: string; atMs: number; secret?: string }): { body: string; signature: string };
  close(): void;
}

export function signStripe(payload: string, secret: string, atMs: number): string {
  const t = Math.floor(atMs / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${payload}`, "utf8").digest("hex")}`;
}

export function startFakePeers(): FakePeers {
  const requests: FakeRequest[] = [];
  const accounts: FakePeers["accounts"] = new Map();
  const businesses = new Map<string, string>();
  const byIdempotency = new Map<string, unknown>();
  const failures = new Map<string, { status: number; code: string }>();
  let smsFallback = false;
  let n = 0;
  const say = (body: unknown, status = 200) => Response.json(body, { status, headers: { "x-fake-peer": "signet-test-fake (not the real provider)" } });
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const text = await req.text();
      const type = req.headers.get("content-type") ?? "";
      const form = type.includes("form") ? Object.fromEntries(new URLSearchParams(text)) : {};
      const json = type.includes("json") && text ? JSON.parse(text) : null;
      const headers: Record<string, string> = {};
      req.headers.forEach((value, name) => void (headers[name] = value));
      requests.push({ method: req.method, path: url.pathname + url.search, headers, form, json });
      for (const [prefix, failure] of failures) {
        if (url.pathname.startsWith(prefix)) {
          failures.delete(prefix);
          return say({ error: { type: "api_error", code: failure.code, message: `fake failure ${failure.code}` }, code: failure.code, message: `fake failure ${failure.code}` }, failure.status);
        }
      }
      const idempotencyKey = req.headers.get("idempotency-key");
      if (url.pathname.startsWith("/v1/") && !url.pathname.startsWith("/v1/billing")) {
        if (req.headers.get("authorization") !== `Bearer ${FAKE.stripeKey}`) return say({ error: { type: "invalid_request_error", message: "Invalid API Key provided" } }, 401);
        if (idempotencyKey && byIdempotency.has(idempotencyKey)) return say(byIdempotency.get(idempotencyKey));
        let answer: unknown;
        const accountPath = url.pathname.match(/^\/v1\/accounts\/([^/]+)$/);
        const productPath = url.pathname.match(/^\/v1\/products\/([^/]+)$/);
        if (req.method === "POST" && url.pathname === "/v1/accounts") {
          const metadata: Record<string, string> = {};
          for (const [k, v] of Object.entries(form)) if (k.startsWith("metadata[")) metadata[k.slice(9, -1)] = v;
          const account = { id: `acct_fake_${++n}`, object: "account", charges_enabled: false, payouts_enabled: false, requirements: { currently_due: ["external_account", "tos_acceptance.date"] }, metadata };
          accounts.set(account.id, account);
          answer = account;
        } else if (req.method === "POST" && url.pathname === "/v1/account_links") {
          answer = { object: "account_link", url: `https://connect.fake.test/setup/${form.account}`, expires_at: 0 };
        } else if (req.method === "POST" && url.pathname === "/v1/account_sessions") {
          answer = { object: "account_session", account: form.account, client_secret: `accs_secret_fake_${++n}`, expires_at: 1_900_000_000 };
        } else if (accountPath && accounts.has(accountPath[1]!)) {
          answer = accounts.get(accountPath[1]!);
        } else if (req.method === "POST" && url.pathname === "/v1/products") {
          answer = { id: `prod_fake_${++n}`, object: "product", name: form.name, account: req.headers.get("stripe-account") };
        } else if (req.method === "POST" && url.pathname === "/v1/prices") {
          answer = { id: `price_fake_${++n}`, object: "price", product: form.product, unit_amount: Number(form.unit_amount), currency: form.currency };
        } else if (req.method === "POST" && productPath) {
          answer = { id: productPath[1], object: "product", active: form.active !== "false" };
        } else {
          return say({ error: { type: "invalid_request_error", message: `no such path ${url.pathname}` } }, 404);
        }
        if (idempotencyKey) byIdempotency.set(idempotencyKey, answer);
        return say(answer);
      }
      if (url.pathname === "/v1/billing/authorizations/issue") {
        if (req.headers.get("authorization") !== `Basic ${Buffer.from(`${FAKE.tossKey}:`).toString("base64")}`) return say({ code: "UNAUTHORIZED_KEY", message: "bad key" }, 401);
        if (json?.authKey === "refused") return say({ code: "INVALID_CARD", message: "card refused" }, 400);
        return say({ mId: "tvivarepublica", customerKey: json.customerKey, billingKey: `billing_fake_${++n}`, cardCompany: "신한", cardNumber: "4330****1234****" });
      }
      if (url.pathname === "/api/nts-businessman/v1/status") {
        if (url.searchParams.get("serviceKey") !== FAKE.ntsKey) return say({ status_code: "INVALID_KEY" }, 401);
        const number = json?.b_no?.[0];
        const code = businesses.get(number) ?? "";
        return say({ request_cnt: 1, status_code: "OK", data: [{ b_no: number, b_stt_cd: code, b_stt: code ? "계속사업자" : "", tax_type: code ? "부가가치세 일반과세자" : "국세청에 등록되지 않은 사업자등록번호입니다.", end_dt: code === "03" ? "20240101" : "" }] });
      }
      if (url.pathname === "/addrlink/addrLinkApi.do") {
        if (url.searchParams.get("confmKey") !== FAKE.jusoKey) return say({ results: { common: { errorCode: "E0001", errorMessage: "승인되지 않은 KEY 입니다." } } });
        const keyword = url.searchParams.get("keyword") ?? "";
        return say({ results: { common: { errorCode: "0", errorMessage: "정상", totalCount: "2" }, juso: [1, 2].map((i) => ({ roadAddr: `${keyword} ${i}`, jibunAddr: `${keyword} 지번 ${i}`, zipNo: `0600${i}`, bdNm: i === 1 ? "빌딩" : "" })) } });
      }
      if (url.pathname === "/POPBILL/Token") {
        const date = req.headers.get("x-lh-date") ?? "";
        const digest = ["POST", createHash("sha256").update(text).digest("base64"), date, "2.0", "/POPBILL/Token"].join("\n");
        const expected = `LINKHUB ${FAKE.popbillLinkId} ${createHmac("sha256", Buffer.from(FAKE.popbillSecret, "base64")).update(digest).digest("base64")}`;
        if (req.headers.get("authorization") !== expected) return say({ code: -11000001, message: "bad signature" }, 401);
        return say({ session_token: `pb_session_${json.access_id}`, expiration: "2099-01-01T00:00:00Z" });
      }
      if (!req.headers.get("authorization")?.startsWith("Bearer pb_session_")) return say({ code: -99999999, message: "no session" }, 401);
      if (url.pathname === "/Join") return say({ code: 1, message: "joined" });
      if (url.pathname === "/KakaoTalk/") return say({ url: `https://popbill.fake.test/kakao/${url.searchParams.get("TG")}?user=${req.headers.get("x-pb-userid")}` });
      if (url.pathname === "/ATS") {
        const altSent = smsFallback;
        smsFallback = false;
        return say({ receiptNum: `0${++n}`.padStart(18, "0"), altSent });
      }
      return say({ message: `no such path ${url.pathname}` }, 404);
    },
  });
  const url = `http://127.0.0.1:${server.port}`;
  return {
    url,
    requests,
    accounts,
    businesses,
    failNext: (prefix, status, code) => void failures.set(prefix, { status, code }),
    fallBackToSmsNext: () => void (smsFallback = true),
    env: () => ({
      SIGNET_STRIPE_SECRET_KEY: FAKE.stripeKey,
      SIGNET_STRIPE_WEBHOOK_SECRET: FAKE.stripeWebhookSecret,
      SIGNET_STRIPE_API_BASE: url,
      SIGNET_STRIPE_CONNECT_WEBHOOK_SECRET: FAKE.connectWebhookSecret,
      SIGNET_TOSS_SECRET_KEY: FAKE.tossKey,
      SIGNET_TOSS_API_BASE: url,
      SIGNET_BUSINESS_LOOKUP_KEY: FAKE.ntsKey,
      SIGNET_BUSINESS_LOOKUP_API_BASE: url,
      SIGNET_ADDRESS_SEARCH_KEY: FAKE.jusoKey,
      SIGNET_ADDRESS_SEARCH_API_BASE: url,
      SIGNET_POPBILL_LINK_ID: FAKE.popbillLinkId,
      SIGNET_POPBILL_SECRET_KEY: FAKE.popbillSecret,
      SIGNET_POPBILL_API_BASE: url,
    }),
    chargeEvent(input) {
      const event = {
        id: input.eventId ?? `evt_fake_${++n}`,
        object: "event",
        type: "payment_intent.succeeded",
        account: input.account,
        data: { object: { id: input.intentId, object: "payment_intent", amount: input.amount, amount_received: input.amount, currency: input.currency.toLowerCase(), metadata: input.productId ? { signet_product_id: input.productId } : {} } },
      };
      const body = JSON.stringify(event);
      return { body, signature: signStripe(body, input.secret ?? FAKE.connectWebhookSecret, input.atMs) };
    },
    close: () => server.stop(true),
  };
}
