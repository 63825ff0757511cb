/**
 * Error codes of data sources (spec §7: NAME_TAKEN, STILL_ACTIVE, CREDIT_REQUIRED,
 * PROVIDER_DELETE_FAILED; the rest are this domain's, lower_snake_case). No message or
 * extra field ever carries a password or a connection string with one.
 */
import { defineErrors } from "../../platform/http/error-catalog";

export const datasourceErrors = defineErrors({
  appGroupNotFound: { code: "app_group_not_found", status: 404, message: "no live app group with this id or groupKey in the organization" },
  notFound: { code: "data_source_not_found", status: 404, message: "no data source with this id in the app group" },
  invalidConnection: {
    code: "invalid_connection_string",
    status: 400,
    message: "the connection string is not one Signet connects to: postgres:// or postgresql:// with a host, a port 1 to 65535, a database and a user; `reason` says which part",
  },
  invalidName: { code: "invalid_data_source_name", status: 400, message: "a name is 1 to 63 letters, digits, '-' or '_', starting with a letter" },
  nameTaken: { code: "NAME_TAKEN", status: 409, message: "an active data source of the app group already has this name" },
  testFailed: { code: "connection_test_failed", status: 400, message: "the database could not be reached with these credentials; `lastTestError` says why" },
  notActive: { code: "data_source_not_active", status: 409, message: "the data source is not active: reconnect it first" },
  alreadyActive: { code: "data_source_active", status: 409, message: "the data source is already active" },
  deleted: { code: "data_source_deleted", status: 409, message: "the data source was deleted; deleted is final" },
  confirmNameMismatch: { code: "confirm_name_mismatch", status: 400, message: "confirmName must be the data source's exact name" },
  stillActive: { code: "STILL_ACTIVE", status: 400, message: "only a disconnected data source may be deleted, with a personal seal and its exact name (confirmName)" },
  creditRequired: { code: "CREDIT_REQUIRED", status: 402, message: "a managed database needs the service reserve in prepaid credit at creation and reconnect ($5)" },
  // 409, not 503: the installation lacks the feature until its operator configures it; retrying does not help.
  managedNotConfigured: { code: "managed_databases_unavailable", status: 409, message: "this installation has no PostgreSQL server for managed databases (its operator sets SIGNET_MANAGED_DB_URL)" },
  providerFailed: { code: "provider_unavailable", status: 502, message: "the managed database server refused or could not be reached; nothing was created" },
  providerDeleteFailed: { code: "PROVIDER_DELETE_FAILED", status: 502, message: "dropping the managed database failed; the row is kept for a retry" },
  managedOnly: { code: "not_a_managed_database", status: 409, message: "only managed databases have a write log" },
});

export const DatasourceErrors = datasourceErrors.codes;
