/** The wire shapes of custom login domains (spec 4.4 settings/domains, 4.1 resolve), each declared once. */
import { t } from "elysia";

const SERVING_ERRORS = [
  "not_configured",
  "not_checked",
  "txt_record_missing",
  "txt_record_mismatch",
  "routing_record_missing",
  "cname_mismatch",
  "address_mismatch",
  "dns_lookup_failed",
  "app_group_deleted",
] as const;

const ServingError = t.Nullable(
  t.String({
    description:
      "Why the domain is not served, as a code: " +
      SERVING_ERRORS.join(", ") +
      " (docs/custom-domains.md says each in words); null when served",
  }),
);

export const LoginDomainEntry = t.Object(
  {
    domain: t.String({
      minLength: 1,
      maxLength: 253,
      description: "Hostname end users sign in at, e.g. login.example.com (an apex such as example.com works too); upper case, a trailing dot and unicode are normalised",
    }),
    appGroupId: t.String({ minLength: 1, maxLength: 100, description: "The app group (id or groupKey) whose hosted login, share viewer and end-user API the domain serves" }),
  },
  { additionalProperties: false },
);

export const LoginDomainsBody = t.Object(
  { customLoginDomains: t.Array(LoginDomainEntry, { maxItems: 20, description: "Custom login domains, one per app group (Pro to add; removal is always free)" }) },
  { additionalProperties: false },
);

export const LoginDomainsDocument = t.Object({ customLoginDomains: t.Array(t.Object({ domain: t.String(), appGroupId: t.String() })) });

export const VerifyQuery = t.Object({ appGroupId: t.String({ minLength: 1, maxLength: 100, description: "The app group (id or groupKey) whose domain to check" }) });

export const VerifyResult = t.Object({
  verified: t.Boolean({ description: "The ownership TXT record matched and the hostname routes to the service (CNAME to the target, or an apex's flattened addresses)" }),
  served: t.Boolean({ description: "The hostname is attached to the login portal: requests on it are served and the TLS front may issue its certificate" }),
  servingError: ServingError,
});

export const AutoConfigureBody = t.Object(
  {
    apiToken: t.String({ minLength: 1, maxLength: 500, description: "A Cloudflare API token with Zone:Read and DNS:Edit on the domain's zone; used for this request only, never stored or logged" }),
    appGroupId: t.String({ minLength: 1, maxLength: 100, description: "The app group (id or groupKey) whose domain to configure" }),
  },
  { additionalProperties: false },
);

export const AutoConfigureResult = t.Object({
  ok: t.Boolean({ description: "Both records exist in the zone now (created, or already there with the same content)" }),
  error: t.Nullable(
    t.String({ description: "not_configured, invalid_token, zone_not_found, record_conflict (another record on the name: left alone), provider_error or provider_unavailable; null when ok" }),
  ),
  zoneName: t.Nullable(t.String({ description: "The zone the records went into, once found" })),
});

export const DomainStatus = t.Object({
  domain: t.String(),
  appGroupId: t.String(),
  records: t.Array(
    t.Object({
      type: t.Union([t.Literal("TXT"), t.Literal("CNAME")]),
      name: t.String(),
      value: t.Nullable(t.String({ description: "null for the CNAME while the service has no target configured" })),
    }),
    { description: "The two records to create in the domain's zone (an apex: the CNAME where the provider flattens it, e.g. Cloudflare; no proxying)" },
  ),
  verified: t.Boolean(),
  served: t.Boolean(),
  servingError: ServingError,
  verifiedAt: t.Nullable(t.String({ format: "date-time" })),
  checkedAt: t.Nullable(t.String({ format: "date-time" })),
});

export const DomainStatusList = t.Object({
  cnameTarget: t.Nullable(t.String({ description: "SIGNET_CUSTOM_DOMAIN_TARGET; null: custom domains are not configured on this service" })),
  customLoginDomains: t.Array(DomainStatus),
});

export const ResolveQuery = t.Object({
  host: t.Optional(t.String({ maxLength: 300, description: "The hostname to look up (required unless domain is given)" })),
  domain: t.Optional(t.String({ maxLength: 300, description: "The same, under the name Caddy's on_demand_tls ask sends" })),
});

export const ResolvedHost = t.Object({
  host: t.String(),
  appGroup: t.Object({
    key: t.String(),
    name: t.String(),
    description: t.Nullable(t.String()),
    iconUrl: t.Nullable(t.String()),
    brandColor: t.Nullable(t.String()),
  }),
  loginUrl: t.Nullable(t.String({ description: "https://{host}/login/{clientKey} of the group's main application; null when it has no active one" })),
});
