/** Built-in roles: their scopes are well-formed and give the answers the spec states. */
import { describe, expect, test } from "bun:test";
import { governanceModule } from "../../../../src/modules/governance/module";
import { BUILTIN_ROLES, KNOWN_SCOPES, parseBuiltinRole, registerRoleScopes, ROLE_SCOPES, scopesForRole } from "../../../../src/modules/orgs/permissions/roles";
import { parseScope } from "../../../../src/modules/orgs/permissions/scopes";
import { can, grantFor, validateScopes, type PermissionActor } from "../../../../src/modules/orgs/permissions/service";

function member(role: string, custom?: string[]): PermissionActor {
  return { userId: "u1", connectedId: "c1", role, scopes: scopesForRole(role, custom) };
}

describe("ROLE_SCOPES", () => {
  test("every built-in role's scopes follow the grammar", () => {
    for (const role of BUILTIN_ROLES) {
      expect(ROLE_SCOPES[role].length).toBeGreaterThan(0);
      for (const s of ROLE_SCOPES[role]) expect(parseScope(s).ok).toBe(true);
    }
  });

  test("every known scope is concrete, and the owner holds all of them", () => {
    for (const scope of Object.values(KNOWN_SCOPES)) {
      const r = parseScope(scope);
      expect(r.ok && !r.scope.wildcard && !r.scope.constraint).toBe(true);
      expect(can(member("owner"), scope)).toBe(true);
    }
  });

  test("5.3: owners and admins list every file; members only their own", () => {
    for (const role of ["owner", "admin"]) expect(grantFor(member(role), "org.org_file.list")).toEqual({ all: true });
    expect(grantFor(member("member"), "org.org_file.list")).toEqual({ all: false, creatorSelf: true, actorSelf: false, systems: [] });
    expect(can(member("member"), "org.org_file.list", { creatorId: "u1" })).toBe(true);
    expect(can(member("member"), "org.org_file.list", { creatorId: "u2" })).toBe(false);
  });

  test("5.4: members hold audit_event_log.list with actor=self; owners and admins unconstrained", () => {
    expect(grantFor(member("member"), "org.audit_event_log.list")).toEqual({ all: false, creatorSelf: false, actorSelf: true, systems: [] });
    expect(grantFor(member("owner"), "org.audit_event_log.list")).toEqual({ all: true });
    expect(grantFor(member("admin"), "org.audit_event_log.list")).toEqual({ all: true });
  });

  test("settings, members and API keys are owner and admin powers", () => {
    for (const scope of ["org.setting.block_external_sharing", "org.member.invite", "org.api_key.create", "org.agent.hire"]) {
      expect(can(member("owner"), scope)).toBe(true);
      expect(can(member("admin"), scope)).toBe(true);
      expect(can(member("member"), scope)).toBe(false);
      expect(can(member("org_director"), scope)).toBe(false);
    }
  });

  test("4.6: a director reaches meetings and keeps member scopes; only the owner holds view.billing", () => {
    // The meeting scopes are the governance module's; a context registers them (as here).
    registerRoleScopes(governanceModule.scopes!, (scope) => parseScope(scope).ok);
    const director = member("ORG_DIRECTOR");
    for (const scope of ["view.business", "org.meeting.read", "org.meeting.list", "org.meeting.vote"]) expect(can(director, scope)).toBe(true);
    for (const scope of ["org.meeting.read", "org.meeting.vote", "org.meeting.create"]) expect(can(member("member"), scope)).toBe(false);
    expect(can(director, "org.meeting.create")).toBe(false);
    expect(can(director, "org.org_file.list", { creatorId: "c1" })).toBe(true);
    expect(can(member("owner"), "view.billing")).toBe(true);
    expect(can(member("admin"), "view.billing")).toBe(false);
    expect(can(member("admin"), "view.business")).toBe(true);
  });

  test("custom roles are their own validated scope lists; unknown roles without a list hold nothing", () => {
    const scopes = validateScopes(["org.agent.*", "org.org_file.list:creator=self"], "role.scopes");
    const custom = member("release_manager", scopes);
    expect(can(custom, "org.agent.suspend")).toBe(true);
    expect(can(custom, "org.member.list")).toBe(false);
    expect(member("nobody").scopes).toEqual([]);
    // A custom role cannot borrow a built-in name to widen itself.
    expect(member("owner", ["org.agent.hire"]).scopes).toEqual(ROLE_SCOPES.owner);
  });

  test("role names parse case-insensitively", () => {
    expect(parseBuiltinRole("ORG_DIRECTOR")).toBe("org_director");
    expect(parseBuiltinRole("org-director")).toBe("org_director");
    expect(parseBuiltinRole(" Owner ")).toBe("owner");
    expect(parseBuiltinRole("superuser")).toBeNull();
  });
});
