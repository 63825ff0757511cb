/** Storage lifecycle rules: what the plan allows, the rules with their last run, create, pause and delete. */
import { useState } from "preact/hooks";
import { api, ApiProblem } from "../api";
import { ActionButton, EmptyState, Field, Form, Loaded, Section, Select, useLoad } from "../components";
import { formatBytes, formatTime } from "../messages";
import type { Org } from "../session";

interface Rule {
  id: string;
  action: "transition_ia" | "trash";
  unaccessedDays: number;
  scope: string | null;
  enabled: boolean;
  planAllows: boolean;
  lastRunAt: string | null;
  lastRunCount: number | null;
  lastRunBytes: number | null;
}

interface Rules {
  rules: Rule[];
  maxRules: number | null;
  canCustomize: boolean;
  canTrash: boolean;
  presetDays: number;
  minDays: number;
  maxDays: number;
}

const ACTIONS: Record<Rule["action"], string> = { transition_ia: "Move to infrequent-access storage", trash: "Move to the trash" };

export function LifecycleRules({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}/storage/lifecycle/rules`;
  const rules = useLoad(() => api<Rules>("GET", base), [org.slug]);
  const [action, setAction] = useState<Rule["action"]>("transition_ia");
  const [days, setDays] = useState("90");
  // Members cannot read rules: the section stays out of their way.
  if (rules.error instanceof ApiProblem && rules.error.status === 403) return null;
  const create = async () => {
    await api("POST", base, { action, unaccessedDays: Number(days), scope: null });
    rules.reload();
  };
  return (
    <Section title="Lifecycle rules" id="lifecycle">
      <Loaded state={rules} what="lifecycle rules">
        {(r) => (
          <>
            <p class="muted">
              Rules run every 12 hours on files nobody opened for a number of days.{" "}
              {r.maxRules === 0
                ? "This plan has no lifecycle rules: upgrade to Pro+ for the preset (infrequent access after 90 days), or Business for custom rules."
                : r.canCustomize
                  ? `Up to ${r.maxRules ?? "any number of"} rules, ${r.minDays} to ${r.maxDays} days.`
                  : `This plan allows the preset: infrequent access after ${r.presetDays} days on all files.`}
            </p>
            {r.rules.length === 0 ? (
              <EmptyState title="No lifecycle rules." />
            ) : (
              <ul>
                {r.rules.map((rule) => (
                  <li key={rule.id}>
                    {ACTIONS[rule.action]} after {rule.unaccessedDays} days unopened, {rule.scope ?? "all files"} · {rule.enabled ? "on" : "paused"}
                    {rule.planAllows ? "" : " · not run on this plan"}
                    {rule.lastRunAt ? ` · last run ${formatTime(rule.lastRunAt)}: ${rule.lastRunCount ?? 0} files, ${formatBytes(rule.lastRunBytes ?? 0)}` : ""}{" "}
                    <ActionButton
                      kind="secondary"
                      onAction={async () => {
                        await api("PUT", `${base}/${rule.id}`, { enabled: !rule.enabled });
                        rules.reload();
                      }}
                    >
                      {rule.enabled ? "Pause" : "Resume"}
                    </ActionButton>
                    <ActionButton
                      kind="danger"
                      onAction={async () => {
                        await api("DELETE", `${base}/${rule.id}`);
                        rules.reload();
                      }}
                    >
                      Delete
                    </ActionButton>
                  </li>
                ))}
              </ul>
            )}
            {r.maxRules !== 0 ? (
              <Form onSubmit={create} submitLabel="Add rule">
                <Select
                  label="Action"
                  value={action}
                  onChange={(v) => setAction(v as Rule["action"])}
                  options={Object.entries(ACTIONS).filter(([key]) => key !== "trash" || r.canTrash) as [string, string][]}
                />
                <Field label="After this many days unopened" type="number" min={r.minDays} max={r.maxDays} required value={days} onInput={(e) => setDays((e.target as HTMLInputElement).value)} />
              </Form>
            ) : null}
          </>
        )}
      </Loaded>
    </Section>
  );
}
