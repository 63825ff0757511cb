/** Organization slugs: lower-case, URL-safe, unique, and never a word the routes use. */
import { t } from "elysia";

/** The `{slug}` of every `/api/org/{slug}/…` route (an unknown slug is 404, a far too long one 400). */
export const OrgSlug = t.String({ maxLength: 100, description: "The organization's slug" });
export const SlugParams = t.Object({ slug: OrgSlug });

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;
const RESERVED = new Set(["api", "admin", "app", "apps", "auth", "create", "dashboard", "dev", "f", "healthz", "idp", "login", "new", "org", "orgs", "public", "readyz", "scim", "settings", "static", "swagger", "v1", "www"]);

export function slugProblem(slug: string): string | null {
  if (!SLUG.test(slug)) return "must be 1-48 characters of a-z, 0-9 and inner hyphens";
  if (slug.includes("--")) return "must not contain consecutive hyphens";
  if (RESERVED.has(slug)) return `"${slug}" is reserved`;
  return null;
}

/** A slug derived from a name: "Acme Corp." → "acme-corp". */
export function slugFromName(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/g, "");
  return base || "org";
}
