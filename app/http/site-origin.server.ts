import { log } from "~/log/log.server";

let warned = false;

/**
 * Where mailed links point while the site does not know its own address: a
 * reserved name that never resolves (RFC 2606). The mail queue refuses every
 * mail carrying it (app/mail/mail-queue.server.ts), so no mail ever carries a
 * link built from the request's Host header (decision 021).
 */
export const UNKNOWN_SITE_ORIGIN = "https://app-url-not-set.invalid";

/** The message the admin area shows, and failed deliveries record. */
export const APP_URL_MISSING_MESSAGE = "APP_URL is not set: mails that carry links are not sent. Set APP_URL to the site's address (README, Deploying).";

/**
 * The site's own origin for links that leave the request (every link in every
 * e-mail): the configured APP_URL, never the request's Host header, which a
 * client chooses. `npm start` and the e2e server set APP_URL to the address
 * they serve. Without it only a local run (APP_ENV=local) reached on a
 * loopback name (localhost, 127.0.0.1, [::1]) uses the request's origin;
 * anything else gets UNKNOWN_SITE_ORIGIN, so a deployed Worker without
 * APP_URL refuses to send mail with links, and says so in the admin area.
 */
export function siteOrigin(env: { APP_URL?: string; APP_ENV?: string }, request: Request | URL): string {
  const configured = parseOrigin(env.APP_URL);
  if (configured) return configured;
  const url = request instanceof URL ? request : new URL(request.url);
  if (env.APP_ENV === "local" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) return url.origin;
  if (!warned) {
    warned = true;
    log("error", APP_URL_MISSING_MESSAGE, {});
  }
  return UNKNOWN_SITE_ORIGIN;
}

/** Whether mailed links have a trustworthy origin here (for the admin area's warning). */
export function appUrlMissing(env: { APP_URL?: string; APP_ENV?: string }) {
  return !parseOrigin(env.APP_URL) && env.APP_ENV !== "local";
}

function parseOrigin(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}
