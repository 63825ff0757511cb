/**
 * Behavior beacon and sign-in analytics (spec 2.5, 4.1, 4.5):
 * - POST /api/public/apps/{applicationKey}/analytics/events: the beacon's ingest;
 * - GET /beacon.js: the client script;
 * - /api/org/{slug}/analytics/app-groups: the collection switch per app group;
 * - /api/v1/admin/audit/analytics, …/analytics/rollup, …/behavior/rollup: the reports,
 *   for a dashboard session naming the organization with ?orgId= (its id or slug).
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { requestInfo } from "../../platform/http/kernel";
import { strictBody } from "../../platform/http/strict-body";
import { resolveSessionActor } from "../identity/index";
import { applyCors, PUBLIC_APP_PREFIX } from "../customers/index";
import { assertCan, orgGuard } from "../orgs/index";
import { uiFiles } from "../../platform/ui";
import { BEACON_LIMITS, countryOf, normaliseEvent, parseBatch } from "./beacon";
import { appGroupCollections, setCollection } from "./collection";
import { ANALYTICS_SCOPE, resolveAnalyticsCaller } from "./access";
import { analyticsErrors } from "./errors";
import { BeaconIngest, findBeaconTarget } from "./ingest";
import { behaviorRollupReport, BehaviorRollupView } from "./behavior-report";
import { signInAnalytics, SignInAnalyticsView, signInRollupReport, SignInRollupView } from "./sign-in-report";
import { kernelErrors } from "../../platform/http/error-catalog";

const BEACON_CACHE_SECONDS = 300;
const ORG_TAGS = ["Analytics"];

const AcceptedView = t.Object({
  accepted: t.Integer({ description: "Events kept (duplicates of a client uuid included: storing them again changes nothing)" }),
  dropped: t.Integer({ description: "Events dropped: unknown type, bad field, oversized data, or collection off for the app group" }),
});
const CollectionView = t.Object({ id: t.String(), name: t.String(), eventsEnabled: t.Boolean() });
const ReportQuery = t.Object({
  orgId: t.String({ minLength: 1, maxLength: 100, description: "The organization: its id or its slug." }),
  days: t.Optional(t.Integer({ description: "1 to 90 (out-of-range values are clamped), default 30" })),
  appGroupId: t.Optional(t.String({ minLength: 1, maxLength: 100, description: "Only this app group" })),
});

/** `{ analyticsOrg: true }`: the dashboard session and the organization named by ?orgId=. */
function analyticsGuard(ctx: AppContext) {
  return new Elysia({ name: "analytics.guard" }).macro({
    analyticsOrg: {
      async resolve({ request, cookie, query }) {
        const session = await resolveSessionActor(ctx.sessions, request, cookie);
        const caller = await resolveAnalyticsCaller(ctx, session, String((query as Record<string, unknown>).orgId ?? ""));
        assertCan(caller.actor, ANALYTICS_SCOPE);
        return { caller };
      },
    },
  });
}

