/**
 * Files: upload with a progress bar, list and search, trash and restore, sharing (mode
 * toggle, copy link, rotate), the usage bar against the quota, and lifecycle rules.
 */
import { useRef, useState } from "preact/hooks";
import { api, query, uploadWithProgress } from "../api";
import { ActionButton, CopyButton, EmptyState, ErrorMessage, Loaded, ProgressBar, Section, Select, showToast, Toggle, useLoad } from "../components";
import { formatBytes, formatTime } from "../messages";
import type { Org } from "../session";
import { useT } from "../language";
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

type Translate = ReturnType<typeof useT>;
/** "1 file", "3 files" in the page's language (Korean and Japanese have one form). */
const fileCount = (t: Translate, count: number) => t(count === 1 ? "files.fileOne" : "files.fileOther", { count });
const dayCount = (t: Translate, count: number) => t(count === 1 ? "files.dayOne" : "files.dayOther", { count });

export function FilesPage({ org }: { org: Org }) {
  const t = useT();
  const base = `/api/org/${org.slug}`;
  // A link from another page may open the list searched (?q=) and for everyone (?view=all), as a meeting's filed minutes do.
  const [linked] = useState(() => new URLSearchParams(location.search));
  const [trashed, setTrashed] = useState(false);
  const [view, setView] = useState(linked.get("view") === "all" ? "all" : "mine");
  const [search, setSearch] = useState(linked.get("q") ?? "");
  const [q, setQ] = useState(linked.get("q") ?? "");
  const [page, setPage] = useState(1);
  const files = useLoad(
    () => api<{ files: FileRow[]; total: number; totalExact: boolean; nextCursor: string | null }>("GET", `${base}/files${query({ trashed: trashed || undefined, q, view, page, pageSize: PAGE_SIZE })}`),
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
        <h1>{t("files.title")}</h1>
      </div>
      <Section title={t("files.storage")} id="storage">
        <Loaded state={usage} what={t("files.usageWhat")}>
          {(u) => (
            <>
              <p id="usage-text">
                {u.limitBytes === null
                  ? t("files.usageNoLimit", { used: formatBytes(u.usedBytes), files: fileCount(t, u.fileCount) })
                  : t("files.usageOfLimit", { used: formatBytes(u.usedBytes), limit: formatBytes(u.limitBytes), files: fileCount(t, u.fileCount) })}{" "}
                {t("files.trashUsage", { files: fileCount(t, u.trashedCount), size: formatBytes(u.trashedBytes), days: dayCount(t, u.trashRetentionDays) })}
              </p>
              {u.limitBytes !== null ? <ProgressBar value={u.usedBytes} max={u.limitBytes} label={t("files.quotaBar")} /> : null}
            </>
          )}
        </Loaded>
        <Uploader uploadPath={`${base}/files`} onUploaded={refresh} />
      </Section>

      <Section title={trashed ? t("files.trash") : t("files.title")} id="file-list">
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
            <label for="file-search">{t("files.searchByName")}</label>
            <input id="file-search" type="search" maxLength={200} value={search} onInput={(e) => setSearch((e.target as HTMLInputElement).value)} />
            <button type="submit" class="secondary">
              {t("files.search")}
            </button>
          </form>
          <Select
            label={t("files.show")}
            id="file-view"
            value={view}
            onChange={(v) => {
              setPage(1);
              setView(v);
            }}
            options={[
              ["mine", t("files.mine")],
              ["all", t("files.all")],
            ]}
          />
          <Toggle
            id="show-trash"
            label={t("files.showTrash")}
            checked={trashed}
            onChange={(on) => {
              setPage(1);
              setTrashed(on);
            }}
          />
        </div>
        <Loaded state={files} what={t("files.what")}>
          {(list) =>
            list.files.length === 0 ? (
              <EmptyState title={q ? t("files.noMatch", { q }) : trashed ? t("files.trashEmpty") : t("files.noFiles")}>
                {trashed ? t("files.trashHint") : q ? t("files.noMatchHint") : t("files.noFilesHint")}
              </EmptyState>
            ) : (
              <>
                <ul class="file-list" id="files">
                  {list.files.map((f) => (
                    <FileItem key={f.id} file={f} base={base} onChanged={refresh} />
                  ))}
                </ul>
                <Pager page={page} total={list.total} totalExact={list.totalExact} hasNext={list.nextCursor !== null} onPage={setPage} />
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
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const upload = async (event: Event) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    setError(null);
    setDone(null);
    if (!file) return setError(new Error(t("files.chooseFile")));
    const form = new FormData();
    form.append("file", file, file.name);
    setProgress({ name: file.name, fraction: 0 });
    try {
      await uploadWithProgress(uploadPath, form, (fraction) => setProgress({ name: file.name, fraction }));
      setDone(file.name);
      showToast(t("files.uploaded", { name: file.name }));
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
      <label for="upload-input">{t("files.fileToUpload")}</label>
      <input id="upload-input" type="file" ref={input} />
      <button type="submit" class="primary" disabled={progress !== null}>
        {t("files.upload")}
      </button>
      {progress ? (
        <div class="upload-progress" role="status">
          {t("files.uploading", { name: progress.name, percent: Math.round(progress.fraction * 100) })}
          <ProgressBar value={progress.fraction} max={1} label={t("files.uploadingLabel", { name: progress.name })} />
        </div>
      ) : null}
      {done ? (
        <p role="status" class="success">
          {t("files.uploaded", { name: done })}
        </p>
      ) : null}
      <ErrorMessage error={error} />
    </form>
  );
}

function FileItem({ file, base, onChanged }: { file: FileRow; base: string; onChanged: () => void }) {
  const t = useT();
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
          {file.scope.startsWith("meeting:") ? t("files.forMeeting") : ""}
          {file.storageClass === "infrequent" ? t("files.infrequent") : ""}
          {file.restorableUntil ? t("files.restorableUntil", { time: formatTime(file.restorableUntil) }) : ""}
        </span>
      </div>
      <div class="file-actions">
        {file.deletedAt ? (
          <ActionButton
            kind="secondary"
            label={t("files.restoreLabel", { name: file.fileName })}
            done={t("files.restored", { name: file.fileName })}
            onAction={async () => {
              await api("POST", `${path}/restore`);
              onChanged();
            }}
          >
            {t("files.restore")}
          </ActionButton>
        ) : (
          <>
            <ActionButton
              kind="secondary"
              label={t("files.downloadLabel", { name: file.fileName })}
              onAction={async () => {
                const { url } = await api<{ url: string }>("GET", `${path}/download`);
                location.assign(url);
              }}
            >
              {t("files.download")}
            </ActionButton>
            <button type="button" class="secondary" aria-expanded={share !== null} aria-label={t("files.shareLabel", { name: file.fileName })} onClick={openShare}>
              {t("files.share")}
            </button>
            <ActionButton
              kind="danger"
              label={t("files.trashLabel", { name: file.fileName })}
              done={t("files.trashed", { name: file.fileName })}
              onAction={async () => {
                await api("DELETE", path);
                onChanged();
              }}
            >
              {t("files.trashAction")}
            </ActionButton>
          </>
        )}
      </div>
      <ErrorMessage error={shareError} />
      {share ? (
        <div class="share-panel">
          <Toggle label={t("files.anyoneWithLink")} checked={share.mode === "link_anyone"} disabled={sharing} onChange={setMode} />
          {share.mode === "link_anyone" && share.shareUrl ? (
            <div class="secret-row">
              <a class="share-url" href={share.shareUrl} target="_blank" rel="noreferrer">
                {share.shareUrl}
              </a>
              <CopyButton text={share.shareUrl} label={t("files.copyLink")} />
              <ActionButton
                kind="secondary"
                done={t("files.newLinkDone")}
                onAction={async () => {
                  if (!confirm(t("files.confirmNewLink"))) return;
                  setShare(await api<Share>("POST", `${path}/share/rotate`));
                }}
              >
                {t("files.newLink")}
              </ActionButton>
            </div>
          ) : (
            <p class="muted">{t("files.membersOnly")}</p>
          )}
        </div>
      ) : null}
    </li>
  );
}

/** Past the server's count cap (totalExact false) the number of pages is a lower bound ("500+"); Next follows whether the server has more. */
function Pager({ page, total, totalExact, hasNext, onPage }: { page: number; total: number; totalExact: boolean; hasNext: boolean; onPage: (page: number) => void }) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE), totalExact ? 1 : page);
  if (pages === 1 && totalExact) return null;
  return (
    <nav class="pager" aria-label={t("files.pages")}>
      <button type="button" class="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("files.previous")}
      </button>
      <span>
        {t("files.pageOf", { page, pages: totalExact ? pages : `${pages}+` })}
      </span>
      <button type="button" class="secondary" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {t("files.next")}
      </button>
    </nav>
  );
}
