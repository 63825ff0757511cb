/**
 * The share viewer end to end in Chromium: files uploaded through the API, shared, and
 * opened at {portal_base}/f/{token}: an image, a text file and a PDF preview with a
 * download link; after a rotation the old link says it is no longer valid, and a
 * restricted file says it is not shared.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { createOrg, type TestOrg } from "../support/accounts";
import { launchChromium } from "../support/browser";
import { createTestApp, type TestApp } from "../support/harness";

let t: TestApp;
let org: TestOrg;
let browser: Browser;
let server: ReturnType<typeof Bun.serve>;
let base: string;

// A 1×1 PNG and the smallest PDF a viewer opens.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const PDF = [
  "%PDF-1.4",
  "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
  "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
  "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj",
  "trailer << /Root 1 0 R >>",
  "%%EOF",
].join("\n");

beforeAll(async () => {
  // The browser must reach the app, its pages and its signed blob URLs over real HTTP.
  let app: TestApp["app"] | undefined;
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => app!.handle(request) });
  base = `http://127.0.0.1:${server.port}`;
  t = await createTestApp({ env: { SIGNET_BASE_URL: base, SIGNET_PORTAL_BASE: base } });
  app = t.app;
  org = await createOrg(t, "owner@viewer.example", "Viewer Co");
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  server?.stop(true);
  await t?.close();
});

async function upload(name: string, type: string, content: BlobPart): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([content], { type }), name);
  const r = await t.request("POST", `/api/org/${org.slug}/files`, { token: org.owner.token, body: form });
  if (r.status !== 200 && r.status !== 201) throw new Error(`upload: ${r.status} ${r.text}`);
  return r.body.id;
}

async function shareLink(fileId: string): Promise<string> {
  const r = await t.request("PATCH", `/api/org/${org.slug}/files/${fileId}/share`, { token: org.owner.token, json: { mode: "link_anyone" } });
  expect(r.status).toBe(200);
  return r.body.shareUrl;
}

async function open(url: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(url);
  return page;
}

describe("the share viewer in Chromium", () => {
  test("an image previews, with the file's name and a download link", async () => {
    const link = await shareLink(await upload("pixel.png", "image/png", PNG));
    expect(link.startsWith(`${base}/f/`)).toBe(true);
    const page = await open(link);
    await page.waitForSelector("#image-preview");
    await page.waitForFunction(() => (document.getElementById("image-preview") as HTMLImageElement).complete);
    expect(await page.$eval("#image-preview", (img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    expect(await page.textContent("#file-name")).toBe("pixel.png");
    const download = await page.$eval("#download", (a) => ({ href: (a as HTMLAnchorElement).href, name: a.getAttribute("download") }));
    expect(download.name).toBe("pixel.png");
    const fetched = await fetch(download.href);
    expect(fetched.status).toBe(200);
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(PNG);
    await page.close();
  });

  test("text previews as text (never as HTML)", async () => {
    const text = "Agenda <b>not bold</b>\nsecond line — ünïcode";
    const page = await open(await shareLink(await upload("agenda.txt", "text/plain", text)));
    await page.waitForSelector("#text-preview");
    expect(await page.textContent("#text-preview")).toBe(text);
    expect(await page.$$("#text-preview b")).toHaveLength(0);
    await page.close();
  });

  test("a PDF previews in a frame that loads the inline content", async () => {
    const page = await open(await shareLink(await upload("minutes.pdf", "application/pdf", PDF)));
    await page.waitForSelector("#pdf-preview");
    const src = await page.$eval("#pdf-preview", (frame) => (frame as HTMLIFrameElement).src);
    const content = await fetch(src);
    expect(content.status).toBe(200);
    expect(content.headers.get("content-type")).toContain("application/pdf");
    expect(content.headers.get("content-disposition")).toContain("inline");
    await page.close();
  });

  test("after a rotation the old link says it is no longer valid; a restricted file says it is not shared", async () => {
    const fileId = await upload("rotate-me.txt", "text/plain", "soon gone");
    const oldLink = await shareLink(fileId);
    const rotated = await t.request("POST", `/api/org/${org.slug}/files/${fileId}/share/rotate`, { token: org.owner.token });
    expect(rotated.status).toBe(200);
    let page = await open(oldLink);
    await page.waitForFunction(() => document.getElementById("status")?.textContent?.includes("no longer valid"));
    expect(await page.isHidden("#file")).toBe(true);
    await page.close();

    page = await open(rotated.body.shareUrl);
    await page.waitForSelector("#text-preview");
    expect(await page.textContent("#text-preview")).toBe("soon gone");
    await page.close();

    await t.request("PATCH", `/api/org/${org.slug}/files/${fileId}/share`, { token: org.owner.token, json: { mode: "restricted" } });
    page = await open(rotated.body.shareUrl);
    await page.waitForFunction(() => document.getElementById("status")?.textContent?.includes("not shared"));
    await page.close();
  });
});
