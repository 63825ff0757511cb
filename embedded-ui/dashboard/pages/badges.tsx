/**
 * Badges (ConnectedIds): every person and service account the organization has had,
 * with their status. The owner and admins suspend, reactivate or revoke a badge and
 * change its type or membership type; revoking is final and ends what it stood for.
 */
import { useState } from "preact/hooks";
import { api } from "../api";
import { ActionButton, Badge, EmptyState, ErrorMessage, Loaded, Section, Select, useLoad } from "../components";
import { formatTime } from "../messages";
import { managesPeople, type OrgBadge } from "../people";
import type { Org } from "../session";

const STATUS_FILTERS: [string, string][] = [
  ["", "Every status"],
  ["active", "Active"],
  ["suspended", "Suspended"],
  ["revoked", "Revoked"],
];
const TYPES: [string, string][] = [
  ["person", "Person"],
  ["ai", "AI"],
  ["group", "Group"],
];
/** The membership types the API names; an organization may use its own (lower_snake_case), shown as they are. */
const MEMBERSHIP_TYPES: [string, string][] = [
  ["member", "Member"],
  ["invited", "Invited"],
  ["service_account", "Service account"],
];

const tone = (status: string) => (status === "active" ? "good" : status === "suspended" ? "warn" : "bad");

export function BadgesPage({ org }: { org: Org }) {
  const [status, setStatus] = useState("");
  const badges = useLoad(() => api<OrgBadge[]>("GET", `/api/org/${org.slug}/badges${status ? `?status=${status}` : ""}`), [org.slug, status]);
  const canManage = managesPeople(org);
  return (
    <>
      <div class="page-head">
        <h1>Badges</h1>
      </div>
      <p class="muted">
        A badge is how the organization knows a person or a machine: approvals, the org chart and the audit log name badges. A suspended badge's holder is refused everywhere in the
        organization until reactivated; revoking is final and ends the membership or the service account, while the badge stays as history.
      </p>
      <Section title="Badges" id="badge-list" actions={<Select label="Status" id="badge-status-filter" value={status} options={STATUS_FILTERS} onChange={setStatus} />}>
        <Loaded state={badges} what="badges">
          {(list) =>
            list.length === 0 ? (
              <EmptyState title="No badges with this status." />
            ) : (
              <div class="table-wrap" tabIndex={0}>
                <table class="table" id="badge-table">
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Type</th>
                      <th scope="col">Membership</th>
                      <th scope="col">Status</th>
                      <th scope="col">Since</th>
                      {canManage ? (
                        <th scope="col">
                          <span class="visually-hidden">Actions</span>
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
      <td>{editable ? <Select label={`Type of ${badge.displayName}`} value={badge.type} options={TYPES} onChange={(type) => change({ type })} /> : badge.type}</td>
      <td>
        {editable ? (
          <Select
            label={`Membership of ${badge.displayName}`}
            value={badge.membershipType}
            options={MEMBERSHIP_TYPES.some(([k]) => k === badge.membershipType) ? MEMBERSHIP_TYPES : [...MEMBERSHIP_TYPES, [badge.membershipType, badge.membershipType]]}
            onChange={(membershipType) => change({ membershipType })}
          />
        ) : (
          badge.membershipType
        )}
      </td>
      <td>
        <Badge tone={tone(badge.status)}>{badge.status}</Badge>
      </td>
      <td>{formatTime(badge.updatedAt)}</td>
      {canManage ? (
        <td>
          {badge.status === "active" ? (
            <ActionButton kind="secondary" label={`Suspend ${badge.displayName}`} onAction={() => change({ status: "suspended" })}>
              Suspend
            </ActionButton>
          ) : null}
          {badge.status === "suspended" ? (
            <ActionButton kind="secondary" label={`Reactivate ${badge.displayName}`} onAction={() => change({ status: "active" })}>
              Reactivate
            </ActionButton>
          ) : null}
          {badge.status !== "revoked" ? (
            <ActionButton
              kind="danger"
              label={`Revoke ${badge.displayName}`}
              onAction={async () => {
                if (!confirm(`Revoke the badge of ${badge.displayName}? This is final and ends their membership or service account.`)) return;
                await change({ status: "revoked" });
              }}
            >
              Revoke
            </ActionButton>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}
