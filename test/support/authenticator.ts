/**
 * A real passkey authenticator for tests: nid-webauthn-emulator (a FIDO2/CTAP
 * authenticator and WebAuthn client in software), driven over HTTP through the
 * passkey and seal routes as a browser would.
 *
 *   const device = await registerPasskey(t, user);             // register-options + register
 *   const assertion = await sealAssertion(t, user, device, "linked_identity.switch", targetId);
 *   await t.request("POST", "/api/…", { token: user.token, json: { assertionResponseJson: assertion } });
 */
import cbor from "cbor";
import WebAuthnEmulator, { AuthenticatorEmulator, PasskeysCredentialsMemoryRepository, type AuthenticatorParameters } from "nid-webauthn-emulator";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { SignedInUser } from "./accounts";
import type { TestApp } from "./harness";

// The emulator encodes every CTAP message with cbor@10's synchronous `encode`, which
// pipes its stream into a NoFilter and reads it back at once. Under Bun that pipe only
// carries the first chunk (oven-sh/bun#7385), so the emulator answers
// CTAP2_ERR_INVALID_CBOR. Collecting the encoder's chunks directly gives the very bytes
// Node produces; decoding works as it is.
(cbor as any).encode = (...values: unknown[]): Buffer => {
  const encoder = new (cbor as any).Encoder();
  const chunks: Buffer[] = [];
  encoder.push = (chunk: Uint8Array | string | null, encoding?: BufferEncoding) => {
    if (chunk !== null) chunks.push(typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.from(chunk));
    return true;
  };
  for (const value of values) encoder.pushAny(value);
  return Buffer.concat(chunks);
};

/**
 * One authenticator (a security key or a phone) with its own credential store: it
 * holds one discoverable credential per (relying party, user), like a platform
 * authenticator. (The emulator's default store is shared by every instance.)
 */
export class Authenticator {
  readonly device: WebAuthnEmulator;
  /** The credential id of the passkey registered last through `registerPasskey`. */
  credentialId = "";

  /**
   * `origin` is where the "browser" runs (the test app's dashboard, see dashboardOrigin);
   * `params` change the emulated device, e.g. one that signs without verifying the user:
   * `{ userGetAssertionInteraction: (user) => ({ user, options: { up: true, uv: false } }) }`.
   */
  constructor(
    readonly origin: string,
    params: Partial<AuthenticatorParameters> = {},
  ) {
    this.device = new WebAuthnEmulator(new AuthenticatorEmulator({ credentialsRepository: new PasskeysCredentialsMemoryRepository(), ...params }));
  }

  /** navigator.credentials.create for `options`, as RegistrationResponseJSON. */
  create(options: PublicKeyCredentialCreationOptionsJSON, origin = this.origin): RegistrationResponseJSON {
    return this.device.createJSON(origin, options as any) as unknown as RegistrationResponseJSON;
  }

  /** navigator.credentials.get for `options`, as AuthenticationResponseJSON. */
  get(options: PublicKeyCredentialRequestOptionsJSON, origin = this.origin): AuthenticationResponseJSON {
    return this.device.getJSON(origin, options as any) as unknown as AuthenticationResponseJSON;
  }
}

/** The dashboard's origin: the relying party of every passkey ceremony. */
export function dashboardOrigin(t: TestApp): string {
  return new URL(t.config.dashboardBase).origin;
}

function expectStatus(r: { status: number; text: string }, status: number, what: string): void {
  if (r.status !== status) throw new Error(`${what}: expected ${status}, got ${r.status} ${r.text}`);
}

/**
 * Registers a passkey for `user` over HTTP and returns the authenticator holding it.
 * A user who already has a passkey must seal the registration: pass the authenticator
 * of an existing passkey as `sealWith`. Pass `authenticator` to add a second
 * credential to the same device.
 */
export async function registerPasskey(
  t: TestApp,
  user: SignedInUser,
  options: { name?: string; sealWith?: Authenticator; authenticator?: Authenticator } = {},
): Promise<Authenticator> {
  const authenticator = options.authenticator ?? new Authenticator(dashboardOrigin(t));
  const creation = await t.request("POST", "/api/auth/passkeys/register-options", { token: user.token });
  expectStatus(creation, 200, "register-options");
  const response = authenticator.create(creation.body);
  const seal = options.sealWith ? await sealAssertion(t, user, options.sealWith, "passkey.register", user.userId) : undefined;
  const registered = await t.request("POST", "/api/auth/passkeys/register", {
    token: user.token,
    json: { response, name: options.name, assertionResponseJson: seal },
  });
  expectStatus(registered, 201, "register");
  authenticator.credentialId = registered.body.id;
  return authenticator;
}

/** Asks for seal options bound to (user, purpose, subject) and answers them with `authenticator`. */
export async function sealAssertion(
  t: TestApp,
  user: SignedInUser,
  authenticator: Authenticator,
  purpose: string,
  subject: string,
): Promise<AuthenticationResponseJSON> {
  const options = await sealOptions(t, user, purpose, subject);
  return authenticator.get(options);
}

/** The raw seal options (for tests that answer them in unusual ways). */
export async function sealOptions(t: TestApp, user: SignedInUser, purpose: string, subject: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const r = await t.request("POST", "/api/auth/seal/options", { token: user.token, json: { purpose, subject } });
  expectStatus(r, 200, "seal/options");
  return r.body;
}

/** Signs in with the authenticator's discoverable passkey; returns the login response. */
export async function passkeyLogin(t: TestApp, authenticator: Authenticator) {
  const options = await t.request("POST", "/api/auth/passkeys/login-options");
  expectStatus(options, 200, "login-options");
  return t.request("POST", "/api/auth/passkeys/login", { json: { response: authenticator.get(options.body) } });
}
