/**
 * Building blocks every page shares: loading and error states, labelled fields, a
 * button that shows progress while its action runs, the toast that says it is done,
 * copy-to-clipboard, and the usage bar.
 */
import { Fragment, type ComponentChildren } from "preact";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { ApiProblem, changesAccepted } from "./api";
import { useLanguage, useT } from "./language";
import { describeError } from "./messages";

/** Loads data for a page; `reload` fetches again (after a change). */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data: T | undefined; error: unknown; loading: boolean; reload: () => void } {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => current && setState({ data, loading: false }),
      (error) => current && setState({ error, loading: false }),
    );
    return () => {
      current = false;
    };
  }, [...deps, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

export function ErrorMessage({ error }: { error: unknown }) {
  const t = useT();
  const { language } = useLanguage();
  if (!error) return null;
  const requestId = error instanceof ApiProblem ? error.requestId : null;
  return (
    <>
      <p class="error" role="alert">
        {describeError(error, language)}
      </p>
      {requestId ? (
        <p class="muted request-id">
          {t("components.requestId")} <code>{requestId}</code> {t("components.forYourAdministrator")}
        </p>
      ) : null}
    </>
  );
}

export function Loading({ what }: { what: string }) {
  const t = useT();
  return (
    <p class="muted" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" /> {t("components.loading", { what })}
    </p>
  );
}

/** Shows the loading state or the error, else renders `children` with the data. */
export function Loaded<T>({ state, what, children }: { state: { data: T | undefined; error: unknown; loading: boolean }; what: string; children: (data: T) => ComponentChildren }) {
  if (state.error && state.data === undefined) return <ErrorMessage error={state.error} />;
  if (state.data === undefined) return <Loading what={what} />;
  return <>{children(state.data)}</>;
}

export function EmptyState({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="empty">
      <p class="empty-title">{title}</p>
      {children ? <p>{children}</p> : null}
    </div>
  );
}

/** One toast: what was done, said once to screen readers through the polite live region. */
interface Toast {
  id: number;
  text: string;
}

const toastListeners = new Set<(toast: Toast) => void>();
let lastToastId = 0;
/** Long enough to read a sentence, short enough not to pile up (issue: toasts vanish after a few seconds). */
const TOAST_MILLISECONDS = 6000;

/** Says `text` in the toast region (rendered once by the app's shell). */
export function showToast(text: string): void {
  const toast = { id: ++lastToastId, text };
  for (const listener of toastListeners) listener(toast);
}

/**
 * Runs `action` and, when it finished and the server accepted at least one change on the
 * way (a page's action may stop early, as on a declined confirm()), says so in a toast.
 */
async function runAndTell(action: () => Promise<unknown>, doneText: () => string): Promise<void> {
  const before = changesAccepted();
  await action();
  if (changesAccepted() > before) showToast(doneText());
}

/**
 * The polite live region where finished actions are told: each toast goes after a few
 * seconds or when dismissed (its button, or Escape while the focus is in the region).
 */
export function Toasts() {
  const t = useT();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);
  useEffect(() => {
    const add = (toast: Toast) => {
      // Three at most: an older one makes room.
      setToasts((list) => [...list.slice(-2), toast]);
      timers.current.set(
        toast.id,
        setTimeout(() => dismiss(toast.id), TOAST_MILLISECONDS),
      );
    };
    toastListeners.add(add);
    return () => {
      toastListeners.delete(add);
      for (const timer of timers.current.values()) clearTimeout(timer);
    };
  }, [dismiss]);
  const onKeyDown = (event: KeyboardEvent) => {
    const newest = toasts[toasts.length - 1];
    if (event.key === "Escape" && newest) dismiss(newest.id);
  };
  return (
    <div class="toasts" id="toasts" role="status" aria-live="polite" aria-label={t("components.notifications")} onKeyDown={onKeyDown}>
      {toasts.map((toast) => (
        <div class="toast" key={toast.id}>
          <span class="toast-text">{toast.text}</span>
          <button type="button" class="toast-dismiss" aria-label={t("components.dismiss")} onClick={() => dismiss(toast.id)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}

/**
 * A button for an action that talks to the server: disabled with a spinner while it
 * runs, the refusal shown beside it in plain words, and a toast once it is done:
 * `done`, else the catalog's sentence around the button's label.
 */
export function ActionButton({
  onAction,
  children,
  kind = "primary",
  disabled,
  id,
  label,
  done,
}: {
  onAction: () => Promise<unknown>;
  children: ComponentChildren;
  kind?: "primary" | "secondary" | "danger";
  disabled?: boolean;
  id?: string;
  label?: string;
  /** What the toast says once the action succeeded. */
  done?: string;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const button = useRef<HTMLButtonElement>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    // Read before the action: the button may be gone (its row removed) when it ends.
    const action = label ?? button.current?.textContent?.trim() ?? "";
    try {
      await runAndTell(onAction, () => done ?? (action ? t("components.done", { action }) : t("components.doneGeneric")));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span class="action">
      <button type="button" ref={button} id={id} class={kind} disabled={disabled || busy} aria-busy={busy} aria-label={label} onClick={run}>
        {busy ? <span class="spinner" aria-hidden="true" /> : null}
        {children}
      </button>
      <ErrorMessage error={error} />
    </span>
  );
}

/** A form whose submit runs an async action with progress, a plain-words error, and a toast once done (`done`, else from the submit label). */
export function Form({
  onSubmit,
  children,
  submitLabel,
  id,
  done,
}: {
  onSubmit: () => Promise<unknown>;
  children: ComponentChildren;
  submitLabel: string;
  id?: string;
  done?: string;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await runAndTell(onSubmit, () => done ?? t("components.done", { action: submitLabel }));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="form" id={id} onSubmit={submit}>
      {children}
      <div class="form-actions">
        <button type="submit" class="primary" disabled={busy} aria-busy={busy}>
          {busy ? <span class="spinner" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
      </div>
      <ErrorMessage error={error} />
    </form>
  );
}

let nextFieldId = 0;

interface FieldProps {
  label: string;
  /** Shown under the input and tied to it with aria-describedby. */
  hint?: string;
  id?: string;
  type?: "text" | "email" | "number" | "date" | "datetime-local" | "search" | "url" | "password";
  inputMode?: "decimal" | "numeric" | "text";
  value: string;
  onInput: (event: Event) => void;
  required?: boolean;
  autoComplete?: string;
  maxLength?: number;
  min?: number;
  max?: number;
  step?: number | "any";
  pattern?: string;
  placeholder?: string;
}

/** An input with its label. */
export function Field({ label, hint, id, ...input }: FieldProps) {
  const [fieldId] = useState(() => id ?? `field-${++nextFieldId}`);
  return (
    <div class="field">
      <label for={fieldId}>{label}</label>
      {/* preact's input typing is a union per `type`; these props are valid for every type used here. */}
      <input {...(input as Record<string, unknown>)} id={fieldId} aria-describedby={hint ? `${fieldId}-hint` : undefined} />
      {hint ? (
        <small id={`${fieldId}-hint`} class="muted">
          {hint}
        </small>
      ) : null}
    </div>
  );
}

export function Select({ label, options, value, onChange, id }: { label: string; options: [string, string][]; value: string; onChange: (value: string) => void; id?: string }) {
  const [fieldId] = useState(() => id ?? `field-${++nextFieldId}`);
  return (
    <div class="field">
      <label for={fieldId}>{label}</label>
      <select id={fieldId} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
        {options.map(([key, text]) => (
          <option value={key} key={key}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A text area with its label, and an optional hint tied to it with aria-describedby. */
export function TextArea({
  label,
  hint,
  id,
  value: text,
  onInput,
  rows = 3,
  maxLength,
  required,
}: {
  label: string;
  hint?: string;
  id?: string;
  value: string;
  onInput: (value: string) => void;
  rows?: number;
  maxLength?: number;
  required?: boolean;
}) {
  const [fieldId] = useState(() => id ?? `field-${++nextFieldId}`);
  return (
    <div class="field">
      <label for={fieldId}>{label}</label>
      <textarea
        id={fieldId}
        rows={rows}
        maxLength={maxLength}
        required={required}
        value={text}
        aria-describedby={hint ? `${fieldId}-hint` : undefined}
        onInput={(e) => onInput((e.target as HTMLTextAreaElement).value)}
      />
      {hint ? (
        <small id={`${fieldId}-hint`} class="muted">
          {hint}
        </small>
      ) : null}
    </div>
  );
}

export function Toggle({ label, checked, onChange, id, disabled }: { label: string; checked: boolean; onChange: (checked: boolean) => void; id?: string; disabled?: boolean }) {
  return (
    <label class="toggle">
      <input type="checkbox" role="switch" id={id} checked={checked} disabled={disabled} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} />
      <span>{label}</span>
    </label>
  );
}

export function CopyButton({ text, label, id }: { text: string; label?: string; id?: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Without clipboard permission (plain http), select-and-copy still works.
      const area = document.createElement("textarea");
      area.value = text;
      document.body.append(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <button type="button" class="secondary" id={id} onClick={copy}>
      {copied ? t("components.copied") : (label ?? t("components.copy"))}
      <span class="visually-hidden" aria-live="polite">
        {copied ? ` ${t("components.toTheClipboard")}` : ""}
      </span>
    </button>
  );
}

/** A secret shown once: the value, a copy button and what to do with it. */
export function SecretOnce({ title, value, children, onDone, kept }: { title: string; value: string; children?: ComponentChildren; onDone: () => void; kept?: string }) {
  const t = useT();
  return (
    <div class="secret" role="region" aria-label={title}>
      <p>
        <strong>{title}</strong> {children}
      </p>
      <div class="secret-row">
        <code class="secret-value">{value}</code>
        <CopyButton text={value} id="copy-secret" />
      </div>
      <p class="muted">{t("components.shownOnce", { kept: kept ?? t("components.onlyAHash") })}</p>
      <button type="button" class="secondary" onClick={onDone}>
        {t("components.storedIt")}
      </button>
    </div>
  );
}

export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div class="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div class={`progress-fill${percent >= 90 ? " progress-high" : ""}`} style={{ width: `${percent}%` }} />
    </div>
  );
}

export function Badge({ tone, children }: { tone: "good" | "warn" | "bad" | "neutral"; children: ComponentChildren }) {
  return <span class={`badge badge-${tone}`}>{children}</span>;
}

let nextSectionId = 0;

export function Section({ title, children, id, actions }: { title: string; children: ComponentChildren; id?: string; actions?: ComponentChildren }) {
  // A title in Korean or Japanese has no latin letters to make an id from: a counter keeps the ids unique.
  const [fallbackId] = useState(() => `section-${++nextSectionId}`);
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const headingId = `${id ?? (/[a-z0-9]/.test(slug) ? slug : fallbackId)}-heading`;
  return (
    <section class="card" aria-labelledby={headingId} id={id}>
      <div class="card-head">
        <h2 id={headingId}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/**
 * A colour as #RRGGBB: a picker and the same value as text, kept in step. Empty means
 * "not set" (the picker cannot show that, so it shows black until a colour is chosen).
 */
export function ColorField({ label, id, value, onChange }: { label: string; id: string; value: string; onChange: (value: string) => void }) {
  const t = useT();
  const valid = /^#[0-9A-Fa-f]{6}$/.test(value);
  return (
    <div class="field color-field">
      <label for={`${id}-text`}>{label}</label>
      <div class="color-row">
        <input type="color" id={id} aria-label={t("components.colorPicker", { label })} value={valid ? value.toLowerCase() : "#000000"} onInput={(e) => onChange((e.target as HTMLInputElement).value)} />
        <input
          type="text"
          id={`${id}-text`}
          pattern="#[0-9A-Fa-f]{6}"
          maxLength={7}
          placeholder={"#RRGGBB"}
          value={value}
          aria-describedby={`${id}-hint`}
          onInput={(e) => onChange((e.target as HTMLInputElement).value)}
        />
        {value ? (
          <button type="button" class="link" onClick={() => onChange("")} aria-label={t("components.clearColor", { label: label.toLowerCase() })}>
            {t("components.clear")}
          </button>
        ) : null}
      </div>
      <small id={`${id}-hint`} class="muted">
        {t("components.colorHint")}
      </small>
    </div>
  );
}

/**
 * A translated sentence with elements inside it (a <code>, a link): `text` is the catalog's
 * words with their {placeholders} left in, each replaced by the element of the same name.
 */
export function Interpolate({ text, values }: { text: string; values: Record<string, ComponentChildren> }) {
  const parts = text.split(/\{(\w+)\}/);
  return <>{parts.map((part, index) => (index % 2 === 1 ? <Fragment key={index}>{part in values ? values[part] : `{${part}}`}</Fragment> : part))}</>;
}
