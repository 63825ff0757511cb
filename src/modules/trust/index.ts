/**
 * The trust domain's door (DESIGN §2): what other domains may use. Other domains import
 * from here only, never its internals or tables.
 */
export { type AuditCaller, resolveAuditCaller } from "./audit/access";
export { etagMatches, JWKS_CACHE_CONTROL, jwksOf } from "./keys/jwks";
export { type KeyEvent, type RevocationMarkerSource } from "./keys/keyring";
export { createMasterSeal, MASTER_SEAL_PURPOSE, masterSealStatus } from "./keys/master-seal";
export { MAX_RETIRING_SIGNING_KEYS, rotateSigningKeys, signingKeysView } from "./keys/rotation";
export { MAX_SIGNED_TOKEN_LIFETIME_SECONDS, orgSigner } from "./keys/signing-keys";
export { signingKeyErrors } from "./keys/errors";
