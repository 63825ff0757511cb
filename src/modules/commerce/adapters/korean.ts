/**
 * The Korean package's peers (spec 4.4), each an outbound adapter with an offline dev
 * default (DESIGN §8):
 *
 * - Toss Payments issues a KRW billing key from the authKey its card window returned
 *   (POST /v1/billing/authorizations/issue, Basic auth with the secret key);
 * - the National Tax Service's status API on data.go.kr looks up a business registration
 *   number (POST /api/nts-businessman/v1/status?serviceKey=…);
 * - juso.go.kr searches road-name addresses (GET /addrlink/addrLinkApi.do);
 * - Popbill joins the organization as a member, opens its Kakao channel, template and
 *   sender-number popups, and sends alimtalk with SMS fallback. Each call carries a
 *   Linkhub session token, obtained with the partner's LinkID and an HMAC-SHA256 of the
 *   request under its secret key.
 *
 * Unset and not in dev mode, an adapter is null and its route answers 503
 * provider_not_configured.
 */
import { createHash, createHmac } from "node:crypto";
import { callPeer, PeerError } from "./http";

export interface BillingKeyIssued {
  billingKey: string;
  cardCompany: string | null;
  cardNumberMasked: string | null;
}

export interface TossBilling {
  readonly provider: "dev" | "toss";
  issueBillingKey(input: { authKey: string; customerKey: string }): Promise<BillingKeyIssued>;
}

export type BusinessStatus = "active" | "suspended" | "closed" | "unregistered";

export interface BusinessLookup {
  lookup(number: string): Promise<{ status: BusinessStatus; taxType: string | null; closedOn: string | null }>;
}

export interface AddressHit {
  roadAddress: string;
  jibunAddress: string;
  zipCode: string;
  buildingName: string | null;
}

export interface AddressSearch {
  search(query: string): Promise<{ total: number; results: AddressHit[] }>;
}

export type KakaoPopup = "channel" | "template" | "sender";

export interface AlimtalkMessage {
  corpNum: string;
  userId: string;
  templateCode: string;
  senderNumber: string;
  to: string;
  text: string;
  /** The SMS Popbill sends instead when the alimtalk cannot be delivered. */
  fallbackText: string;
}

export interface Popbill {
  joinMember(input: { corpNum: string; corpName: string; ceoName: string; userId: string; contactEmail: string }): Promise<void>;
  popupUrl(input: { corpNum: string; userId: string; kind: KakaoPopup }): Promise<string>;
  /** Alimtalk with SMS fallback: which went (Popbill reports the fallback on the receipt). */
  sendAlimtalk(message: AlimtalkMessage): Promise<{ receiptNum: string; channel: "alimtalk" | "sms" }>;
}

export interface KoreanAdapters {
  toss: TossBilling | null;
  businessLookup: BusinessLookup | null;
  addressSearch: AddressSearch | null;
  popbill: Popbill | null;
}

export function createTossBilling(config: { secretKey: string; apiBase: string }, fetcher: typeof fetch = fetch): TossBilling {
  return {
    provider: "toss",
    async issueBillingKey(input) {
      const body = await callPeer(
        fetcher,
        "Toss Payments",
        {
          method: "POST",
          url: new URL("/v1/billing/authorizations/issue", config.apiBase),
          headers: { authorization: `Basic ${Buffer.from(`${config.secretKey}:`).toString("base64")}`, "content-type": "application/json" },
          body: JSON.stringify({ authKey: input.authKey, customerKey: input.customerKey }),
        },
        (b) => (typeof b?.code === "string" ? b.code : null),
      );
      if (typeof body.billingKey !== "string") throw new PeerError("Toss Payments", "answered without a billingKey", null, null);
      return {
        billingKey: body.billingKey,
        cardCompany: typeof body.cardCompany === "string" ? body.cardCompany : null,
        cardNumberMasked: typeof body.cardNumber === "string" ? body.cardNumber : typeof body.card?.number === "string" ? body.card.number : null,
      };
    },
  };
}

