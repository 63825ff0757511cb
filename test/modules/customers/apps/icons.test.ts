/**
 * Uploaded app-group icons (spec 4.4 POST/DELETE /app-groups/{groupId}/icon): a
 * multipart part named file, recognised by its bytes (PNG, JPEG, WebP; SVG refused), at
 * most 512 KB, stored in the blob store and served at a public, immutable URL; replacing
 * or removing it deletes the stored bytes. The JSON {iconUrl} form keeps working.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ICON_MAX_BYTES } from "../../../../src/modules/customers/apps/icons";
import { addMember, createOrg, type SignedInUser, type TestOrg } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";
import { eventsOf, machineToken, orgApi } from "./support";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const WEBP = new Uint8Array([...new TextEncoder().encode("RIFF"), 20, 0, 0, 0, ...new TextEncoder().encode("WEBPVP8 "), 1, 2, 3, 4]);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let member: SignedInUser;
let group: any;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "owner@icons.example", "Icons Co");
  other = await createOrg(t, "owner@icons-other.example", "Icons Other");
  member = await addMember(t, org, "member@icons.example", "member");
  group = (await orgApi(t, org)("POST", "/app-groups", org.owner.token, { name: "Iconic" })).body;
}, 60_000);
afterAll(() => t.close());

function form(bytes: Uint8Array<ArrayBuffer>, type = "image/png", partName = "file"): FormData {
  const body = new FormData();
  body.append("note", "ignored");
  body.append(partName, new Blob([bytes], { type }), "icon.bin");
  return body;
}

const upload = (body: BodyInit, options: { token?: string; groupId?: string; slug?: string; headers?: Record<string, string> } = {}) =>
  t.request("POST", `/api/org/${options.slug ?? org.slug}/app-groups/${options.groupId ?? group.id}/icon`, { body, token: options.token ?? org.owner.token, headers: options.headers });

/** The path of one of our icon URLs, and its blob key. */
function stored(iconUrl: string) {
  const path = new URL(iconUrl).pathname;
  const version = path.split("/").at(-1)!;
  return { path, blobKey: `app-group-icons/${group.id}/${version}` };
}

/** The group's icon events, oldest first. */
async function iconEvents() {
  return (await eventsOf(t, org, "appgroup.icon_changed")).filter((e) => e.appGroupId === group.id).sort((a, b) => Number(a.seq) - Number(b.seq));
}

async function currentIcon(): Promise<string | null> {
  return (await orgApi(t, org)("GET", `/app-groups/${group.id}`, org.owner.token)).body.iconUrl;
}

describe("upload", () => {
  test("a PNG becomes the group's icon at a public URL, served with its sniffed type and cached for good", async () => {
    const r = await upload(form(PNG, "application/octet-stream"));
    expect(r.status).toBe(200);
    expect(r.body.iconUrl).toMatch(new RegExp(`^${t.config.baseUrl}/api/public/app-groups/${group.groupKey}/icon/[0-9a-f]{32}$`));
    const served = await t.app.handle(new Request(`http://localhost${stored(r.body.iconUrl).path}`));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect((await iconEvents()).at(-1)!.payload).toEqual({ appGroupId: group.id, iconUrl: r.body.iconUrl });
  });

  test("the bytes decide the type, not the part's Content-Type: JPEG and WebP are served as what they are", async () => {
    for (const [bytes, type] of [
      [JPEG, "image/jpeg"],
      [WEBP, "image/webp"],
    ] as const) {
      const r = await upload(form(bytes, "image/png"));
      expect(r.status).toBe(200);
      const served = await t.request("GET", stored(r.body.iconUrl).path);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(type);
    }
  });

  test("a new upload retires the previous URL and deletes its bytes", async () => {
    const first = (await upload(form(PNG))).body.iconUrl;
    const second = (await upload(form(JPEG))).body.iconUrl;
    expect(second).not.toBe(first);
    expect((await t.request("GET", stored(first).path)).status).toBe(404);
    expect(await t.ctx.blobs.get(stored(first).blobKey)).toBeNull();
    expect((await t.request("GET", stored(second).path)).status).toBe(200);
  });

  test("SVG, text posing as PNG and an empty file are 400 invalid_icon_type; the icon stays as it was", async () => {
    const before = await currentIcon();
    for (const [bytes, type] of [
      [SVG, "image/svg+xml"],
      [SVG, "image/png"],
      [new TextEncoder().encode("hello, I am a PNG"), "image/png"],
      [new Uint8Array(), "image/png"],
    ] as const) {
      const r = await upload(form(bytes, type));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "invalid_icon_type", field: "file" });
    }
    expect(await currentIcon()).toBe(before);
  });

  test("512 KB is taken; one byte more is 400 file_too_large", async () => {
    const exact = new Uint8Array(ICON_MAX_BYTES);
    exact.set(PNG);
    expect((await upload(form(exact))).status).toBe(200);
    const before = await currentIcon();
    const over = new Uint8Array(ICON_MAX_BYTES + 1);
    over.set(PNG);
    const r = await upload(form(over));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "file_too_large", field: "file", limitBytes: ICON_MAX_BYTES });
    expect(await currentIcon()).toBe(before);
  });

  test("no part named file is 400 no_file; a multipart body without boundary is 400 multipart_form_required", async () => {
    const noFile = await upload(form(PNG, "image/png", "image"));
    expect(noFile.status).toBe(400);
    expect(noFile.body).toMatchObject({ error: "no_file", field: "file" });
    const noBoundary = await upload("--x\r\n", { headers: { "content-type": "multipart/form-data" } });
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body.error).toBe("multipart_form_required");
  });

  test("a member without the scope is 403 and another organization's group is 404; nothing is stored", async () => {
    const before = await currentIcon();
    const denied = await upload(form(PNG), { token: member.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("PERMISSION_DENIED");
    const foreign = await upload(form(PNG), { token: other.owner.token, slug: other.slug });
    expect(foreign.status).toBe(404);
    const unknown = await upload(form(PNG), { groupId: "appgroup_00000000000000000000000000000000" });
    expect(unknown.status).toBe(404);
    expect(await currentIcon()).toBe(before);
  });

  test("a machine with the scope may upload too", async () => {
    const token = await machineToken(t, org, { scopes: ["org.app_group.update", "org.app_group.read"] });
    const r = await upload(form(WEBP), { token });
    expect(r.status).toBe(200);
    expect((await t.request("GET", stored(r.body.iconUrl).path)).headers.get("content-type")).toBe("image/webp");
  });
});

