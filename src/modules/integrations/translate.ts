/**
 * ai/translate-scope (spec 4.9): words ("let it create teams and read members") into
 * scope strings. Two translators behind one interface:
 *
 * - rules (the default, offline and deterministic): each clause (split at "and", commas,
 *   semicolons) is read for verbs and resources from the vocabularies below (verbs of a
 *   clause naming no resource carry on to the next one); every
 *   (resource, action) pair found becomes `org.<resource>.<action>`; "manage" or
 *   "full access" becomes `org.<resource>.*`; a resource without a verb reads as list and read;
 * - llm (SIGNET_LLM_URL): an OpenAI-compatible chat completions endpoint asked for JSON
 *   `{"scopes": [...]}` at temperature 0.
 *
 * Whatever a translator says, only strings that follow the scope grammar come back, and
 * each is marked whether it is one the module needs. Nothing is granted here.
 */
import type { Config } from "../../config";
import { assertCan, parseScope } from "../orgs/index";
import type { IntegrationsCaller, IntegrationsDeps } from "./caller";
import { moduleOr404 } from "./connections";
import { INTEGRATION_SCOPES } from "./scopes";
import type { ConnectorModule } from "./connectors";
import { integrationErrors } from "./errors";

export interface ScopeTranslator {
  provider: "rules" | "llm";
  translate(text: string, module: ConnectorModule): Promise<string[]>;
}

const RESOURCES: ReadonlyArray<[string, RegExp]> = [
  ["team", /\b(teams?|departments?|units?)\b/],
  ["member", /\b(members?|people|persons?|employees?|staff|users?)\b/],
  ["reporting", /\b(reporting|managers?|org ?chart|hierarchy|reports? to)\b/],
  ["work_item", /\b(work ?items?|tickets?|issues?|forms?)\b/],
  ["reporting_instance", /\b(approvals?|approval documents?|instances?)\b/],
  ["org_file", /\b(files?|documents?|attachments?)\b/],
  ["audit_event_log", /\b(audit|logs?|events?)\b/],
  ["webhook", /\b(webhooks?|subscribers?)\b/],
  ["agent", /\b(agents?|bots?)\b/],
];

const ACTIONS: ReadonlyArray<[string[], RegExp]> = [
  [["*"], /\b(manage|full access|administer|everything)\b/],
  [["list", "read"], /\b(read|view|see|list|look up|browse|show)\b/],
  [["create"], /\b(create|add|make|open|file|submit)\b/],
  [["update"], /\b(update|change|edit|modify|rename|move)\b/],
  [["delete"], /\b(delete|remove|drop|close)\b/],
];

/** Reporting reads as read/update in the grammar (org.reporting.read), not list. */
const ACTION_FOR: Record<string, Record<string, string[]>> = {
  reporting: { list: ["read"], read: ["read"], create: ["update"], update: ["update"], delete: ["update"] },
};

export const rulesTranslator: ScopeTranslator = {
  provider: "rules",
  async translate(text) {
    const found: string[] = [];
    // "create and update teams": verbs of a clause without a resource carry on to the next clause that names one.
    let carried: string[] = [];
    for (const clause of text.toLowerCase().split(/\band\b|[,;.]/)) {
      const resources = RESOURCES.filter(([, pattern]) => pattern.test(clause)).map(([name]) => name);
      const actions = [...carried, ...ACTIONS.filter(([, pattern]) => pattern.test(clause)).flatMap(([names]) => names)];
      if (resources.length === 0) {
        carried = actions;
        continue;
      }
      carried = [];
      for (const resource of resources) {
        for (const action of actions.length ? actions : ["list", "read"]) {
          for (const mapped of ACTION_FOR[resource]?.[action] ?? [action]) found.push(`org.${resource}.${mapped}`);
        }
      }
    }
    return [...new Set(found)];
  },
};

const LLM_TIMEOUT_MS = 20_000;
const LLM_ANSWER_MAX = 64 * 1024;

export function llmTranslator(llm: { url: string; apiKey: string | null; model: string }): ScopeTranslator {
  return {
    provider: "llm",
    async translate(text, module) {
      const system =
        "You translate a request for permissions into Signet scope strings of the form org.<resource>.<action> (wildcard action *). " +
        `The connector module "${module.key}" needs: ${module.requiredScopes.join(", ")}. Answer only JSON: {"scopes": ["..."]}.`;
      let answer: Response;
      try {
        answer = await fetch(llm.url, {
          method: "POST",
          headers: { "content-type": "application/json", ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}) },
          body: JSON.stringify({ model: llm.model, temperature: 0, response_format: { type: "json_object" }, messages: [{ role: "system", content: system }, { role: "user", content: text }] }),
          signal: AbortSignal.timeout(LLM_TIMEOUT_MS),
        });
      } catch {
        throw integrationErrors.error("translationFailed");
      }
      const body = await answer.text();
      if (!answer.ok || body.length > LLM_ANSWER_MAX) throw integrationErrors.error("translationFailed");
      try {
        const content = JSON.parse(body).choices[0].message.content;
        const scopes = JSON.parse(content).scopes;
        if (!Array.isArray(scopes)) throw new Error("no scopes");
        return scopes.filter((s: unknown): s is string => typeof s === "string");
      } catch {
        throw integrationErrors.error("translationFailed");
      }
    },
  };
}

export function translatorFor(config: Pick<Config, "llm">): ScopeTranslator {
  return config.llm.url ? llmTranslator({ url: config.llm.url, apiKey: config.llm.apiKey, model: config.llm.model }) : rulesTranslator;
}

/** The translation, grammar-checked and marked against what the module needs. */
export async function translateScope(translator: ScopeTranslator, module: ConnectorModule, text: string) {
  const scopes = (await translator.translate(text, module)).filter((scope) => scope.length <= 200 && parseScope(scope).ok);
  return {
    moduleKey: module.key,
    provider: translator.provider,
    scopes: [...new Set(scopes)].map((scope) => ({ scope, withinModule: module.requiredScopes.includes(scope) })),
  };
}

/** POST /{moduleKey}/ai/translate-scope: needs org.integration.analyze. */
export async function translateForCaller(deps: Pick<IntegrationsDeps, "config">, caller: IntegrationsCaller, moduleKey: string, text: string) {
  assertCan(caller.actor, INTEGRATION_SCOPES.analyze);
  return translateScope(translatorFor(deps.config), moduleOr404(moduleKey), text);
}
