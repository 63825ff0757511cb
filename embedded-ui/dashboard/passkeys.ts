/**
 * The browser side of WebAuthn: registering a passkey, and the personal seal (a passkey
 * assertion bound to a purpose and a subject) that step-up routes take as
 * `assertionResponseJson`.
 */
import { api } from "./api";
import { errorsCatalog, type ErrorKey } from "./locales/errors";

/** No passkey came back from the browser's prompt; describeError words it in the person's language (its message is the English). */
export class NoPasskey extends Error {
  constructor(readonly key: Extract<ErrorKey, "errors.noPasskeyAnswered" | "errors.noPasskeyCreated">) {
    super(errorsCatalog.en[key]);
  }
}

export function passkeysSupported(): boolean {
  return typeof PublicKeyCredential !== "undefined" && typeof (PublicKeyCredential as any).parseRequestOptionsFromJSON === "function";
}

/** Asks the server for a challenge bound to (me, purpose, subject) and answers it with a passkey. */
export async function personalSeal(purpose: string, subject: string): Promise<unknown> {
  const options = await api("POST", "/api/auth/seal/options", { purpose, subject });
  const credential = (await navigator.credentials.get({
    publicKey: (PublicKeyCredential as any).parseRequestOptionsFromJSON(options),
  })) as PublicKeyCredential | null;
  if (!credential) throw new NoPasskey("errors.noPasskeyAnswered");
  return (credential as any).toJSON();
}

/** Registers a new passkey; a user who already has one seals the registration with it. */
export async function registerPasskey(user: { id: string }, name: string, alreadyHasOne: boolean): Promise<void> {
  const seal = alreadyHasOne ? await personalSeal("passkey.register", user.id) : undefined;
  const options = await api("POST", "/api/auth/passkeys/register-options");
  const credential = (await navigator.credentials.create({
    publicKey: (PublicKeyCredential as any).parseCreationOptionsFromJSON(options),
  })) as PublicKeyCredential | null;
  if (!credential) throw new NoPasskey("errors.noPasskeyCreated");
  await api("POST", "/api/auth/passkeys/register", { response: (credential as any).toJSON(), name, ...(seal ? { assertionResponseJson: seal } : {}) });
}
