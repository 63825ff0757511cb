/** The invitation link {dashboard_base}/invite/{code}: what it offers, and accepting it once signed in. */
import { api, ApiProblem, signInAgain } from "../api";
import { ActionButton, Badge, Loaded, useLoad } from "../components";
import { useLanguage, useT } from "../language";
import type { DashboardKey } from "../locales/index";
import { formatTime } from "../messages";

interface PublicInvitation {
  orgName: string;
  orgSlug: string;
  roleName: string;
  email: string;
  expiresAt: string;
  status: "pending" | "accepted" | "revoked" | "expired";
}

const STATUS_KEYS: Record<PublicInvitation["status"], DashboardKey> = {
  pending: "invite.status.pending",
  accepted: "invite.status.accepted",
  revoked: "invite.status.revoked",
  expired: "invite.status.expired",
};

export function InvitePage({ code }: { code: string }) {
  const path = `/api/public/invitations/${encodeURIComponent(code)}`;
  const t = useT();
  const { language } = useLanguage();
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
        <h1>{t("invite.title")}</h1>
        <Loaded state={invitation} what={t("invite.what")}>
          {(i) => (
            <>
              <p>
                {t("invite.invited")} <strong>{i.orgName}</strong>
                {t("invite.asRole", { role: i.roleName, email: i.email })}
              </p>
              {i.status === "pending" ? (
                <>
                  <p class="muted">{t("invite.expires", { time: formatTime(i.expiresAt, language) })}</p>
                  <ActionButton onAction={accept}>{t("invite.accept")}</ActionButton>
                </>
              ) : (
                <p>
                  <Badge tone="warn">{STATUS_KEYS[i.status] ? t(STATUS_KEYS[i.status]) : i.status}</Badge> {t("invite.noLonger")}
                </p>
              )}
            </>
          )}
        </Loaded>
      </div>
    </main>
  );
}
