/**
 * CORS for api/v1 (decision 036): browser-based token clients on the origins
 * an admin lists (setting `api.cors_origins`). An allowed origin is echoed
 * back, never with Access-Control-Allow-Credentials: cross-origin callers
 * authenticate with `Authorization: Bearer`, not the site's cookies. A listed
 * `*` answers `*` (still without credentials). Any other origin gets no CORS
 * headers at all, so the browser keeps the answer from the calling page.
 */

export const CORS_ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
export const CORS_ALLOWED_HEADERS = [
  "Authorization",
  "Content-Type",
  "Accept",
  "Accept-Language",
  "X-HTTP-Method-Override",
  "X-Requested-With",
  "Tus-Resumable",
  "Upload-Length",
  "Upload-Metadata",
  "Upload-Offset",
  "Upload-Defer-Length",
].join(", ");
export const CORS_EXPOSED_HEADERS = [
  "Location",
  "ETag",
  "Retry-After",
  "WWW-Authenticate",
  "Content-Disposition",
  "Upload-Offset",
  "Upload-Length",
  "Upload-Expires",
  "Upload-Metadata",
  "Tus-Resumable",
  "Tus-Version",
  "Tus-Extension",
  "Tus-Max-Size",
].join(", ");
/** How long a browser may reuse a preflight answer, in seconds. */
export const CORS_MAX_AGE_S = 600;

/** An origin as the setting stores it: scheme, host and optional port, nothing else. */
export const CORS_ORIGIN_PATTERN = /^(\*|https?:\/\/[a-z0-9.-]+(:\d{1,5})?)$/i;

/** Paths that speak CORS: the JSON API only (pages and files keep same-origin rules). */
export function isCorsPath(pathname: string) {
  return pathname.startsWith("/api/v1/");
}

/** A request from a page on another origin (the only ones CORS concerns). */
export function crossOriginOf(request: Request): string | null {
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return null;
  return origin === new URL(request.url).origin ? null : origin;
}

/** The Access-Control-Allow-Origin value for `origin`, or null when it is not allowed. */
export function allowedOriginValue(origin: string, allowed: readonly string[]): string | null {
  const wanted = origin.toLowerCase();
  if (allowed.some((entry) => entry.toLowerCase() === wanted)) return origin;
  return allowed.includes("*") ? "*" : null;
}

export function isPreflight(request: Request) {
  return request.method === "OPTIONS" && request.headers.has("Origin") && request.headers.has("Access-Control-Request-Method");
}

/** The answer to a preflight: 204, with the CORS grant only for an allowed origin. */
export function preflightResponse(request: Request, allowed: readonly string[]): Response {
  const headers = new Headers({ Vary: "Origin", "Cache-Control": "no-store" });
  const origin = crossOriginOf(request);
  const value = origin ? allowedOriginValue(origin, allowed) : null;
  if (value) {
    headers.set("Access-Control-Allow-Origin", value);
    headers.set("Access-Control-Allow-Methods", CORS_ALLOWED_METHODS);
    headers.set("Access-Control-Allow-Headers", CORS_ALLOWED_HEADERS);
    headers.set("Access-Control-Max-Age", String(CORS_MAX_AGE_S));
    headers.delete("Cache-Control");
  }
  return new Response(null, { status: 204, headers });
}

/** The answer with the CORS grant added when the request came from an allowed origin. */
export function withCorsHeaders(response: Response, request: Request, allowed: readonly string[]): Response {
  const origin = crossOriginOf(request);
  const value = origin ? allowedOriginValue(origin, allowed) : null;
  const out = new Response(response.body, response);
  out.headers.append("Vary", "Origin");
  if (value) {
    out.headers.set("Access-Control-Allow-Origin", value);
    out.headers.set("Access-Control-Expose-Headers", CORS_EXPOSED_HEADERS);
    out.headers.delete("Access-Control-Allow-Credentials");
  }
  return out;
}

/**
 * A cross-origin write the CSRF guard may let through: from an allowed
 * origin, to api/v1, authenticated by a bearer token (which wins over any
 * cookie the browser attached, so the visitor's session cannot be ridden).
 */
export function isAllowedTokenWrite(request: Request, allowed: readonly string[]) {
  const origin = crossOriginOf(request);
  if (!origin || !isCorsPath(new URL(request.url).pathname)) return false;
  if (!/^\s*Bearer\s+\S+\s*$/i.test(request.headers.get("Authorization") ?? "")) return false;
  return allowedOriginValue(origin, allowed) !== null;
}