const NTS_STATUS: Record<string, BusinessStatus> = { "01": "active", "02": "suspended", "03": "closed" };

export function createBusinessLookup(config: { serviceKey: string; apiBase: string }, fetcher: typeof fetch = fetch): BusinessLookup {
  return {
    async lookup(number) {
      const url = new URL("/api/nts-businessman/v1/status", config.apiBase);
      url.searchParams.set("serviceKey", config.serviceKey);
      const body = await callPeer(fetcher, "NTS business status", { method: "POST", url, headers: { "content-type": "application/json" }, body: JSON.stringify({ b_no: [number] }) });
      const row = Array.isArray(body.data) ? body.data.find((d: any) => d?.b_no === number) : null;
      if (!row) throw new PeerError("NTS business status", "answered without the number asked", null, null);
      return {
        status: NTS_STATUS[row.b_stt_cd] ?? "unregistered",
        taxType: typeof row.tax_type === "string" && row.tax_type && NTS_STATUS[row.b_stt_cd] ? row.tax_type : null,
        closedOn: typeof row.end_dt === "string" && row.end_dt ? row.end_dt : null,
      };
    },
  };
}

export function createAddressSearch(config: { confirmKey: string; apiBase: string }, fetcher: typeof fetch = fetch): AddressSearch {
  return {
    async search(query) {
      const url = new URL("/addrlink/addrLinkApi.do", config.apiBase);
      for (const [k, v] of Object.entries({ confmKey: config.confirmKey, currentPage: "1", countPerPage: "10", keyword: query, resultType: "json" })) url.searchParams.set(k, v);
      const body = await callPeer(fetcher, "juso.go.kr", { method: "GET", url });
      const common = body.results?.common;
      if (common?.errorCode !== "0") throw new PeerError("juso.go.kr", common?.errorMessage ?? "answered an error", null, typeof common?.errorCode === "string" ? common.errorCode : null);
      const hits: any[] = Array.isArray(body.results?.juso) ? body.results.juso : [];
      return {
        total: Number(common.totalCount) || 0,
        results: hits.map((j) => ({ roadAddress: String(j.roadAddr ?? ""), jibunAddress: String(j.jibunAddr ?? ""), zipCode: String(j.zipNo ?? ""), buildingName: j.bdNm ? String(j.bdNm) : null })),
      };
    },
  };
}

const POPBILL_SERVICE = "POPBILL";
const LINKHUB_VERSION = "2.0";
const POPUP_TG: Record<KakaoPopup, string> = { channel: "PLUSFRIEND", template: "TEMPLATE", sender: "SENDER" };

/**
 * Popbill through Linkhub: a session token per corporation number (kept until shortly
 * before it expires), then the service call with it as a bearer.
 */
