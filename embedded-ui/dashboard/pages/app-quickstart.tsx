/** An application's quickstarts (dashboard/quickstart.ts): one tab per snippet, each with a copy button. */
import { useState } from "preact/hooks";
import { CopyButton } from "../components";
import { quickstarts, type QuickstartTarget } from "../quickstart";

export function AppQuickstart({ target, name }: { target: QuickstartTarget; name: string }) {
  const all = quickstarts(target);
  const [current, setCurrent] = useState(all[0]!.id);
  const shown = all.find((q) => q.id === current) ?? all[0]!;
  const prefix = `quickstart-${target.clientKey}`;
  return (
    <details class="quickstart" data-quickstart={target.clientKey}>
      <summary>Quickstart for {name}</summary>
      <div role="tablist" aria-label={`Quickstarts for ${name}`} class="chips">
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
            {q.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${prefix}-panel`} aria-labelledby={`${prefix}-tab-${shown.id}`} data-snippet={shown.id}>
        <p class="muted">{shown.explanation}</p>
        <pre class="code" tabIndex={0} aria-label={`${shown.title} (${shown.language})`}>
          <code>{shown.code}</code>
        </pre>
        <CopyButton text={shown.code} label={`Copy the ${shown.language} snippet`} />
      </div>
    </details>
  );
}
