/**
 * The analytics beacon, served at /beacon.js (spec 2.5, 4.1). Embed it with
 *
 *   <script async src="https://SIGNET/beacon.js" data-app="client_…"></script>
 *
 * It sends page_view on load and page_leave (with the time on the page) when the page
 * goes away, and exposes `signet.track(name, data)` for custom.<name> events,
 * `signet.identify(endUserId)` and `signet.page()` (a page_view after a client-side
 * navigation). Events are queued and sent in batches of at most 50: every few seconds
 * with fetch, and with navigator.sendBeacon when the page is hidden or unloaded. The
 * body is text/plain, so no CORS preflight is needed. Kept small: under 2 KB gzipped.
 */
(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  const app = script?.dataset.app;
  if (!script || !app) return;
  const endpoint = new URL(`/api/public/apps/${encodeURIComponent(app)}/analytics/events`, script.src).href;
  const SESSION_IDLE_MS = 30 * 60 * 1000;
  const FLUSH_MS = 5000;
  const BATCH = 50;

  const uuid = () => crypto.randomUUID();
  // Event ids are time-ordered (UUIDv7 layout: milliseconds first), so the server's
  // dedup index grows at its end instead of at random places.
  const eventId = () => {
    const ms = Date.now().toString(16).padStart(12, "0");
    const random = uuid();
    return `${ms.slice(0, 8)}-${ms.slice(8)}-7${random.slice(15, 18)}-${random.slice(19)}`;
  };
  const stored = (key: string, make: () => string): string => {
    try {
      let value = localStorage.getItem(key);
      if (!value) localStorage.setItem(key, (value = make()));
      return value;
    } catch {
      return make();
    }
  };
  const anon = stored("signet.anon", uuid);
  let euid: string | null = null;
  try {
    euid = localStorage.getItem("signet.euid");
  } catch {}

  // The session id rolls over after 30 idle minutes.
  const session = (): string => {
    const now = Date.now();
    let s: { id: string; last: number } | null = null;
    try {
      s = JSON.parse(localStorage.getItem("signet.sid") ?? "null");
    } catch {}
    if (!s || now - s.last > SESSION_IDLE_MS) s = { id: uuid(), last: now };
    s.last = now;
    try {
      localStorage.setItem("signet.sid", JSON.stringify(s));
    } catch {}
    return s.id;
  };

  const params = new URLSearchParams(location.search);
  const utm = { us: params.get("utm_source"), um: params.get("utm_medium"), uc: params.get("utm_campaign") };
  let queue: Record<string, unknown>[] = [];
  let shownAt = Date.now();
  let left = false;

  const push = (type: string, extra: Record<string, unknown> = {}) => {
    queue.push({ id: eventId(), type, path: location.pathname, anon, euid, sid: session(), ts: Date.now(), ...extra });
    if (queue.length >= BATCH) flush(false);
  };

  const flush = (unloading: boolean) => {
    while (queue.length) {
      const body = JSON.stringify({ events: queue.slice(0, BATCH) });
      queue = queue.slice(BATCH);
      const blob = new Blob([body], { type: "text/plain" });
      if (!(unloading && navigator.sendBeacon?.(endpoint, blob))) {
        fetch(endpoint, { method: "POST", body: blob, keepalive: true, credentials: "omit" }).catch(() => {});
      }
    }
  };

  const page = () => {
    shownAt = Date.now();
    left = false;
    push("page_view", { ref: document.referrer || null, ...utm });
  };

  const leave = () => {
    if (left) return;
    left = true;
    push("page_leave", { dwell: Date.now() - shownAt });
    flush(true);
  };

  (window as any).signet = {
    page,
    track: (name: string, data?: Record<string, unknown>) => push(`custom.${name}`, data ? { data } : {}),
    identify: (id: string) => {
      euid = id;
      try {
        localStorage.setItem("signet.euid", id);
      } catch {}
      push("identify");
    },
  };

  addEventListener("pagehide", leave);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush(true);
  });
  setInterval(() => flush(false), FLUSH_MS);
  page();
})();
