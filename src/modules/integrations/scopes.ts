/**
 * The scopes of integrations and webhooks (spec 4.9). Owner and Admin hold them through
 * org.*; every built-in Member may file an access request for themselves and read their
 * own (the customer side of spec 4.9's access requests). A custom role may be given any.
 */
export const INTEGRATION_SCOPES = {
  read: "org.integration.read",
  enable: "org.integration.enable",
  disconnect: "org.integration.disconnect",
  notarize: "org.integration.notarize",
  materialize: "org.integration.materialize",
  analyze: "org.integration.analyze",
  grant: "org.integration.grant",
  request: "org.integration.request",
  accessRequestList: "org.access_request.list",
  accessRequestDecide: "org.access_request.decide",
  webhookList: "org.webhook.list",
  webhookManage: "org.webhook.manage",
  webhookRedeliver: "org.webhook.redeliver",
} as const;

export const INTEGRATION_ROLE_SCOPES = {
  member: [INTEGRATION_SCOPES.request],
} as const;
