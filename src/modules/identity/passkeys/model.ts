/** Request and response schemas of the passkey and seal routes (WebAuthn Level 3 JSON forms). */
import { t, type Static } from "elysia";

const base64url = (description: string, maxLength = 16384) => t.String({ minLength: 1, maxLength, pattern: "^[A-Za-z0-9_-]+={0,2}$", description });
const transports = t.Array(t.String({ maxLength: 32 }), { maxItems: 16 });
/** Extension inputs and outputs pass through as they are. */
const extensions = t.Object({}, { additionalProperties: true });
const credentialDescriptor = t.Object({ id: t.String(), type: t.String({ description: `"public-key"` }), transports: t.Optional(transports) });

export const CreationOptions = t.Object(
  {
    rp: t.Object({ name: t.String(), id: t.Optional(t.String()) }),
    user: t.Object({ id: t.String(), name: t.String(), displayName: t.String() }),
    challenge: t.String(),
    pubKeyCredParams: t.Array(t.Object({ alg: t.Number(), type: t.Literal("public-key") })),
    timeout: t.Optional(t.Number()),
    excludeCredentials: t.Optional(t.Array(credentialDescriptor)),
    authenticatorSelection: t.Optional(
      t.Object({
        authenticatorAttachment: t.Optional(t.String()),
        residentKey: t.Optional(t.String()),
        requireResidentKey: t.Optional(t.Boolean()),
        userVerification: t.Optional(t.String()),
      }),
    ),
    hints: t.Optional(t.Array(t.String())),
    attestation: t.Optional(t.String()),
    attestationFormats: t.Optional(t.Array(t.String())),
    extensions: t.Optional(extensions),
  },
  { description: "PublicKeyCredentialCreationOptionsJSON: pass to navigator.credentials.create (after PublicKeyCredential.parseCreationOptionsFromJSON)." },
);

export const RequestOptions = t.Object(
  {
    challenge: t.String(),
    timeout: t.Optional(t.Number()),
    rpId: t.Optional(t.String()),
    allowCredentials: t.Optional(t.Array(credentialDescriptor)),
    userVerification: t.Optional(t.String()),
    hints: t.Optional(t.Array(t.String())),
    extensions: t.Optional(extensions),
  },
  { description: "PublicKeyCredentialRequestOptionsJSON: pass to navigator.credentials.get (after PublicKeyCredential.parseRequestOptionsFromJSON)." },
);

export const RegistrationResponse = t.Object(
  {
    id: base64url("credential id", 1024),
    rawId: base64url("credential id", 1024),
    type: t.Literal("public-key"),
    response: t.Object({
      clientDataJSON: base64url("client data"),
      attestationObject: base64url("attestation object"),
      authenticatorData: t.Optional(base64url("authenticator data")),
      transports: t.Optional(transports),
      publicKeyAlgorithm: t.Optional(t.Number()),
      publicKey: t.Optional(base64url("public key (SPKI)")),
    }),
    authenticatorAttachment: t.Optional(t.String({ maxLength: 32 })),
    clientExtensionResults: t.Optional(extensions),
  },
  { description: "RegistrationResponseJSON: the result of navigator.credentials.create, serialised with toJSON()." },
);

export const AuthenticationResponse = t.Object(
  {
    id: base64url("credential id", 1024),
    rawId: base64url("credential id", 1024),
    type: t.Literal("public-key"),
    response: t.Object({
      clientDataJSON: base64url("client data"),
      authenticatorData: base64url("authenticator data"),
      signature: base64url("signature"),
      userHandle: t.Optional(t.Nullable(t.String({ maxLength: 1024 }))),
    }),
    authenticatorAttachment: t.Optional(t.Nullable(t.String({ maxLength: 32 }))),
    clientExtensionResults: t.Optional(extensions),
  },
  { description: "AuthenticationResponseJSON: the result of navigator.credentials.get, serialised with toJSON()." },
);

export type PasskeyView = Static<typeof PasskeyView>;
export const PasskeyView = t.Object({
  id: t.String({ description: "credential id (base64url)" }),
  name: t.String(),
  createdAt: t.String({ format: "date-time" }),
  lastUsedAt: t.Nullable(t.String({ format: "date-time" })),
  deviceType: t.String({ description: "singleDevice or multiDevice (synced)" }),
  backedUp: t.Boolean(),
});

export const SessionIssued = t.Object({
  token: t.String({ description: "session token for API clients; browsers also get the HttpOnly cookie" }),
  expiresAt: t.String({ format: "date-time" }),
  user: t.Object({ id: t.String(), email: t.String() }),
});
