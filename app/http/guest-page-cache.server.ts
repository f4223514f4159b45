import type { MiddlewareFunction } from "react-router";
import { COOKIE_NOTICE_COOKIE, GUEST_PAGE_CACHE_MAX_BYTES, GUEST_PAGE_CACHE_TTL_MS } from "~/constants";
import { readCookie } from "~/http/cookies";
import { getApp, getWorker } from "~/request/context";

/**
 * A short-lived, per-isolate cache of the public pages as guests see them
 * (micro-caching): the catalogue changes slowly, and rendering a title page
 * costs far more than serving a copy. Signed-in visitors, non-GET requests,
 * pages with a flashed toast and answers that set cookies or are not 200 are
 * never cached. The key holds everything a guest's page depends on besides
 * the URL: language, theme, whether the cookie notice was accepted, and time zone.
 *
 * Every HTML response carries its own CSP nonce and request id. A cached copy
 * keeps the ones it was rendered with as placeholders, and each hit swaps in
 * this request's, so no two responses ever share a nonce.
 */

interface Entry {
  body: string;
  status: number;
  headers: [string, string][];
  nonce: string;
  requestId: string;
  expiresAt: number;
  bytes: number;
}

const entries = new Map<string, Entry>();
let totalBytes = 0;

export function clearGuestPageCache() {
  entries.clear();
  totalBytes = 0;
}

function remember(key: string, entry: Entry) {
  const old = entries.get(key);
  if (old) {
    entries.delete(key);
    totalBytes -= old.bytes;
  }
  entries.set(key, entry);
  totalBytes += entry.bytes;
  // Oldest first (Map keeps insertion order): drop until the budget holds.
  for (const [oldest, value] of entries) {
    if (totalBytes <= GUEST_PAGE_CACHE_MAX_BYTES) break;
    entries.delete(oldest);
    totalBytes -= value.bytes;
  }
}

/** replaceAll with a function: the new value is inserted as is (no "$&" patterns), in one native pass over the page. */
function swap(text: string, from: string, to: string) {
  return from && from !== to ? text.replaceAll(from, () => to) : text;
}

type MiddlewareArgs = Parameters<MiddlewareFunction<Response>>[0];

export interface GuestPageCacheOptions {
  /** Runs on a cache hit, for work the skipped loader would have done (counting a view). */
  onHit?: (args: MiddlewareArgs) => void;
  /** Pages that must not be cached this time (the homepage when it is the sign-in screen). */
  skip?: (args: MiddlewareArgs) => boolean;
}

export function guestPageCache(options: GuestPageCacheOptions = {}): MiddlewareFunction<Response> {
  return async (args, next) => {
    const { request, context } = args;
    const app = getApp(context);
    const worker = getWorker(context);
    if (request.method !== "GET" || app.user !== null || app.flashToast !== null || options.skip?.(args)) return next();
    const url = new URL(request.url);
    // The time zone too: dates are rendered in it (app.timeZone, from the browser's hint cookie for guests).
    const key = [url.origin + url.pathname + url.search, app.language, app.activeTheme?.id ?? "", readCookie(request, COOKIE_NOTICE_COOKIE) === "1" ? "notice-ok" : "", app.timeZone].join("|");
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expiresAt > now) {
      options.onHit?.(args);
      const body = swap(swap(hit.body, hit.nonce, worker.nonce), hit.requestId, worker.requestId);
      const headers = new Headers(hit.headers);
      headers.set("X-Page-Cache", "hit");
      return new Response(body, { status: hit.status, headers });
    }
    const response = await next();
    if (response.status !== 200 || response.headers.has("Set-Cookie") || !response.body) return response;
    const body = await response.text();
    const bytes = body.length * 2;
    if (bytes <= GUEST_PAGE_CACHE_MAX_BYTES / 20) {
      remember(key, {
        body,
        status: response.status,
        headers: [...response.headers],
        nonce: worker.nonce,
        requestId: worker.requestId,
        expiresAt: now + GUEST_PAGE_CACHE_TTL_MS,
        bytes,
      });
    }
    const headers = new Headers(response.headers);
    headers.set("X-Page-Cache", "miss");
    return new Response(body, { status: response.status, headers });
  };
}
