/**
 * The permission matrix: granted scopes × asked scope × resource → allowed, plus the
 * list-query grant and scope-list narrowing.
 */
import { describe, expect, test } from "bun:test";
import { assertCan, can, coversAll, grantAdmits, grantFor, type PermissionActor, type PermissionResource } from "../../../../src/modules/orgs/permissions/service";
import { ApiError } from "../../../../src/platform/http/errors";

const ME = { userId: "user-me", connectedId: "cid-me" };
const OTHER = "user-other";

function actor(...scopes: string[]): PermissionActor {
  return { ...ME, role: "member", scopes };
}

type Row = [grants: string[], asked: string, resource: PermissionResource | undefined, allowed: boolean, why: string];

const MATRIX: Row[] = [
  // exact and wildcard
  [["org.agent.hire"], "org.agent.hire", undefined, true, "exact grant"],
  [["org.agent.*"], "org.agent.hire", undefined, true, "action wildcard"],
  [["org.agent.*"], "org.agent.suspend", { creatorId: OTHER }, true, "action wildcard, any resource"],
  [["org.*"], "org.agent.hire", undefined, true, "org wildcard"],
  [["org.*"], "org.reporting_instance.approval_step.approve", undefined, true, "org wildcard covers sub-resources"],
  [["org.reporting_instance.*"], "org.reporting_instance.approval_step.approve", undefined, true, "resource wildcard covers its sub-resources"],
  [["org.reporting_instance.create"], "org.reporting_instance.approval_step.create", undefined, false, "a resource is not its sub-resource"],
  [["org.*"], "view.billing", undefined, false, "org.* does not cover view scopes"],
  [["view.*"], "view.billing", undefined, true, "view wildcard"],
  [["view.business"], "view.billing", undefined, false, "another view area"],
  [[], "org.agent.hire", undefined, false, "no grants"],
  // resource and action mismatch
  [["org.agent.hire"], "org.agent.revoke", undefined, false, "action mismatch"],
  [["org.agent.hire"], "org.member.hire", undefined, false, "resource mismatch"],
  [["org.agent.*"], "org.member.list", undefined, false, "wildcard of another resource"],
  [["org.file.list"], "org.file_x.list", undefined, false, "prefix resource name, exact"],
  [["org.file.*"], "org.file_x.list", undefined, false, "prefix resource name, wildcard"],
  [["org.file_x.list"], "org.file.list", undefined, false, "longer resource name"],
  [["org.agent.hire"], "org.agent.hire_all", undefined, false, "prefix action name"],
  // case sensitivity and malformed grants grant nothing
  [["ORG.agent.hire"], "org.agent.hire", undefined, false, "upper-case namespace is malformed"],
  [["org.Agent.hire"], "org.agent.hire", undefined, false, "upper-case resource is malformed"],
  [["org.agent.HIRE"], "org.agent.hire", undefined, false, "upper-case action is malformed"],
  [["org.agent.hire "], "org.agent.hire", undefined, false, "trailing space is malformed"],
  [["org.*.hire"], "org.agent.hire", undefined, false, "inner wildcard is malformed"],
  [["org.agent.hire:creator=other"], "org.agent.hire", { creatorId: "other" }, false, "unknown constraint value"],
  [["bogus", "org.agent.hire"], "org.agent.hire", undefined, true, "a malformed grant beside a good one"],
  // creator=self
  [["org.org_file.list:creator=self"], "org.org_file.list", { creatorId: ME.userId }, true, "own file by userId"],
  [["org.org_file.list:creator=self"], "org.org_file.list", { creatorId: ME.connectedId }, true, "own file by connectedId"],
  [["org.org_file.list:creator=self"], "org.org_file.list", { creatorId: OTHER }, false, "another's file"],
  [["org.org_file.list:creator=self"], "org.org_file.list", {}, false, "resource without creator"],
  [["org.org_file.list:creator=self"], "org.org_file.list", { creatorId: null }, false, "resource with null creator"],
  [["org.org_file.list:creator=self"], "org.org_file.list", undefined, false, "constrained grant, no resource"],
  [["org.org_file.list:creator=self"], "org.org_file.list", { actorId: ME.userId }, false, "creator=self does not read actorId"],
  [["org.org_file.list"], "org.org_file.list", { creatorId: OTHER }, true, "unconstrained covers another's"],
  [["org.org_file.list:creator=self", "org.org_file.list"], "org.org_file.list", { creatorId: OTHER }, true, "grants add up"],
  [["org.org_file.*:creator=self"], "org.org_file.delete", { creatorId: ME.userId }, true, "constrained wildcard, own"],
  [["org.org_file.*:creator=self"], "org.org_file.delete", { creatorId: OTHER }, false, "constrained wildcard, another's"],
  // actor=self
  [["org.audit_event_log.list:actor=self"], "org.audit_event_log.list", { actorId: ME.userId }, true, "own event"],
  [["org.audit_event_log.list:actor=self"], "org.audit_event_log.list", { actorId: ME.connectedId }, true, "own event by badge"],
  [["org.audit_event_log.list:actor=self"], "org.audit_event_log.list", { actorId: OTHER }, false, "another's event"],
  [["org.audit_event_log.list:actor=self"], "org.audit_event_log.list", { creatorId: ME.userId }, false, "actor=self does not read creatorId"],
  [["org.audit_event_log.list:actor=self"], "org.audit_event_log.list", undefined, false, "actor=self, no resource"],
  // system=<key>
  [["org.audit_event_log.list_system:system=agent"], "org.audit_event_log.list_system", { eventType: "agent.hired" }, true, "agent.* is agent"],
  [["org.audit_event_log.list_system:system=agent"], "org.audit_event_log.list_system", { eventType: "payment.captured" }, false, "payment event, agent grant"],
  [["org.audit_event_log.list_system:system=payment"], "org.audit_event_log.list_system", { eventType: "payment.captured" }, true, "payment.* is payment"],
  [["org.audit_event_log.list_system:system=project_mgmt"], "org.audit_event_log.list_system", { eventType: "org.project.created" }, true, "org.project.* is project_mgmt"],
  [["org.audit_event_log.list_system:system=project_mgmt"], "org.audit_event_log.list_system", { eventType: "org.projects.x" }, false, "prefix is by segment"],
  [["org.audit_event_log.list_system:system=reporting"], "org.audit_event_log.list_system", { eventType: "reporting.team.lead_changed" }, true, "reporting.* is reporting"],
  [["org.audit_event_log.list_system:system=agent"], "org.audit_event_log.list_system", { eventType: "agentx.hired" }, false, "agentx is not agent"],
  [["org.audit_event_log.list_system:system=agent"], "org.audit_event_log.list_system", { eventType: "org.created" }, false, "an event of no system"],
  [["org.audit_event_log.list_system:system=agent"], "org.audit_event_log.list_system", { system: "agent" }, true, "explicit system"],
  [["org.audit_event_log.list_system:system=agent"], "org.audit_event_log.list_system", { system: "payment", eventType: "agent.hired" }, false, "explicit system wins"],
  [["org.audit_event_log.list_system:system=agent"], "org.audit_event_log.list_system", undefined, false, "system grant, no resource"],
  [["org.audit_event_log.list_system:system=agent"], "org.audit_event_log.list", { eventType: "agent.hired" }, false, "list_system is not list"],
];