export function analyticsRoutes(ctx: AppContext) {
  const ingest = new BeaconIngest(ctx);
  return new Elysia({ name: "analytics" })
    .use(orgGuard(ctx))
    .use(analyticsGuard(ctx))
    .post(
      `${PUBLIC_APP_PREFIX}/analytics/events`,
      async ({ params, request, body, set }) => {
        // Rule 4: the organization and app group come from the key, never from the payload.
        const target = await findBeaconTarget(ctx.db.read, params.applicationKey);
        if (!target) throw kernelErrors.error("notFound", { message: "no such application" });
        // Rule 1: only the application's own sites may send (and read the answer).
        if (!applyCors(target, request, set.headers as Record<string, string>)) {
          throw analyticsErrors.error("originNotAllowed");
        }
        const ip = requestInfo(request).ip;
        ingest.admit({ applicationId: target.applicationId, ip });
        const declared = request.headers.get("content-length");
        const raw = parseBatch(body, declared === null ? null : Number(declared));
        set.status = 202;
        // Rule 3: collection off for the app group: accepted and discarded.
        if (!target.eventsEnabled) return { accepted: 0, dropped: raw.length };
        const now = ctx.clock.now();
        const kept = raw.map((e) => normaliseEvent(e, now)).filter((e) => e !== null);
        const country = ctx.config.countryHeader ? countryOf(request.headers.get(ctx.config.countryHeader)) : null;
        if (kept.length > 0) await ingest.store({ orgId: target.orgId, appGroupId: target.appGroupId, applicationId: target.applicationId, ip, country }, kept);
        return { accepted: kept.length, dropped: raw.length - kept.length };
      },
      {
        params: t.Object({ applicationKey: t.String({ maxLength: 100 }) }),
        // Unknown fields are kept (not normalised away), so the body's size is measured whole.
        body: t.Union([t.String(), t.Object({ events: t.Array(t.Unknown()) }, { additionalProperties: true })], {
          description: "{events: [behavior event]} as application/json, or the same JSON as text/plain (navigator.sendBeacon)",
        }),
        response: { 202: AcceptedView },
        detail: {
          tags: ["Analytics"],
          summary: "Behavior beacon batch",
          description:
            `Stable contract (spec 9). Events: {id (client uuid, dedup key), type (page_view, page_leave, identify, custom.<name> with [a-z0-9_]{1,40}), path, ref, us, um, uc, dwell (ms, page_leave only), anon, euid, sid, ts, data (custom only, ≤ 2 KB)}. ` +
            `403 ORIGIN_NOT_ALLOWED unless Origin is one of the application's Allowed Origins; 429 rate_limited with Retry-After past ${BEACON_LIMITS.requestsPerMinute} requests a minute per application and IP; ` +
            `400 batch_too_large past ${BEACON_LIMITS.eventsPerRequest} events or 64 KB; 400 invalid_json / invalid_request for a body that is not {events: [...]}. ` +
            "An event breaking a rule is dropped alone, silently. 202 also when collection is off for the app group (everything discarded). Only the pathname of path and the domain of ref are kept; " +
            "ts is clamped to ±5 minutes; the country comes from the operator's trusted header, never the IP, which is not stored.",
        },
      },
    )
    .get(
      "/beacon.js",
      async ({ set }) => {
        const file = (await uiFiles()).get("beacon.js");
        if (!file) throw kernelErrors.error("notFound");
        set.headers["content-type"] = "text/javascript; charset=utf-8";
        // A stable URL customers embed: cached briefly so a new version reaches them soon.
        set.headers["cache-control"] = `public, max-age=${BEACON_CACHE_SECONDS}`;
        return file;
      },
      {
        detail: {
          tags: ["Analytics"],
          summary: "The beacon script",
          description:
            'Embed with <script async src="{signet}/beacon.js" data-app="client_…"></script>. Sends page_view, page_leave with dwell, and exposes signet.track(name, data), signet.identify(endUserId), signet.page(). ' +
            `Cached ${BEACON_CACHE_SECONDS} s.`,
        },
      },
    )
    .get(
      "/api/org/:slug/analytics/app-groups",
      async ({ org, orgActor }) => {
        assertCan(orgActor, ANALYTICS_SCOPE);
        return { appGroups: await appGroupCollections(ctx.db.read, org.id) };
      },
      {
        org: true,
        response: t.Object({ appGroups: t.Array(CollectionView) }),
        detail: { tags: ORG_TAGS, summary: "Collection switch of each app group", description: `Live app groups, oldest first, with eventsEnabled. Needs ${ANALYTICS_SCOPE} (Owner and Admin).` },
      },
    )
    .put(
      "/api/org/:slug/analytics/app-groups/:appGroupId",
      ({ org, orgActor, params, body, request }) =>
        setCollection(ctx, { org, actor: orgActor, requestId: requestInfo(request).id }, params.appGroupId, body.eventsEnabled),
      {
        org: true,
        params: t.Object({ slug: t.String(), appGroupId: t.String({ maxLength: 100 }) }),
        ...strictBody(t.Object({ eventsEnabled: t.Boolean() }, { additionalProperties: false })),
        response: CollectionView,
        detail: {
          tags: ORG_TAGS,
          summary: "Switch the beacon's collection for an app group",
          description:
            "Off: the beacon keeps answering 202 and discards. Needs org.app_group.update (Owner and Admin; else 403 PERMISSION_DENIED); another organization's or an unknown app group is 404. " +
            "A change is the audit event appgroup.analytics.collection_changed.",
        },
      },
    )
    .get("/api/v1/admin/audit/analytics", ({ caller, query }) => signInAnalytics(ctx, caller, query), {
      analyticsOrg: true,
      query: ReportQuery,
      response: SignInAnalyticsView,
      detail: {
        tags: ORG_TAGS,
        summary: "Sign-in analytics",
        description:
          "KPIs, daily series, providers, app groups, top IPs and org audit event types over `days` (1 to 90, default 30) ending today (UTC). Without the Audit Analytics add-on " +
          `days is clamped to 3, silently. Needs ${ANALYTICS_SCOPE} (Owner and Admin; else 403 PERMISSION_DENIED). windowSource: hot (raw sign-ins), rollup (every completed day from sealed rollups) or hot_fallback (some from raw sign-ins).`,
      },
    })
    .get("/api/v1/admin/audit/analytics/rollup", ({ caller, query }) => signInRollupReport(ctx, caller, query), {
      analyticsOrg: true,
      query: ReportQuery,
      response: SignInRollupView,
      detail: {
        tags: ORG_TAGS,
        summary: "Sign-in outcomes from sealed daily rollups",
        description:
          "The `days` completed UTC days before today (clamped to 3 without the Audit Analytics add-on). {available: false, reason: no_rollups_yet} when no day has a rollup; days without one are omitted.",
      },
    })
    .get("/api/v1/admin/audit/behavior/rollup", ({ caller, query }) => behaviorRollupReport(ctx, caller, query), {
      analyticsOrg: true,
      query: ReportQuery,
      response: BehaviorRollupView,
      detail: {
        tags: ORG_TAGS,
        summary: "Behavior analytics from sealed daily rollups",
        description:
          "The `days` completed UTC days before today (1 to 90, no add-on gate). visitorsUpperBound and identifiedUsersUpperBound add up per-day unique counts, so they are ceilings; views and dwell are exact. " +
          "Days without a rollup are omitted, not zero-filled. A completed day's rows are cached up to 7 days; a day with no rollup is remembered 10 minutes.",
      },
    });
}
