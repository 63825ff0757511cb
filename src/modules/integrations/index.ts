/**
 * The integrations domain's door (DESIGN §2). Nothing above it imports it yet; what
 * others may use goes here, never its internals or tables.
 */
export { INTEGRATION_SCOPES } from "./scopes";
export { signatureOf, verifySignature } from "./webhooks/signing";