describe("JSON, removal and the public route", () => {
  test("an https iconUrl replaces an uploaded icon and its bytes are deleted; bad JSON is still 400 naming the field", async () => {
    const uploaded = (await upload(form(PNG))).body.iconUrl;
    const api = orgApi(t, org);
    let r = await api("POST", `/app-groups/${group.id}/icon`, org.owner.token, {});
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "invalid_request", field: "iconUrl" });
    r = await api("POST", `/app-groups/${group.id}/icon`, org.owner.token, { iconUrl: "https://cdn.example.com/a.png", extra: 1 });
    expect(r.body).toMatchObject({ error: "invalid_request", field: "extra" });
    const malformed = await upload("{", { headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(await currentIcon()).toBe(uploaded);

    r = await api("POST", `/app-groups/${group.id}/icon`, org.owner.token, { iconUrl: "https://cdn.example.com/a.png" });
    expect(r.status).toBe(200);
    expect(r.body.iconUrl).toBe("https://cdn.example.com/a.png");
    expect(await t.ctx.blobs.get(stored(uploaded).blobKey)).toBeNull();
    expect((await t.request("GET", stored(uploaded).path)).status).toBe(404);
  });

  test("setting the current uploaded URL again keeps its bytes", async () => {
    const uploaded = (await upload(form(PNG))).body.iconUrl;
    const r = await orgApi(t, org)("POST", `/app-groups/${group.id}/icon`, org.owner.token, { iconUrl: uploaded });
    expect(r.status).toBe(200);
    expect((await t.request("GET", stored(uploaded).path)).status).toBe(200);
  });

  test("DELETE clears iconUrl and deletes the stored bytes", async () => {
    const uploaded = (await upload(form(JPEG))).body.iconUrl;
    const r = await orgApi(t, org)("DELETE", `/app-groups/${group.id}/icon`, org.owner.token);
    expect(r.status).toBe(200);
    expect(r.body.iconUrl).toBeNull();
    expect(await t.ctx.blobs.get(stored(uploaded).blobKey)).toBeNull();
    expect((await t.request("GET", stored(uploaded).path)).status).toBe(404);
    expect((await iconEvents()).at(-1)!.payload).toEqual({ appGroupId: group.id, iconUrl: null });
  });

  test("unknown groups, made-up versions and deleted groups are 404", async () => {
    const api = orgApi(t, org);
    const doomed = (await api("POST", "/app-groups", org.owner.token, { name: "Doomed" })).body;
    const r = await t.request("POST", `/api/org/${org.slug}/app-groups/${doomed.id}/icon`, { body: form(PNG), token: org.owner.token });
    const path = new URL(r.body.iconUrl).pathname;
    expect((await t.request("GET", path)).status).toBe(200);
    expect((await t.request("GET", `/api/public/app-groups/${doomed.groupKey}/icon/${"0".repeat(32)}`)).status).toBe(404);
    expect((await t.request("GET", `/api/public/app-groups/nope/icon/${"0".repeat(32)}`)).status).toBe(404);
    await api("DELETE", `/app-groups/${doomed.id}`, org.owner.token);
    expect((await t.request("GET", path)).status).toBe(404);
    expect(await t.ctx.blobs.get(stored(r.body.iconUrl).blobKey)).toBeNull();
  });
});
