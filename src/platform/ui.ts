/**
 * The dashboard's bundled files, by file name ("index.html", "chunk-1a2b3c4d.js", …).
 * The compiled binary hands over the files it embeds before the CLI starts (see
 * build/compile.ts). From source nothing is handed over, so the first request bundles
 * embedded-ui/ in memory: a fresh clone serves the page with no build step.
 */
import { basename } from "node:path";
import { buildUi } from "../../embedded-ui/build";

export type UiFiles = ReadonlyMap<string, Blob>;

let files: Promise<UiFiles> | undefined;

/** Used by the compiled binary's entry: file name → path of the embedded file. */
export function useEmbeddedUi(paths: Record<string, string>): void {
  files = Promise.resolve(new Map(Object.entries(paths).map(([name, path]) => [name, Bun.file(path)])));
}

async function bundle(): Promise<UiFiles> {
  const outputs = await buildUi();
  // Copied into plain Blobs: Elysia sends a Blob as a body but would serialise a BuildArtifact as JSON.
  const entries = await Promise.all(outputs.map(async (o) => [basename(o.path), new Blob([await o.arrayBuffer()], { type: o.type })] as const));
  return new Map(entries);
}

export function uiFiles(): Promise<UiFiles> {
  files ??= bundle().catch((error) => {
    files = undefined; // the next request tries again (from source, after a fix)
    throw error;
  });
  return files;
}
