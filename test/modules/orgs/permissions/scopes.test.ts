/** The scope grammar: what parses, what is refused and why, and list validation. */
import { describe, expect, test } from "bun:test";
import { parseScope, systemOfEventType } from "../../../../src/modules/orgs/permissions/scopes";
import { validateScopes } from "../../../../src/modules/orgs/permissions/service";
import { ApiError } from "../../../../src/platform/http/errors";

describe("parseScope", () => {
  const valid: Array<[string, object]> = [
    ["org.agent.hire", { namespace: "org", path: ["agent", "hire"], wildcard: false, constraint: null }],
    ["org.agent.*", { path: ["agent"], wildcard: true }],
    ["org.*", { path: [], wildcard: true }],
    ["org.reporting_instance.approval_step.*", { path: ["reporting_instance", "approval_step"], wildcard: true }],
    ["org.org_file.list:creator=self", { constraint: { kind: "creator_self" } }],
    ["org.audit_event_log.list:actor=self", { constraint: { kind: "actor_self" } }],
    ["org.audit_event_log.list_system:system=project_mgmt", { constraint: { kind: "system", system: "project_mgmt" } }],
    ["org.agent.*:creator=self", { wildcard: true, constraint: { kind: "creator_self" } }],
    ["org.a1.b_2", { path: ["a1", "b_2"] }],
    ["view.billing", { namespace: "view", path: ["billing"], wildcard: false }],
    ["view.*", { namespace: "view", path: [], wildcard: true }],
  ];
  test.each(valid)("%s parses", (text, shape) => {
    const r = parseScope(text);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.scope).toMatchObject({ text, ...shape });
  });

  const invalid: Array<[unknown, string]> = [
    ["", "empty"],
    [42, "a string"],
    [null, "a string"],
    ["org", "resource and an action"],
    ["org.", "not a valid segment"],
    ["org.agent", "resource and an action"],
    ["org.agent.", "not a valid segment"],
    [".org.agent.hire", '"org." or "view."'],
    ["org..hire", "not a valid segment"],
    ["ORG.agent.hire", '"org." or "view."'],
    ["Org.agent.hire", '"org." or "view."'],
    ["org.Agent.hire", "not a valid segment"],
    ["org.agent.Hire", "not a valid segment"],
    ["org.agent-x.hire", "not a valid segment"],
    ["org.1agent.hire", "not a valid segment"],
    ["org._agent.hire", "not a valid segment"],
    [" org.agent.hire", '"org." or "view."'],
    ["org.agent.hire ", "not a valid segment"],
    ["org.*.hire", "last segment"],
    ["org.agent.**", "not a valid segment"],
    ["org.agent.hi*", "not a valid segment"],
    ["*", '"org." or "view."'],
    ["user.agent.hire", '"org." or "view."'],
    ["org.agent.hire:", 'a constraint is "key=value"'],
    ["org.agent.hire:creator", 'a constraint is "key=value"'],
    ["org.agent.hire:creator=other", '"creator=self"'],
    ["org.agent.hire:creator=SELF", '"creator=self"'],
    ["org.agent.hire:actor=me", '"actor=self"'],
    ["org.agent.hire:system=", "unknown system"],
    ["org.agent.hire:system=billing", "unknown system"],
    ["org.agent.hire:owner=self", "unknown constraint"],
    ["org.agent.hire:Creator=self", "unknown constraint"],
    ["org.agent.hire:creator=self:actor=self", '"creator=self"'],
    ["org.agent.hire:creator=self,actor=self", '"creator=self"'],
    ["view", '"view.<area>"'],
    ["view.billing.read", '"view.<area>"'],
    ["view.billing:creator=self", "no constraint"],
    ["org." + "a".repeat(65) + ".hire", "not a valid segment"],
    ["org.agent." + "a".repeat(200), "at most 200"],
  ];
  test.each(invalid)("%p is refused (%s)", (text, reason) => {
    const r = parseScope(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain(reason);
  });
});

describe("validateScopes", () => {
  function refusal(list: unknown, field?: string): Record<string, unknown> {
    try {
      validateScopes(list, field);
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).status).toBe(400);
      return (e as ApiError).body();
    }
    throw new Error("accepted");
  }

  test("accepts a valid list, dropping duplicates in order", () => {
    expect(validateScopes(["org.agent.*", "org.org_file.list:creator=self", "org.agent.*", "view.billing"])).toEqual([
      "org.agent.*",
      "org.org_file.list:creator=self",
      "view.billing",
    ]);
    expect(validateScopes([])).toEqual([]);
  });

  test("names the first malformed entry", () => {
    expect(refusal(["org.agent.hire", "org.Agent.hire"])).toMatchObject({ error: "invalid_scope", field: "scopes[1]" });
    expect(refusal(["org.agent.hire", 7], "role.scopes")).toMatchObject({ error: "invalid_scope", field: "role.scopes[1]", message: "a scope is a string" });
  });

  test("refuses what is not a list, and over-long lists", () => {
    expect(refusal("org.agent.hire")).toMatchObject({ error: "invalid_scope", field: "scopes" });
    expect(refusal(Array.from({ length: 201 }, (_, i) => `org.r${i}.list`))).toMatchObject({ field: "scopes", message: "at most 200 scopes" });
  });
});

describe("systemOfEventType (spec 5.4)", () => {
  test.each([
    ["agent.hired", "agent"],
    ["agent.action_denied", "agent"],
    ["org.project.created", "project_mgmt"],
    ["reporting.team.lead_changed", "reporting"],
    ["payment.refunded", "payment"],
    ["org.created", null],
    ["agents.x", null],
    ["business.meeting.created", null],
  ])("%s → %p", (type, system) => {
    expect(systemOfEventType(type)).toBe(system as never);
  });
});
