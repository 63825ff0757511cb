/**
 * Badges (ConnectedIds): every person and service account the organization has had,
 * with their status. The owner and admins suspend, reactivate or revoke a badge and
 * change its type or membership type; revoking is final and ends what it stood for.
 */
import { useState } from "preact/hooks";
import { api } from "../api";
import { ActionButton, Badge, EmptyState, ErrorMessage, Loaded, Section, Select, useLoad } from "../components";
import { useLanguage, useT } from "../language";
import type { DashboardKey } from "../locales/index";
import { formatTime } from "../messages";
import { managesPeople, type OrgBadge } from "../people";
import type { Org } from "../session";

const STATUS_FILTERS = [
  ["", "badges.filter.every"],
  ["active", "badges.filter.active"],
  ["suspended", "badges.filter.suspended"],
  ["revoked", "badges.filter.revoked"],
] as const satisfies readonly (readonly [string, DashboardKey])[];
const TYPES = [
  ["person", "badges.type.person"],
  ["ai", "badges.type.ai"],
  ["group", "badges.type.group"],
] as const satisfies readonly (readonly [string, DashboardKey])[];
/** The membership types the API names; an organization may use its own (lower_snake_case), shown as they are. */
const MEMBERSHIP_TYPES = [
  ["member", "badges.membership.member"],
  ["invited", "badges.membership.invited"],
  ["service_account", "badges.membership.service_account"],
] as const satisfies readonly (readonly [string, DashboardKey])[];

type T = ReturnType<typeof useT>;
const options = (t: T, list: readonly (readonly [string, DashboardKey])[]): [string, string][] => list.map(([value, key]) => [value, t(key)]);
const STATE_KEYS: Record<string, DashboardKey> = { active: "badges.state.active", suspended: "badges.state.suspended", revoked: "badges.state.revoked" };
/** A badge's status in the person's language (a status the API adds later shows as it is). */
export const badgeStatusName = (t: T, status: string) => (STATE_KEYS[status] ? t(STATE_KEYS[status]) : status);

const tone = (status: string) => (status === "active" ? "good" : status === "suspended" ? "warn" : "bad");

export function BadgesPage({ org }: { org: Org }) {
  const [status, setStatus] = useState("");
  const badges = useLoad(() => api<OrgBadge[]>("GET", `/api/org/${org.slug}/badges${status ? `?status=${status}` : ""}`), [org.slug, status]);
  const canManage = managesPeople(org);
  const t = useT();
  return (
    <>
      <div class="page-head">
        <h1>{t("badges.title")}</h1>
      </div>
      <p class="muted">{t("badges.intro")}</p>
      <Section
        title={t("badges.title")}
        id="badge-list"
        actions={<Select label={t("badges.statusFilter")} id="badge-status-filter" value={status} options={options(t, STATUS_FILTERS)} onChange={setStatus} />}
      >
        <Loaded state={badges} what={t("badges.what")}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={t("badges.noneWithStatus")} />
            ) : (
              <div class="table-wrap" tabIndex={0}>
                <table class="table" id="badge-table">
                  <thead>
                    <tr>
                      <th scope="col">{t("badges.name")}</th>
                      <th scope="col">{t("badges.type")}</th>
                      <th scope="col">{t("badges.membership")}</th>
                      <th scope="col">{t("badges.status")}</th>
                      <th scope="col">{t("badges.since")}</th>
                      {canManage ? (
                        <th scope="col">
                          <span class="visually-hidden">{t("badges.actions")}</span>
                        </th>
                      ) : null}
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((b) => (
                      <BadgeRow key={b.connectedId} org={org} badge={b} canManage={canManage} onChanged={badges.reload} />
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </Loaded>
      </Section>
    </>
  );
}

function BadgeRow({ org, badge, canManage, onChanged }: { org: Org; badge: OrgBadge; canManage: boolean; onChanged: () => void }) {
  const [error, setError] = useState<unknown>(null);
  const t = useT();
  const { language } = useLanguage();
  const membershipTypes = options(t, MEMBERSHIP_TYPES);
  const path = `/api/org/${org.slug}/badges/${badge.connectedId}`;
  const change = async (body: Record<string, string>) => {
    setError(null);
    try {
      await api("PATCH", path, body);
      onChanged();
    } catch (e) {
      setError(e);
    }
  };
  const editable = canManage && badge.status !== "revoked";
  return (
    <tr data-badge={badge.connectedId} data-badge-status={badge.status}>
      <td>
        {badge.displayName}
        {badge.email && badge.email !== badge.displayName ? <div class="muted">{badge.email}</div> : null}
        <ErrorMessage error={error} />
      </td>
      <td>{editable ? <Select label={t("badges.typeOf", { name: badge.displayName })} value={badge.type} options={options(t, TYPES)} onChange={(type) => change({ type })} /> : badge.type}</td>
      <td>
        {editable ? (
          <Select
            label={t("badges.membershipOf", { name: badge.displayName })}
            value={badge.membershipType}
            options={membershipTypes.some(([k]) => k === badge.membershipType) ? membershipTypes : [...membershipTypes, [badge.membershipType, badge.membershipType]]}
            onChange={(membershipType) => change({ membershipType })}
          />
        ) : (
          badge.membershipType
        )}
      </td>
      <td>
        <Badge tone={tone(badge.status)}>{badgeStatusName(t, badge.status)}</Badge>
      </td>
      <td>{formatTime(badge.updatedAt, language)}</td>
      {canManage ? (
        <td>
          {badge.status === "active" ? (
            <ActionButton kind="secondary" label={t("badges.suspendLabel", { name: badge.displayName })} onAction={() => change({ status: "suspended" })}>
              {t("badges.suspend")}
            </ActionButton>
          ) : null}
          {badge.status === "suspended" ? (
            <ActionButton kind="secondary" label={t("badges.reactivateLabel", { name: badge.displayName })} onAction={() => change({ status: "active" })}>
              {t("badges.reactivate")}
            </ActionButton>
          ) : null}
          {badge.status !== "revoked" ? (
            <ActionButton
              kind="danger"
              label={t("badges.revokeLabel", { name: badge.displayName })}
              onAction={async () => {
                if (!confirm(t("badges.confirmRevoke", { name: badge.displayName }))) return;
                await change({ status: "revoked" });
              }}
            >
              {t("badges.revoke")}
            </ActionButton>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}
