/**
 * What the hosted login (and an SDK drawing its own screen) needs to know before anyone
 * signs in: which methods this application offers, the brand's look, and where the
 * portal lives. Public: it never carries a secret, a client id or a Callback URL.
 */
import type { AppContext } from "../../../context";
import type { AppGroupRow, ApplicationRow } from "../apps/schema";
import { SOCIAL_PROVIDERS, type SocialProvider } from "../apps/validation";
import { portalLoginUrl, portalVerifyUrl } from "./portal";

/** Kakao signs in with its client id alone (apps/service.ts lets it go without a secret). */
const SECRET_OPTIONAL: readonly SocialProvider[] = ["kakao"];

export interface LoginMethods {
  application: { key: string; name: string; platform: string; environment: string };
  appGroup: { key: string; name: string; description: string | null };
  methods: {
    magicLink: boolean;
    passkey: boolean;
    /** Enabled providers whose credentials are complete, in a stable order. */
    social: SocialProvider[];
    smsMfa: "off" | "optional" | "required";
    botProtection: { enabled: boolean; provider: "turnstile" | null; siteKey: string | null };
  };
  branding: {
    name: string;
    iconUrl: string | null;
    brandColor: string | null;
    primaryColor: string | null;
    backgroundColor: string | null;
    textColor: string | null;
    heroTitle: string | null;
    heroSubtitle: string | null;
  };
  portal: { loginUrl: string; verifyUrl: string };
}

function readySocialProviders(group: Pick<AppGroupRow, "socialProviders">): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((provider) => {
    const stored = group.socialProviders[provider];
    return !!stored?.enabled && !!stored.clientId && (stored.clientSecretSealed !== null || SECRET_OPTIONAL.includes(provider));
  });
}

/**
 * `portal` is where this brand's users sign in: the portal the request is on when it is
 * the group's custom login domain, else the group's served custom domain when it has one,
 * else `{portal_base}` (also once a domain is removed).
 */
export function loginMethodsOf(config: AppContext["config"], found: { application: ApplicationRow; appGroup: AppGroupRow }, portal: Pick<AppContext["config"], "portalBase"> = config): LoginMethods {
  const { application, appGroup } = found;
  const bot = appGroup.botProtection;
  return {
    application: { key: application.clientKey, name: application.name, platform: application.platform, environment: application.environment },
    appGroup: { key: appGroup.key, name: appGroup.name, description: appGroup.description },
    methods: {
      magicLink: appGroup.loginMethods.magicLink,
      passkey: appGroup.loginMethods.passkey,
      social: readySocialProviders(appGroup),
      smsMfa: appGroup.loginMethods.smsMfa,
      botProtection: { enabled: bot, provider: bot ? "turnstile" : null, siteKey: bot ? (config.turnstile.siteKey ?? null) : null },
    },
    branding: { name: appGroup.name, iconUrl: appGroup.iconUrl, brandColor: appGroup.brandColor, ...appGroup.branding },
    portal: { loginUrl: portalLoginUrl(portal, application.clientKey), verifyUrl: portalVerifyUrl(portal, application.clientKey) },
  };
}
