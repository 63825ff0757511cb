/**
 * Organization settings sections, as part of the module contract (DESIGN §3): a module
 * declares the sections whose rules it owns (`settings` in its module.ts), and orgs stores
 * one JSON document per section and organization and serves `GET /settings` and
 * `PUT /settings/{path}` for every declared section (spec 4.3). A module reads its own
 * section, typed, by passing the definition (orgs' `readSettingsSection`).
 *
 * The kernel imports no module, so what a section's checks receive (the organization, the
 * caller) are type parameters; orgs fixes them (`OrgSettingsSection`).
 */
import type { Static, TSchema } from "@sinclair/typebox";
import type { AuditEventDefinition } from "./audit/catalog";
import type { Tx } from "./db/database";

export interface SettingsSectionDefinition<Body extends TSchema, Document extends TSchema, Org, Actor, Deps = unknown> {
  /** The stored section name; also the audit event `org.settings.{key}_updated`. */
  key: string;
  /** The URL segment under /settings/. */
  path: string;
  /** The section's key in the GET /settings answer. */
  wireKey: string;
  body: Body;
  document: Document;
  summary: string;
  description: string;
  /** What the audit catalog says of `org.settings.{key}_updated`. */
  eventDescription: string;
  /** The document of an organization that never wrote the section. */
  defaults(org: { name: string }): Static<Document>;
  /** Fields that always read from the organization itself (general's name), over what is stored. */
  fromOrg?(org: { name: string }): Partial<Static<Document>>;
  /** Checks the body beyond its schema (400s) and returns the document to store. */
  normalise(body: Static<Body>, actor: Actor): Static<Document>;
  /** Gates that depend on the current state (plan, a scope for one field, other organizations). */
  authorise?(gate: { tx: Tx; org: Org; actor: Actor; deps: Deps }, next: Static<Document>, before: Static<Document>): Promise<void> | void;
  /** Writes elsewhere that the document carries, in the same transaction (general renames the organization). */
  apply?(tx: Tx, org: Org, next: Static<Document>, deps: Deps): Promise<void>;
  /** After the change committed: per-node memory that follows the section (custom login domains' host map). */
  committed?(deps: Deps, org: Org, next: Static<Document>): Promise<void> | void;
}

/** A section of any module, as the contract holds it. */
export type AnySettingsSection = SettingsSectionDefinition<TSchema, TSchema, any, any, any>;

/** The audit event a section's PUT records, with the document before and after. */
export function settingsUpdatedEvent(section: Pick<AnySettingsSection, "key" | "eventDescription">): AuditEventDefinition {
  return { type: `org.settings.${section.key}_updated`, description: section.eventDescription };
}
