/** The invitation link {dashboard_base}/invite/{code}: what it offers, and accepting it once signed in. */
import { api, ApiProblem, signInAgain } from "../api";
import { ActionButton, Badge, Loaded, useLoad } from "../components";
import { formatTime } from "../messages";

interface PublicInvitation {
  orgName: string;
  orgSlug: string;
  roleName: string;
  email: string;
  expiresAt: string;
  status: "pending" | "accepted" | "revoked" | "expired";
}

export function InvitePage({ code }: { code: string }) {
  const path = `/api/public/invitations/${encodeURIComponent(code)}`;
  const invitation = useLoad(() => api<PublicInvitation>("GET", path, undefined, { redirectOn401: false }), [code]);
  const accept = async () => {
    try {
      const accepted = await api<{ orgSlug: string }>("POST", `${path}/accept`, undefined, { redirectOn401: false });
      location.assign(`/orgs/${accepted.orgSlug}`);
    } catch (e) {
      if (e instanceof ApiProblem && e.status === 401) signInAgain();
      throw e;
    }
  };
  return (
    <main class="standalone" id="content">
      <div class="card narrow">
        <h1>Invitation</h1>
        <Loaded state={invitation} what="the invitation">
          {(i) => (
            <>
              <p>
                You are invited to join <strong>{i.orgName}</strong> as {i.roleName}, with the address {i.email}.
              </p>
              {i.status === "pending" ? (
                <>
                  <p class="muted">It expires {formatTime(i.expiresAt)}. You will be asked to sign in as the invited address if you are not.</p>
                  <ActionButton onAction={accept}>Accept the invitation</ActionButton>
                </>
              ) : (
                <p>
                  <Badge tone="warn">{i.status}</Badge> This invitation can no longer be accepted. Ask for a new one.
                </p>
              )}
            </>
          )}
        </Loaded>
      </div>
    </main>
  );
}
