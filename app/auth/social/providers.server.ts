import type { Settings } from "~/settings/definitions";
import type { AuthEnv } from "../../request/env";
import { SOCIAL_SERVICES, type SocialService } from "./services";

/** A provider account, in one shape whatever the provider. */
export interface SocialProfile {
  id: string;
  email: string | null;
  emailVerified: boolean;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  avatar: string | null;
}

export interface ProviderConfig {
  service: SocialService;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  /** Envato needs a second call for the address. */
  emailUrl?: string;
  scopes: string[];
  /** Facebook and Envato want the client secret in the body, not in Basic auth. */
  credentialsInBody: boolean;
}

/**
 * Production endpoints of each provider. Every URL can be overridden with
 * OAUTH_<SERVICE>_AUTHORIZE_URL / _TOKEN_URL / _USERINFO_URL (and
 * OAUTH_ENVATO_EMAIL_URL), so a local OAuth2 server can stand in.
 */
const DEFAULTS: Record<SocialService, Omit<ProviderConfig, "service" | "clientId" | "clientSecret">> = {
  google: {
    authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    userinfoUrl: "https://openidconnect.googleapis.com/v1/userinfo",
    scopes: ["openid", "email", "profile"],
    credentialsInBody: false,
  },
  facebook: {
    authorizeUrl: "https://www.facebook.com/v21.0/dialog/oauth",
    tokenUrl: "https://graph.facebook.com/v21.0/oauth/access_token",
    userinfoUrl: "https://graph.facebook.com/v21.0/me?fields=id,name,email,first_name,last_name,picture",
    scopes: ["email", "public_profile"],
    credentialsInBody: true,
  },
  twitter: {
    authorizeUrl: "https://x.com/i/oauth2/authorize",
    tokenUrl: "https://api.x.com/2/oauth2/token",
    userinfoUrl: "https://api.x.com/2/users/me?user.fields=profile_image_url,confirmed_email",
    scopes: ["users.read", "tweet.read", "users.email"],
    credentialsInBody: false,
  },
  envato: {
    authorizeUrl: "https://api.envato.com/authorization",
    tokenUrl: "https://api.envato.com/token",
    userinfoUrl: "https://api.envato.com/v1/market/private/user/username.json",
    emailUrl: "https://api.envato.com/v1/market/private/user/email.json",
    scopes: [],
    credentialsInBody: true,
  },
};

export function providerConfig(env: AuthEnv, service: SocialService): ProviderConfig | null {
  const prefix = `OAUTH_${service.toUpperCase()}_` as const;
  const read = (name: string) => env[`${prefix}${name}` as `OAUTH_${string}`] || undefined;
  const clientId = read("CLIENT_ID");
  const clientSecret = read("CLIENT_SECRET");
  if (!clientId || !clientSecret) return null;
  const defaults = DEFAULTS[service];
  return {
    ...defaults,
    service,
    clientId,
    clientSecret,
    authorizeUrl: read("AUTHORIZE_URL") ?? defaults.authorizeUrl,
    tokenUrl: read("TOKEN_URL") ?? defaults.tokenUrl,
    userinfoUrl: read("USERINFO_URL") ?? defaults.userinfoUrl,
    emailUrl: read("EMAIL_URL") ?? defaults.emailUrl,
  };
}

/** Providers switched on in settings and configured with credentials; the buttons show these only. */
export function enabledSocialServices(settings: Settings, env: AuthEnv): SocialService[] {
  return SOCIAL_SERVICES.filter((service) => settings[`social.${service}.enable`] && providerConfig(env, service) !== null);
}

const str = (value: unknown, max = 500) => (typeof value === "string" && value.length > 0 ? value.slice(0, max) : null);
const id = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value).slice(0, 200) : null);

/** Maps a provider's user-info answer to a SocialProfile; null when it names no account. */
export function parseProfile(service: SocialService, body: Record<string, unknown>, extra: Record<string, unknown> = {}): SocialProfile | null {
  switch (service) {
    case "facebook": {
      const picture = (body.picture as { data?: { url?: unknown } } | undefined)?.data?.url;
      const profileId = id(body.id);
      if (!profileId) return null;
      return {
        id: profileId,
        email: str(body.email, 255),
        emailVerified: Boolean(str(body.email)),
        username: str(body.name, 100),
        firstName: str(body.first_name, 100),
        lastName: str(body.last_name, 100),
        avatar: str(picture, 2000),
      };
    }
    case "twitter": {
      const data = (body.data ?? body) as Record<string, unknown>;
      const profileId = id(data.id);
      if (!profileId) return null;
      const email = str(data.confirmed_email, 255) ?? str(data.email, 255);
      return {
        id: profileId,
        email,
        emailVerified: Boolean(email),
        username: str(data.username, 100),
        firstName: str(data.name, 100),
        lastName: null,
        avatar: str(data.profile_image_url, 2000),
      };
    }
    case "envato": {
      const username = str(body.username, 100);
      if (!username) return null;
      const email = str(extra.email, 255);
      return { id: username, email, emailVerified: Boolean(email), username, firstName: null, lastName: null, avatar: null };
    }
    default: {
      // Google, and any OpenID Connect provider standing in for one.
      const profileId = id(body.sub) ?? id(body.id);
      if (!profileId) return null;
      const email = str(body.email, 255);
      return {
        id: profileId,
        email,
        emailVerified: Boolean(email) && body.email_verified !== false,
        username: str(body.preferred_username, 100) ?? str(body.name, 100),
        firstName: str(body.given_name, 100),
        lastName: str(body.family_name, 100),
        avatar: str(body.picture, 2000),
      };
    }
  }
}
