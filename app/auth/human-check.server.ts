import { log } from "~/log/log.server";
import type { Settings } from "~/settings/definitions";

/**
 * "Are you human?" before sensitive public forms (register, contact).
 * Production uses Cloudflare Turnstile; the verify URL is configurable so
 * tests can point it at a local stand-in (TURNSTILE_VERIFY_URL).
 */
export interface HumanCheck {
  verify(token: string, ip: string | null): Promise<boolean>;
}

export const TURNSTILE_VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
/** The field Turnstile's widget adds to the form it sits in. */
export const HUMAN_CHECK_FIELD = "cf-turnstile-response";

export class TurnstileHumanCheck implements HumanCheck {
  constructor(private config: { secret: string; verifyUrl: string }) {}
  async verify(token: string, ip: string | null) {
    if (!token || token.length > 2048) return false;
    const body = new FormData();
    body.set("secret", this.config.secret);
    body.set("response", token);
    if (ip) body.set("remoteip", ip);
    try {
      const response = await fetch(this.config.verifyUrl, { method: "POST", body, signal: AbortSignal.timeout(10_000) });
      if (!response.ok) return false;
      const result = (await response.json()) as { success?: unknown };
      return result.success === true;
    } catch (error) {
      log("warn", "human check could not be verified", { error: String(error) });
      return false;
    }
  }
}

export type HumanCheckAction = "register" | "contact" | "comments";

/** Enabled for an action when a site key is set, the action is switched on, and a secret exists. */
export function humanCheckEnabled(settings: Settings, env: { TURNSTILE_SECRET_KEY?: string }, action: HumanCheckAction) {
  return Boolean(settings["recaptcha.site_key"] && settings[`recaptcha.enable.${action}`] && env.TURNSTILE_SECRET_KEY);
}

export function humanCheckFor(env: { TURNSTILE_SECRET_KEY?: string; TURNSTILE_VERIFY_URL?: string }): HumanCheck {
  return new TurnstileHumanCheck({
    secret: env.TURNSTILE_SECRET_KEY ?? "",
    verifyUrl: env.TURNSTILE_VERIFY_URL || TURNSTILE_VERIFY_URL,
  });
}
