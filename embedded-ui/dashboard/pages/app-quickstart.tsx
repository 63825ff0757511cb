/** An application's quickstarts (dashboard/quickstart.ts): one tab per snippet, each with a copy button. */
import { useState } from "preact/hooks";
import { CopyButton } from "../components";
import { quickstarts, type Quickstart, type QuickstartTarget } from "../quickstart";
import { useT } from "../language";
import { dashboardCatalog, type DashboardKey } from "../locales/index";

/** The catalog's words for a snippet, by its id; a snippet added later keeps the English of quickstart.ts until it has some. */
function localized(q: Quickstart, t: (key: DashboardKey) => string): { title: string; explanation: string } {
  const known = (key: string): key is DashboardKey => key in dashboardCatalog.en;
  const title = `app-quickstart.title.${q.id}`;
  const explanation = `app-quickstart.explanation.${q.id}`;
  return { title: known(title) ? t(title) : q.title, explanation: known(explanation) ? t(explanation) : q.explanation };
}

export function AppQuickstart({ target, name }: { target: QuickstartTarget; name: string }) {
  const t = useT();
  const all = quickstarts(target);
  const [current, setCurrent] = useState(all[0]!.id);
  const shown = all.find((q) => q.id === current) ?? all[0]!;
  const prefix = `quickstart-${target.clientKey}`;
  return (
    <details class="quickstart" data-quickstart={target.clientKey}>
      <summary>{t("app-quickstart.summary", { name })}</summary>
      <div role="tablist" aria-label={t("app-quickstart.tabs", { name })} class="chips">
        {all.map((q) => (
          <button
            type="button"
            role="tab"
            key={q.id}
            id={`${prefix}-tab-${q.id}`}
            aria-selected={q.id === shown.id}
            aria-controls={`${prefix}-panel`}
            class={q.id === shown.id ? "primary" : "secondary"}
            onClick={() => setCurrent(q.id)}
          >
            {localized(q, t).title}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${prefix}-panel`} aria-labelledby={`${prefix}-tab-${shown.id}`} data-snippet={shown.id}>
        <p class="muted">{localized(shown, t).explanation}</p>
        <pre class="code" tabIndex={0} aria-label={`${localized(shown, t).title} (${shown.language})`}>
          <code>{shown.code}</code>
        </pre>
        <CopyButton text={shown.code} label={t("app-quickstart.copySnippet", { language: shown.language })} />
      </div>
    </details>
  );
}
