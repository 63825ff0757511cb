/**
 * The gate as pure functions (spec 4.8 rule 6): `intersectScopes`, the meet of two scope
 * lists that principal.ts uses for an agent's snapshot and its operator's scopes (and hiring
 * for a narrowed template), and `agentGate`, which empties it for an agent that may do
 * nothing now.
 */
import { describe, expect, test } from "bun:test";
import { agentGate } from "../../../src/modules/access/principal";
import { intersectScopes } from "../../../src/modules/orgs/permissions/service";

describe("intersectScopes", () => {
  test("what both lists hold: exact scopes, wildcards meeting what they cover, in the order first met", () => {
    expect(intersectScopes(["org.team.list", "org.team.create"], ["org.team.create", "org.board.read"])).toEqual(["org.team.create"]);
    expect(intersectScopes(["org.application.list", "org.work_item.read"], ["org.*"])).toEqual(["org.application.list", "org.work_item.read"]);
    expect(intersectScopes(["org.*"], ["org.team.list", "org.board.read"])).toEqual(["org.team.list", "org.board.read"]);
    expect(intersectScopes(["org.team.*"], ["org.*"])).toEqual(["org.team.*"]);
    expect(intersectScopes(["org.team.*"], ["org.team.list", "org.teams.list"])).toEqual(["org.team.list"]);
    expect(intersectScopes(["org.*"], ["view.*"])).toEqual([]);
    expect(intersectScopes(["view.*"], ["view.business"])).toEqual(["view.business"]);
    expect(intersectScopes([], ["org.*"])).toEqual([]);
  });

  test("constraints: one side's constraint narrows; two different ones meet in nothing", () => {
    expect(intersectScopes(["org.reporting_instance.read"], ["org.reporting_instance.read:creator=self"])).toEqual(["org.reporting_instance.read:creator=self"]);
    expect(intersectScopes(["org.*"], ["org.org_file.list:creator=self"])).toEqual(["org.org_file.list:creator=self"]);
    expect(intersectScopes(["org.audit_event_log.list:system=agent"], ["org.audit_event_log.*"])).toEqual(["org.audit_event_log.list:system=agent"]);
    expect(intersectScopes(["org.audit_event_log.list:actor=self"], ["org.audit_event_log.list:system=agent"])).toEqual([]);
    expect(intersectScopes(["org.x.list:creator=self"], ["org.x.list:creator=self"])).toEqual(["org.x.list:creator=self"]);
  });

  test("no duplicates and nothing another entry covers; malformed entries grant nothing", () => {
    expect(intersectScopes(["org.team.*", "org.team.list"], ["org.*"])).toEqual(["org.team.*"]);
    expect(intersectScopes(["org.team.list", "org.team.list"], ["org.team.list", "org.*"])).toEqual(["org.team.list"]);
    expect(intersectScopes(["org.team.list:creator=self", "org.team.list"], ["org.*"])).toEqual(["org.team.list"]);
    expect(intersectScopes(["Org.Team", "org.team.list"], ["org.*", "nonsense"])).toEqual(["org.team.list"]);
  });
});

describe("agentGate", () => {
  const standing = { status: "active" as const, badgeStatus: "active" as const, expiresAt: 2_000 };
  const held = ["org.application.list", "org.application.create", "org.work_item.list"];

  test("an active agent with an operator: its held scopes intersected with the operator's", () => {
    expect(agentGate(standing, held, ["org.application.list", "org.work_item.list", "org.team.create"], 1_000)).toEqual({ scopes: ["org.application.list", "org.work_item.list"], refusal: null });
    expect(agentGate(standing, held, [], 1_000)).toEqual({ scopes: [], refusal: null });
  });

  test("empty, with the reason, when it may do nothing now", () => {
    expect(agentGate({ ...standing, status: "suspended" }, held, ["org.*"], 1_000)).toEqual({ scopes: [], refusal: "agent_suspended" });
    expect(agentGate({ ...standing, badgeStatus: "suspended" }, held, ["org.*"], 1_000)).toEqual({ scopes: [], refusal: "agent_suspended" });
    expect(agentGate({ ...standing, badgeStatus: null }, held, ["org.*"], 1_000)).toEqual({ scopes: [], refusal: "agent_suspended" });
    expect(agentGate(standing, held, ["org.*"], 2_000)).toEqual({ scopes: [], refusal: "agent_expired" });
    expect(agentGate(standing, held, null, 1_000)).toEqual({ scopes: [], refusal: "operator_inactive" });
  });
});
