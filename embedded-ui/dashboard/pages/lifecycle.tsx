/** Storage lifecycle rules: what the plan allows, the rules with their last run, create, pause and delete. */
import { useState } from "preact/hooks";
import { api, ApiProblem } from "../api";
import { ActionButton, EmptyState, Field, Form, Loaded, Section, Select, useLoad } from "../components";
import { useLanguage, useT } from "../language";
import { formatBytes, formatNumber, formatTime } from "../messages";
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

const ACTIONS = ["transition_ia", "trash"] as const satisfies readonly Rule["action"][];

export function LifecycleRules({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}/storage/lifecycle/rules`;
  const rules = useLoad(() => api<Rules>("GET", base), [org.slug]);
  const [action, setAction] = useState<Rule["action"]>("transition_ia");
  const [days, setDays] = useState("90");
  const t = useT();
  const { language } = useLanguage();
  // Members cannot read rules: the section stays out of their way.
  if (rules.error instanceof ApiProblem && rules.error.status === 403) return null;
  const create = async () => {
    await api("POST", base, { action, unaccessedDays: Number(days), scope: null });
    rules.reload();
  };
  return (
    <Section title={t("lifecycle.title")} id="lifecycle">
      <Loaded state={rules} what={t("lifecycle.what")}>
        {(r) => (
          <>
            <p class="muted">
              {t("lifecycle.runs")}{" "}
              {r.maxRules === 0
                ? t("lifecycle.noRules")
                : r.canCustomize
                  ? t("lifecycle.upTo", { max: r.maxRules ?? t("lifecycle.anyNumber"), min: r.minDays, maxDays: r.maxDays })
                  : t("lifecycle.presetOnly", { days: r.presetDays })}
            </p>
            {r.rules.length === 0 ? (
              <EmptyState title={t("lifecycle.none")} />
            ) : (
              <ul>
                {r.rules.map((rule) => (
                  <li key={rule.id}>
                    {t("lifecycle.rule", {
                      action: t(`lifecycle.action.${rule.action}`),
                      days: rule.unaccessedDays,
                      scope: rule.scope ?? t("lifecycle.allFiles"),
                      state: rule.enabled ? t("lifecycle.on") : t("lifecycle.paused"),
                    })}
                    {rule.planAllows ? "" : t("lifecycle.notOnPlan")}
                    {rule.lastRunAt
                      ? t("lifecycle.lastRun", { time: formatTime(rule.lastRunAt, language), count: formatNumber(rule.lastRunCount ?? 0, language), size: formatBytes(rule.lastRunBytes ?? 0, language) })
                      : ""}{" "}
                    <ActionButton
                      kind="secondary"
                      onAction={async () => {
                        await api("PUT", `${base}/${rule.id}`, { enabled: !rule.enabled });
                        rules.reload();
                      }}
                    >
                      {rule.enabled ? t("lifecycle.pause") : t("lifecycle.resume")}
                    </ActionButton>
                    <ActionButton
                      kind="danger"
                      onAction={async () => {
                        await api("DELETE", `${base}/${rule.id}`);
                        rules.reload();
                      }}
                    >
                      {t("lifecycle.delete")}
                    </ActionButton>
                  </li>
                ))}
              </ul>
            )}
            {r.maxRules !== 0 ? (
              <Form onSubmit={create} submitLabel={t("lifecycle.add")}>
                <Select
                  label={t("lifecycle.action")}
                  value={action}
                  onChange={(v) => setAction(v as Rule["action"])}
                  options={ACTIONS.filter((key) => key !== "trash" || r.canTrash).map((key) => [key, t(`lifecycle.action.${key}`)])}
                />
                <Field label={t("lifecycle.days")} type="number" min={r.minDays} max={r.maxDays} required value={days} onInput={(e) => setDays((e.target as HTMLInputElement).value)} />
              </Form>
            ) : null}
          </>
        )}
      </Loaded>
    </Section>
  );
}
