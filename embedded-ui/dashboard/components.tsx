/**
 * Building blocks every page shares: loading and error states, labelled fields, a
 * button that shows progress while its action runs, copy-to-clipboard, and the usage bar.
 */
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useState } from "preact/hooks";
import { ApiProblem } from "./api";
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
  if (!error) return null;
  const requestId = error instanceof ApiProblem ? error.requestId : null;
  return (
    <>
      <p class="error" role="alert">
        {describeError(error)}
      </p>
      {requestId ? (
        <p class="muted request-id">
          Request id <code>{requestId}</code> (for your administrator)
        </p>
      ) : null}
    </>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p class="muted" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" /> Loading {what}…
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

/**
 * A button for an action that talks to the server: disabled with a spinner while it
 * runs, and the refusal shown beside it in plain words.
 */
export function ActionButton({
  onAction,
  children,
  kind = "primary",
  disabled,
  id,
  label,
}: {
  onAction: () => Promise<unknown>;
  children: ComponentChildren;
  kind?: "primary" | "secondary" | "danger";
  disabled?: boolean;
  id?: string;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await onAction();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span class="action">
      <button type="button" id={id} class={kind} disabled={disabled || busy} aria-busy={busy} aria-label={label} onClick={run}>
        {busy ? <span class="spinner" aria-hidden="true" /> : null}
        {children}
      </button>
      <ErrorMessage error={error} />
    </span>
  );
}

/** A form whose submit runs an async action with progress and a plain-words error. */
export function Form({ onSubmit, children, submitLabel, id }: { onSubmit: () => Promise<unknown>; children: ComponentChildren; submitLabel: string; id?: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
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

export function CopyButton({ text, label = "Copy", id }: { text: string; label?: string; id?: string }) {
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
      {copied ? "Copied" : label}
      <span class="visually-hidden" aria-live="polite">
        {copied ? " to the clipboard" : ""}
      </span>
    </button>
  );
}

/** A secret shown once: the value, a copy button and what to do with it. */
export function SecretOnce({ title, value, children, onDone, kept = "only a hash" }: { title: string; value: string; children?: ComponentChildren; onDone: () => void; kept?: string }) {
  return (
    <div class="secret" role="region" aria-label={title}>
      <p>
        <strong>{title}</strong> {children}
      </p>
      <div class="secret-row">
        <code class="secret-value">{value}</code>
        <CopyButton text={value} id="copy-secret" />
      </div>
      <p class="muted">This is the only time it is shown: Signet keeps {kept}. Store it in your secret manager now.</p>
      <button type="button" class="secondary" onClick={onDone}>
        I have stored it
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

export function Section({ title, children, id, actions }: { title: string; children: ComponentChildren; id?: string; actions?: ComponentChildren }) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-heading`;
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
  const valid = /^#[0-9A-Fa-f]{6}$/.test(value);
  return (
    <div class="field color-field">
      <label for={`${id}-text`}>{label}</label>
      <div class="color-row">
        <input type="color" id={id} aria-label={`${label}: picker`} value={valid ? value.toLowerCase() : "#000000"} onInput={(e) => onChange((e.target as HTMLInputElement).value)} />
        <input
          type="text"
          id={`${id}-text`}
          pattern="#[0-9A-Fa-f]{6}"
          maxLength={7}
          placeholder="#RRGGBB"
          value={value}
          aria-describedby={`${id}-hint`}
          onInput={(e) => onChange((e.target as HTMLInputElement).value)}
        />
        {value ? (
          <button type="button" class="link" onClick={() => onChange("")} aria-label={`Clear ${label.toLowerCase()}`}>
            Clear
          </button>
        ) : null}
      </div>
      <small id={`${id}-hint`} class="muted">
        #RRGGBB, or empty for the default
      </small>
    </div>
  );
}
