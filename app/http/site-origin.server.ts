import { log } from "~/observability/log.server";

let warned = false;

/**
 * The site's own origin for links that leave the request (every link in every
 * e-mail): the configured APP_URL, never the request's Host header, which a
 * client chooses (issue 16, finding 8: `Host: evil.example` on forgot-password
 * put a reset link to evil.example in the mail).
 *
 * Without APP_URL a local run (APP_ENV=local: `npm start`, the dev server)
 * uses the request's origin; a production Worker does too, because on
 * Cloudflare a request only reaches the Worker through the routes bound to it,
 * but it logs an error once per isolate: APP_URL must be set there (README).
 */
export function siteOrigin(env: { APP_URL?: string; APP_ENV?: string }, request: Request | URL): string {
  const configured = parseOrigin(env.APP_URL);
  if (configured) return configured;
  if (env.APP_ENV !== "local" && !warned) {
    warned = true;
    log("error", "APP_URL is not set: links in mails fall back to the request's origin", {});
  }
  return (request instanceof URL ? request : new URL(request.url)).origin;
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
