import { AVATAR_REQUEST_MAX_BYTES, IMPORT_REQUEST_MAX_BYTES, MAX_REQUEST_BODY_BYTES } from "~/constants";

/** Methods that change state and so must come from our own pages. */
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Cross-site request forgery guard for every state-changing request.
 * A browser always sends Origin (or at least Sec-Fetch-Site) on such requests;
 * a mismatch means another site is submitting with the visitor's cookies.
 * Clients that are not browsers (API tokens, webhooks, tus clients) send
 * neither and are authenticated by other means.
 */
export function isCrossOriginWrite(request: Request): boolean {
  if (!UNSAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") return origin !== new URL(request.url).origin;
  if (origin === "null") return true;
  const site = request.headers.get("Sec-Fetch-Site");
  return site !== null && site !== "same-origin" && site !== "none";
}

/** Paths that accept large bodies and enforce their own limits while streaming. */
const STREAMING_UPLOAD_PATHS = [/^\/api\/v1\/tus\//, /^\/api\/v1\/s3\//, /^\/api\/v1\/file-entries$/, /^\/api\/v1\/uploads\//, /^\/admin\/upload$/];

/** Profile image uploads: a 2 MB image and room for a clear "too large" message above that (app/account/avatar.server.ts). */
const AVATAR_UPLOAD_PATHS = [/^\/account-settings\/avatar$/, /^\/api\/v1\/users\/[^/]+\/avatar$/];

/** Library imports: a 20 MB export and its multipart envelope, counted while the body streams in (decision 027). */
const IMPORT_UPLOAD_PATHS = [/^\/library\/import$/, /^\/api\/v1\/library\/import$/];

export function bodyLimitFor(pathname: string): number | null {
  if (STREAMING_UPLOAD_PATHS.some((re) => re.test(pathname))) return null;
  if (AVATAR_UPLOAD_PATHS.some((re) => re.test(pathname))) return AVATAR_REQUEST_MAX_BYTES;
  if (IMPORT_UPLOAD_PATHS.some((re) => re.test(pathname))) return IMPORT_REQUEST_MAX_BYTES;
  return MAX_REQUEST_BODY_BYTES;
}

export class PayloadTooLargeError extends Error {}

/**
 * Enforces the body size limit: by Content-Length when given, otherwise by
 * reading at most `limit` bytes. Returns a request whose body is safe to parse.
 *
 * `drainRefused` (local Worker only): read a refused body to its end, and
 * drop it, before answering 413. Locally, wrangler's dev proxy sits in front
 * of the Worker and fails a request whose body the Worker stopped reading
 * ("Network connection lost"), answering 500 instead of our 413. In
 * production the refused body is cancelled, never read.
 */
export async function limitRequestBody(request: Request, limit: number, { drainRefused = false } = {}): Promise<Request> {
  if (!request.body) return request;
  const refuse = async (reader: ReadableStreamDefaultReader<Uint8Array>): Promise<never> => {
    if (drainRefused) {
      while (!(await reader.read().catch(() => ({ done: true }))).done);
    } else {
      // Say we will not read it, so the connection is not left half-read.
      await reader.cancel().catch(() => {});
    }
    throw new PayloadTooLargeError();
  };
  const declared = request.headers.get("Content-Length");
  if (declared !== null) {
    const length = Number(declared);
    if (!Number.isFinite(length) || length < 0 || length > limit) return refuse(request.body.getReader());
    return request;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) return refuse(reader);
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new Request(request, { body });
}

/**
 * Paths whose actions read JSON or raw bodies: the JSON API, the account JSON
 * endpoints (/auth/*, which read JSON or a form), the appearance editor's
 * save and the E2E-only helpers. Every other write goes to a route action
 * that reads a form (decision 021).
 */
export const NON_FORM_BODY_PATHS = [/^\/api\//, /^\/auth\//, /^\/admin\/appearance(\.data)?$/, /^\/resources\/e2e\//];

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export const NOT_A_FORM_MESSAGE = "This address takes a form: send the body as application/x-www-form-urlencoded or multipart/form-data.";

/**
 * Once for every form action (the Worker entry, before React Router): a
 * write whose body is not a form is refused with 415 and a clear message,
 * instead of failing inside `request.formData()` with a 500. A write with no
 * body at all (a bare POST, a `submit(null)`) is an empty form, so each
 * action's validation answers it like any form with missing fields.
 * Returns the request to continue with, or null for "refuse with 415"
 * (`drainRefused`: as for limitRequestBody).
 */
export async function asFormWrite(request: Request, pathname: string, { drainRefused = false } = {}): Promise<Request | null> {
  if (!UNSAFE_METHODS.has(request.method)) return request;
  if (NON_FORM_BODY_PATHS.some((re) => re.test(pathname))) return request;
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase().trim();
  if (FORM_TYPES.some((form) => type.startsWith(form))) return request;
  // Not a form: fine only when there is nothing in it (one chunk read at most, never the whole body).
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.byteLength > 0) {
        // Locally wrangler's proxy fails a half-read request with a 500 (see limitRequestBody).
        if (drainRefused) while (!(await reader.read().catch(() => ({ done: true }))).done);
        else await reader.cancel().catch(() => {});
        return null;
      }
    }
  }
  const headers = new Headers(request.headers);
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  headers.delete("Content-Length");
  return new Request(request, { headers, body: "" });
}

/**
 * A form or JSON body that cannot be parsed as what it claims to be, or
 * null when it is fine (or not something we parse). Checked once in the
 * Worker so no action meets a broken body and fails with a 500.
 * Only for bodies already size-limited (never the streaming upload paths).
 */
export async function malformedBodyReason(request: Request): Promise<string | null> {
  if (!request.body || !UNSAFE_METHODS.has(request.method)) return null;
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  try {
    if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
      await request.clone().formData();
    } else if (type.startsWith("application/json")) {
      const text = await request.clone().text();
      if (text.trim() !== "") JSON.parse(text);
    }
    return null;
  } catch {
    return type.startsWith("application/json") ? "The request body is not valid JSON." : "The form data could not be read.";
  }
}

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The Content-Security-Policy of HTML pages: scripts only from us or carrying
 * this response's nonce; frames only for the video embeds and the human check;
 * and the page may be framed only by the site itself (appearance editor).
 */
export function contentSecurityPolicy(nonce: string, options: { isLocal: boolean; connectSources?: string[] }) {
  // Extra origins the page's scripts may call: R2's S3 endpoint when uploads go straight there (decision 008).
  const connect = ["'self'", ...(options.connectSources ?? [])];
  // Vite's dev server talks to the page over a websocket.
  if (options.isLocal) connect.push("ws:", "wss:");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' https://challenges.cloudflare.com`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect.join(" ")}`,
    "frame-src 'self' https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com https://challenges.cloudflare.com",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self' https:",
    "object-src 'none'",
  ].join("; ");
}

/** Headers every response carries; HTML pages also get the CSP. */
export function applySecurityHeaders(response: Response, options: { nonce: string; requestId: string; isLocal: boolean; connectSources?: string[] }): Response {
  const mutable = new Response(response.body, response);
  const headers = mutable.headers;
  headers.set("X-Request-Id", options.requestId);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()");
  // A route may loosen this (the social sign-in popup must keep its opener).
  if (!headers.has("Cross-Origin-Opener-Policy")) headers.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
  if (!headers.has("X-Frame-Options")) headers.set("X-Frame-Options", "SAMEORIGIN");
  if (!options.isLocal) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  const type = headers.get("Content-Type") ?? "";
  if (type.startsWith("text/html") && !headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(options.nonce, options));
  }
  return mutable;
}
