/**
 * Files: upload with a progress bar, list and search, trash and restore, sharing (mode
 * toggle, copy link, rotate), the usage bar against the quota, and lifecycle rules.
 */
import { useRef, useState } from "preact/hooks";
import { api, query, uploadWithProgress } from "../api";
import { ActionButton, CopyButton, EmptyState, ErrorMessage, Loaded, ProgressBar, Section, Select, Toggle, useLoad } from "../components";
import { formatBytes, formatTime, plural } from "../messages";
import type { Org } from "../session";
import { LifecycleRules } from "./lifecycle";

interface FileRow {
  id: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  /** free, or meeting:{id} for a meeting's minutes and recordings (approval, notification…). */
  scope: string;
  uploadedAt: string;
  storageClass: string;
  deletedAt: string | null;
  restorableUntil: string | null;
}

interface Share {
  mode: "restricted" | "link_anyone";
  shareUrl: string | null;
}

interface Usage {
  usedBytes: number;
  limitBytes: number | null;
  fileCount: number;
  trashedBytes: number;
  trashedCount: number;
  trashRetentionDays: number;
}

const PAGE_SIZE = 20;

export function FilesPage({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}`;
  // A link from another page may open the list searched (?q=) and for everyone (?view=all), as a meeting's filed minutes do.
  const [linked] = useState(() => new URLSearchParams(location.search));
  const [trashed, setTrashed] = useState(false);
  const [view, setView] = useState(linked.get("view") === "all" ? "all" : "mine");
  const [search, setSearch] = useState(linked.get("q") ?? "");
  const [q, setQ] = useState(linked.get("q") ?? "");
  const [page, setPage] = useState(1);
  const files = useLoad(
    () => api<{ files: FileRow[]; total: number }>("GET", `${base}/files${query({ trashed: trashed || undefined, q, view, page, pageSize: PAGE_SIZE })}`),
    [org.slug, trashed, view, q, page],
  );
  const usage = useLoad(() => api<Usage>("GET", `${base}/storage/usage`), [org.slug]);
  const refresh = () => {
    files.reload();
    usage.reload();
  };

  return (
    <>
      <div class="page-head">
        <h1>Files</h1>
      </div>
      <Section title="Storage" id="storage">
        <Loaded state={usage} what="storage usage">
          {(u) => (
            <>
              <p id="usage-text">
                {formatBytes(u.usedBytes)} {u.limitBytes === null ? "used; this plan has no limit" : `of ${formatBytes(u.limitBytes)} used`} by {plural(u.fileCount, "file")}. The trash holds{" "}
                {plural(u.trashedCount, "file")} ({formatBytes(u.trashedBytes)}), kept {plural(u.trashRetentionDays, "day")}; it does not count.
              </p>
              {u.limitBytes !== null ? <ProgressBar value={u.usedBytes} max={u.limitBytes} label="Storage used against the plan's quota" /> : null}
            </>
          )}
        </Loaded>
        <Uploader uploadPath={`${base}/files`} onUploaded={refresh} />
      </Section>

      <Section title={trashed ? "Trash" : "Files"} id="file-list">
        <div class="toolbar">
          <form
            class="inline-form"
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              setPage(1);
              setQ(search.trim());
            }}
          >
            <label for="file-search">Search by name</label>
            <input id="file-search" type="search" maxLength={200} value={search} onInput={(e) => setSearch((e.target as HTMLInputElement).value)} />
            <button type="submit" class="secondary">
              Search
            </button>
          </form>
          <Select
            label="Show"
            id="file-view"
            value={view}
            onChange={(v) => {
              setPage(1);
              setView(v);
            }}
            options={[
              ["mine", "My uploads"],
              ["all", "Everyone's (admins)"],
            ]}
          />
          <Toggle
            id="show-trash"
            label="Show the trash"
            checked={trashed}
            onChange={(on) => {
              setPage(1);
              setTrashed(on);
            }}
          />
        </div>
        <Loaded state={files} what="files">
          {(list) =>
            list.files.length === 0 ? (
              <EmptyState title={q ? `No file matches “${q}”.` : trashed ? "The trash is empty." : "No files yet."}>
                {trashed ? "Trashed files stay here until their retention ends." : q ? "Try another part of the name." : "Upload one above: up to 10 MB each."}
              </EmptyState>
            ) : (
              <>
                <ul class="file-list" id="files">
                  {list.files.map((f) => (
                    <FileItem key={f.id} file={f} base={base} onChanged={refresh} />
                  ))}
                </ul>
                <Pager page={page} total={list.total} onPage={setPage} />
              </>
            )
          }
        </Loaded>
      </Section>
      <LifecycleRules org={org} />
    </>
  );
}

function Uploader({ uploadPath, onUploaded }: { uploadPath: string; onUploaded: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const upload = async (event: Event) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    setError(null);
    setDone(null);
    if (!file) return setError(new Error("Choose a file to upload."));
    const form = new FormData();
    form.append("file", file, file.name);
    setProgress({ name: file.name, fraction: 0 });
    try {
      await uploadWithProgress(uploadPath, form, (fraction) => setProgress({ name: file.name, fraction }));
      setDone(file.name);
      if (input.current) input.current.value = "";
      onUploaded();
    } catch (e) {
      setError(e);
    } finally {
      setProgress(null);
    }
  };
  return (
    <form class="inline-form uploader" onSubmit={upload} id="upload-form">
      <label for="upload-input">File to upload (at most 10 MB)</label>
      <input id="upload-input" type="file" ref={input} />
      <button type="submit" class="primary" disabled={progress !== null}>
        Upload
      </button>
      {progress ? (
        <div class="upload-progress" role="status">
          Uploading {progress.name}: {Math.round(progress.fraction * 100)}%
          <ProgressBar value={progress.fraction} max={1} label={`Uploading ${progress.name}`} />
        </div>
      ) : null}
      {done ? (
        <p role="status" class="success">
          Uploaded {done}.
        </p>
      ) : null}
      <ErrorMessage error={error} />
    </form>
  );
}

function FileItem({ file, base, onChanged }: { file: FileRow; base: string; onChanged: () => void }) {
  const path = `${base}/files/${file.id}`;
  const [share, setShare] = useState<Share | null>(null);
  const [shareError, setShareError] = useState<unknown>(null);
  const [sharing, setSharing] = useState(false);

  const openShare = async () => {
    setShareError(null);
    if (share) return setShare(null);
    try {
      setShare(await api<Share>("GET", `${path}/share`));
    } catch (e) {
      setShareError(e);
    }
  };
  const setMode = async (anyone: boolean) => {
    const before = share;
    const mode = anyone ? "link_anyone" : "restricted";
    setShareError(null);
    setSharing(true);
    // The switch moves at once; a refusal puts it back and says why.
    setShare(before && { ...before, mode });
    try {
      setShare(await api<Share>("PATCH", `${path}/share`, { mode }));
    } catch (e) {
      setShare(before);
      setShareError(e);
    } finally {
      setSharing(false);
    }
  };

  return (
    <li class="file card" data-file-name={file.fileName} data-file-scope={file.scope}>
      <div class="file-main">
        <span class="file-name">{file.fileName}</span>
        <span class="muted">
          {formatBytes(file.sizeBytes)} · {file.contentType} · {formatTime(file.uploadedAt)}
          {file.scope.startsWith("meeting:") ? " · for a meeting" : ""}
          {file.storageClass === "infrequent" ? " · infrequent access" : ""}
          {file.restorableUntil ? ` · restorable until ${formatTime(file.restorableUntil)}` : ""}
        </span>
      </div>
      <div class="file-actions">
        {file.deletedAt ? (
          <ActionButton
            kind="secondary"
            label={`Restore ${file.fileName}`}
            onAction={async () => {
              await api("POST", `${path}/restore`);
              onChanged();
            }}
          >
            Restore
          </ActionButton>
        ) : (
          <>
            <ActionButton
              kind="secondary"
              label={`Download ${file.fileName}`}
              onAction={async () => {
                const { url } = await api<{ url: string }>("GET", `${path}/download`);
                location.assign(url);
              }}
            >
              Download
            </ActionButton>
            <button type="button" class="secondary" aria-expanded={share !== null} aria-label={`Share ${file.fileName}`} onClick={openShare}>
              Share
            </button>
            <ActionButton
              kind="danger"
              label={`Trash ${file.fileName}`}
              onAction={async () => {
                await api("DELETE", path);
                onChanged();
              }}
            >
              Trash
            </ActionButton>
          </>
        )}
      </div>
      <ErrorMessage error={shareError} />
      {share ? (
        <div class="share-panel">
          <Toggle label="Anyone with the link can view" checked={share.mode === "link_anyone"} disabled={sharing} onChange={setMode} />
          {share.mode === "link_anyone" && share.shareUrl ? (
            <div class="secret-row">
              <a class="share-url" href={share.shareUrl} target="_blank" rel="noreferrer">
                {share.shareUrl}
              </a>
              <CopyButton text={share.shareUrl} label="Copy link" />
              <ActionButton
                kind="secondary"
                onAction={async () => {
                  if (!confirm("Make a new link? The current one stops working.")) return;
                  setShare(await api<Share>("POST", `${path}/share/rotate`));
                }}
              >
                New link
              </ActionButton>
            </div>
          ) : (
            <p class="muted">Only members of the organization can open this file.</p>
          )}
        </div>
      ) : null}
    </li>
  );
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages === 1) return null;
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" class="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button type="button" class="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
