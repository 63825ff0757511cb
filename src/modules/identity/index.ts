/**
 * The identity domain's door (DESIGN §2): what other domains may use. Other domains import
 * from here only, never its internals or tables.
 */
export { bearerToken, resolveSessionActor, sessionGuard } from "./guard";
export { CHALLENGE_TTL_MS, checkAssertion, type ClientData, clientDataOf, descriptorsOf, verifiedRegistration } from "./passkeys/ceremonies";
export { AuthenticationResponse, CreationOptions, PasskeyView, RegistrationResponse, RequestOptions } from "./passkeys/model";
export { passkeyErrors, SealRefusal } from "./passkeys/errors";
export { SealAssertionBody, sealAssertionOf, verifyPersonalSeal } from "./passkeys/seal";
export { hasPersonalSeal, passkeyView } from "./passkeys/service";
export { accountLanguage, findOrCreateUser, normaliseEmail } from "./service";
export { sessionClientOf, signIn } from "./sessions";
export { safeReturnUrl } from "./return-url";
export { emailContains, emailOf, emailsOf, liveSessions, sessionCreatedAt, userByEmail, userById, usersWithEmailContaining, type Session, type User } from "./directory";
