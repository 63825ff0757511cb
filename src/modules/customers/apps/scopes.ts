/**
 * The scopes of app groups and applications. The Owner and Admin hold them through
 * `org.*`; no other built-in role holds them, so a Member gets 403 PERMISSION_DENIED.
 * M2M tokens hold them when their key was given them.
 */
export const APP_SCOPES = {
  groupList: "org.app_group.list",
  groupRead: "org.app_group.read",
  groupCreate: "org.app_group.create",
  groupUpdate: "org.app_group.update",
  groupDelete: "org.app_group.delete",
  applicationList: "org.application.list",
  applicationRead: "org.application.read",
  applicationCreate: "org.application.create",
  applicationUpdate: "org.application.update",
  applicationDelete: "org.application.delete",
  applicationRotateSecret: "org.application.rotate_secret",
} as const;