describe("can: the matrix", () => {
  test.each(MATRIX)("%j asks %s on %j → %p (%s)", (grants, asked, resource, allowed) => {
    expect(can(actor(...grants), asked, resource)).toBe(allowed);
  });

  test("an actor without identity is never self", () => {
    const anonymous: PermissionActor = { scopes: ["org.org_file.list:creator=self"] };
    expect(can(anonymous, "org.org_file.list", { creatorId: "x" })).toBe(false);
    expect(can({ userId: null, connectedId: null, scopes: ["org.org_file.list:creator=self"] }, "org.org_file.list", { creatorId: "" })).toBe(false);
  });

  test("asking with a malformed, wildcard or constrained scope is a programming error", () => {
    for (const asked of ["ORG.agent.hire", "org.agent", "org.agent.*", "org.*", "org.agent.hire:creator=self", ""]) {
      expect(() => can(actor("org.*"), asked)).toThrow(TypeError);
    }
  });

  test("assertCan throws 403 PERMISSION_DENIED naming the scope", () => {
    expect(() => assertCan(actor("org.agent.hire"), "org.agent.hire")).not.toThrow();
    try {
      assertCan(actor("org.agent.hire"), "org.agent.revoke");
      throw new Error("no throw");
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).status).toBe(403);
      expect((e as ApiError).body()).toEqual({ error: "PERMISSION_DENIED", scope: "org.agent.revoke" });
    }
  });
});

