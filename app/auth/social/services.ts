/** The social sign-in providers (four of them). */
export const SOCIAL_SERVICES = ["google", "facebook", "twitter", "envato"] as const;
export type SocialService = (typeof SOCIAL_SERVICES)[number];

export const SOCIAL_SERVICE_LABELS: Record<SocialService, string> = {
  google: "Google",
  facebook: "Facebook",
  twitter: "X",
  envato: "Envato",
};

export function isSocialService(value: unknown): value is SocialService {
  return typeof value === "string" && (SOCIAL_SERVICES as readonly string[]).includes(value);
}

/** What the popup posts to its opener. */
export type SocialAuthStatus = "SUCCESS" | "ALREADY_LOGGED_IN" | "REQUEST_PASSWORD" | "ERROR";
export interface SocialAuthMessage {
  type: "social-auth";
  status: SocialAuthStatus;
  redirectTo?: string;
  errorMessage?: string;
}