export function createPopbill(config: { linkId: string; secretKey: string; apiBase: string }, now: () => number, fetcher: typeof fetch = fetch): Popbill {
  const tokens = new Map<string, { token: string; expiresAt: number }>();
  async function sessionToken(corpNum: string): Promise<string> {
    const cached = tokens.get(corpNum);
    if (cached && cached.expiresAt - 60_000 > now()) return cached.token;
    const path = `/${POPBILL_SERVICE}/Token`;
    const body = JSON.stringify({ access_id: corpNum, scope: ["member", "153"] });
    const date = new Date(now()).toISOString();
    const digest = ["POST", createHash("sha256").update(body).digest("base64"), date, LINKHUB_VERSION, path].join("\n");
    const signature = createHmac("sha256", Buffer.from(config.secretKey, "base64")).update(digest).digest("base64");
    const answer = await callPeer(fetcher, "Popbill", {
      method: "POST",
      url: new URL(path, config.apiBase),
      headers: { "content-type": "application/json", "x-lh-date": date, "x-lh-version": LINKHUB_VERSION, authorization: `LINKHUB ${config.linkId} ${signature}` },
      body,
    });
    if (typeof answer.session_token !== "string") throw new PeerError("Popbill", "answered without a session token", null, null);
    tokens.set(corpNum, { token: answer.session_token, expiresAt: Date.parse(answer.expiration ?? "") || now() + 30 * 60_000 });
    return answer.session_token;
  }
  const call = async (corpNum: string, userId: string | null, method: "GET" | "POST", path: string, payload?: unknown) =>
    callPeer(
      fetcher,
      "Popbill",
      {
        method,
        url: new URL(path, config.apiBase),
        headers: {
          authorization: `Bearer ${await sessionToken(corpNum)}`,
          "x-pb-version": "1.0",
          ...(userId ? { "x-pb-userid": userId } : {}),
          ...(payload === undefined ? {} : { "content-type": "application/json" }),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      },
      (b) => (b?.code === undefined ? null : String(b.code)),
    );
  return {
    async joinMember(input) {
      await call(input.corpNum, null, "POST", "/Join", {
        LinkID: config.linkId,
        CorpNum: input.corpNum,
        CorpName: input.corpName,
        CEOName: input.ceoName,
        ID: input.userId,
        ContactEmail: input.contactEmail,
      });
    },
    async popupUrl(input) {
      const answer = await call(input.corpNum, input.userId, "GET", `/KakaoTalk/?TG=${POPUP_TG[input.kind]}`);
      if (typeof answer.url !== "string") throw new PeerError("Popbill", "answered without a popup url", null, null);
      return answer.url;
    },
    async sendAlimtalk(message) {
      const answer = await call(message.corpNum, message.userId, "POST", "/ATS", {
        templateCode: message.templateCode,
        snd: message.senderNumber,
        content: message.text,
        altContent: message.fallbackText,
        // C: send the alternative text as SMS when the alimtalk fails.
        altSendType: "C",
        msgs: [{ rcv: message.to, msg: message.text, altmsg: message.fallbackText }],
      });
      if (typeof answer.receiptNum !== "string") throw new PeerError("Popbill", "answered without a receipt number", null, null);
      return { receiptNum: answer.receiptNum, channel: answer.altSent === true ? "sms" : "alimtalk" };
    },
  };
}

/**
 * The offline defaults of dev mode: keys and receipts derived from the input, every
 * registered number active, three made-up addresses for any query, popups that open the
 * dashboard, and alimtalk written to the dev outbox. Nothing leaves
 * the machine.
 */
export function createDevKoreanAdapters(dashboardBase: string, outbox: { send(message: { to: string; text: string }): Promise<unknown> }): KoreanAdapters {
  return {
    toss: {
      provider: "dev",
      issueBillingKey: async (input) => ({ billingKey: `dev_billing_${createHash("sha256").update(input.authKey).digest("hex").slice(0, 24)}`, cardCompany: "dev", cardNumberMasked: "4330****1234****" }),
    },
    businessLookup: { lookup: async () => ({ status: "active", taxType: "부가가치세 일반과세자", closedOn: null }) },
    addressSearch: {
      search: async (query) => ({
        total: 3,
        results: [1, 2, 3].map((n) => ({ roadAddress: `서울특별시 중구 ${query}로 ${n}`, jibunAddress: `서울특별시 중구 ${query}동 ${n}`, zipCode: `0454${n}`, buildingName: null })),
      }),
    },
    popbill: {
      joinMember: async () => {},
      popupUrl: async (input) => `${dashboardBase}/?popbill=${input.kind}`,
      // Into the dev outbox, where /api/dev/outbox shows it as it shows texted codes.
      sendAlimtalk: async (message) => {
        await outbox.send({ to: message.to, text: message.text });
        return { receiptNum: `dev_${createHash("sha256").update(message.to + message.text).digest("hex").slice(0, 18)}`, channel: "alimtalk" };
      },
    },
  };
}