describe("grantFor: what a list query may return", () => {
  const cases: Array<[string[], string, ReturnType<typeof grantFor>]> = [
    [[], "org.org_file.list", null],
    [["org.agent.*"], "org.org_file.list", null],
    [["org.org_file.list"], "org.org_file.list", { all: true }],
    [["org.*"], "org.org_file.list", { all: true }],
    [["org.org_file.list:creator=self"], "org.org_file.list", { all: false, creatorSelf: true, actorSelf: false, systems: [] }],
    [["org.org_file.list:creator=self", "org.org_file.list"], "org.org_file.list", { all: true }],
    [["org.audit_event_log.list:actor=self"], "org.audit_event_log.list", { all: false, creatorSelf: false, actorSelf: true, systems: [] }],
    [
      ["org.audit_event_log.list_system:system=payment", "org.audit_event_log.list_system:system=agent", "org.audit_event_log.list_system:system=agent"],
      "org.audit_event_log.list_system",
      { all: false, creatorSelf: false, actorSelf: false, systems: ["agent", "payment"] },
    ],
    [["ORG.org_file.list"], "org.org_file.list", null],
  ];
  test.each(cases)("%j for %s → %j", (grants, asked, expected) => {
    expect(grantFor(actor(...grants), asked)).toEqual(expected);
  });

  test("grantAdmits filters resources the way can() judges them", () => {
    const a = actor("org.audit_event_log.list:actor=self", "org.audit_event_log.list:system=agent");
    const grant = grantFor(a, "org.audit_event_log.list");
    const events: PermissionResource[] = [
      { actorId: ME.userId, eventType: "org.created" },
      { actorId: OTHER, eventType: "agent.hired" },
      { actorId: OTHER, eventType: "payment.captured" },
      { actorId: ME.connectedId, eventType: "payment.captured" },
    ];
    const admitted = events.map((e) => grantAdmits(grant, a, e));
    expect(admitted).toEqual([true, true, false, true]);
    expect(admitted).toEqual(events.map((e) => can(a, "org.audit_event_log.list", e)));
    expect(grantAdmits(null, a, events[0]!)).toBe(false);
    expect(grantAdmits({ all: true }, a, {})).toBe(true);
  });
});

describe("coversAll: a scope list may only narrow", () => {
  const cases: Array<[string[], string[], boolean]> = [
    [["org.*"], ["org.agent.hire", "org.member.*", "org.org_file.list:creator=self"], true],
    [["org.agent.*"], ["org.agent.hire", "org.agent.*"], true],
    [["org.agent.*"], ["org.*"], false],
    [["org.agent.hire"], ["org.agent.*"], false],
    [["org.org_file.list:creator=self"], ["org.org_file.list"], false],
    [["org.org_file.list:creator=self"], ["org.org_file.list:creator=self"], true],
    [["org.org_file.list"], ["org.org_file.list:creator=self"], true],
    [["org.audit_event_log.list:system=agent"], ["org.audit_event_log.list:system=payment"], false],
    [["org.file.*"], ["org.file_x.list"], false],
    [["org.*"], ["view.billing"], false],
    [["org.*"], ["not a scope"], false],
    [["org.*"], [], true],
  ];
  test.each(cases)("%j covers %j → %p", (held, wanted, expected) => {
    expect(coversAll(held, wanted)).toBe(expected);
  });
});
