/** Who is signed in, their organizations, and whether this node runs in developer mode. */
import { createContext } from "preact";
import { useContext } from "preact/hooks";

export interface Org {
  id: string;
  name: string;
  slug: string;
  type: string;
  plan: string;
  ready: boolean;
  role: string | null;
  parentSlug: string | null;
  createdAt: string;
}

export interface SessionState {
  user: { id: string; email: string };
  orgs: Org[];
  reloadOrgs: () => Promise<void>;
  devMode: boolean;
}

export const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside a signed-in page");
  return session;
}

export const PLAN_NAMES: Record<string, string> = { free: "Free", pro: "Pro", pro_plus: "Pro+", business: "Business", enterprise: "Enterprise" };
export const ROLE_NAMES: Record<string, string> = { owner: "Owner", admin: "Admin", member: "Member", org_director: "Director" };
