/**
 * The data-source scopes. The Owner and Admin hold them through `org.*`; no other built-in
 * role does, so a Member gets 403 PERMISSION_DENIED. M2M tokens hold them when their key
 * was given them; a key bound to one app group reaches that group's sources only.
 */
export const DATASOURCE_SCOPES = {
  read: "org.datasource.read",
  create: "org.datasource.create",
  update: "org.datasource.update",
  test: "org.datasource.test",
  delete: "org.datasource.delete",
} as const;
