import type { MiddlewareFunction } from "react-router";
import { SESSION_COOKIE } from "~/auth/sessions.server";
import {
  COOKIE_NOTICE_COOKIE,
  FLASH_TOAST_COOKIE,
  GUEST_PAGE_CACHE_MAX_BYTES,
  GUEST_PAGE_CACHE_REFRESH_MS,
  GUEST_PAGE_CACHE_STALE_MS,
  GUEST_PAGE_CACHE_TTL_MS,
  LANGUAGE_COOKIE,
  THEME_COOKIE,
  TIME_ZONE_HINT_COOKIE,
} from "~/constants";
import { parseCookies } from "~/http/cookies";
import { getApp, getWorker, type WorkerContext } from "~/request/context";

/**
 * A short-lived, per-isolate cache of the public pages as guests see them
 * (micro-caching): the catalogue changes slowly, and rendering a title page
 * costs far more than serving a copy. Signed-in visitors, non-GET requests,
 * pages with a flashed toast and answers that set cookies or are not 200 are
 * never cached.
 *
 * A hit is answered by the Worker entry before React Router runs
 * (`answerFromGuestPageCache` in workers/app.ts): no route matching, no
 * middleware, no database. So the key is made of the request alone: the URL
 * and every input a guest's page is derived from (the language cookie and
 * Accept-Language, the theme cookie, the time-zone hint, whether the cookie
 * notice was accepted). Settings, themes and languages are per-isolate copies
 * that live no longer than a cached page (SETTINGS_CACHE_TTL_MS), and an admin
 * write clears this cache in the writing isolate. The page's middleware
 * stores what React Router rendered under the key the entry computed.
 *
 * Every HTML response carries its own CSP nonce and request id. A cached copy
 * keeps the ones it was rendered with as placeholders, and each hit swaps in
 * this request's, so no two responses ever share a nonce.
 */

interface Entry {
  /** Work the skipped loader would have done (counting a view), bound to the page's params. */
  onHit?: (hit: GuestPageHit) => void;
  /** The page as UTF-8 pieces, split where the nonce or the request id it was rendered with stood. */
  parts: (Uint8Array<ArrayBuffer> | typeof NONCE | typeof REQUEST_ID)[];
  status: number;
  headers: [string, string][];
  expiresAt: number;
  /** While a request renders the expired page again, others get the old copy until this time. */
  renewingUntil: number;
  bytes: number;
}

const entries = new Map<string, Entry>();
let totalBytes = 0;

export function clearGuestPageCache() {
  entries.clear();
  totalBytes = 0;
}

function forget(key: string) {
  const old = entries.get(key);
  if (old) {
    entries.delete(key);
    totalBytes -= old.bytes;
  }
}

function remember(key: string, entry: Entry) {
  forget(key);
  entries.set(key, entry);
  totalBytes += entry.bytes;
  // Oldest first (Map keeps insertion order): drop until the budget holds.
  for (const [oldest, value] of entries) {
    if (totalBytes <= GUEST_PAGE_CACHE_MAX_BYTES) break;
    entries.delete(oldest);
    totalBytes -= value.bytes;
  }
}

const NONCE = 0;
const REQUEST_ID = 1;
const utf8 = new TextEncoder();

/**
 * The page cut at every occurrence of its nonce and request id, each piece
 * encoded once. A hit joins the pieces with its own values as a Blob: no copy
 * of the page is made on the JavaScript heap or encoded again per request,
 * which kept the garbage collector (and so the slowest answers) busy.
 */
function splitPage(body: string, nonce: string, requestId: string): Entry["parts"] {
  const values = [nonce, requestId].filter(Boolean);
  if (values.length === 0) return [utf8.encode(body)];
  const parts: Entry["parts"] = [];
  const pattern = new RegExp(values.map((v) => v.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|"), "g");
  let last = 0;
  for (const match of body.matchAll(pattern)) {
    if (match.index > last) parts.push(utf8.encode(body.slice(last, match.index)));
    parts.push(match[0] === nonce ? NONCE : REQUEST_ID);
    last = match.index + match[0].length;
  }
  if (last < body.length) parts.push(utf8.encode(body.slice(last)));
  return parts;
}

function joinPage(parts: Entry["parts"], worker: WorkerContext): Blob {
  const nonce = utf8.encode(worker.nonce);
  const requestId = utf8.encode(worker.requestId);
  return new Blob(parts.map((part) => (part === NONCE ? nonce : part === REQUEST_ID ? requestId : part)));
}

type MiddlewareArgs = Parameters<MiddlewareFunction<Response>>[0];

/** What a hit's hook gets: no React Router context exists when the entry answers. */
export interface GuestPageHit {
  request: Request;
  params: MiddlewareArgs["params"];
  worker: WorkerContext;
}

/**
 * The cache key of a guest's page request, or null when the request may not
 * share a copy: not a GET, a session cookie (even a stale one), a flashed
 * toast, or an Authorization header.
 */
export function guestPageKey(request: Request, url = new URL(request.url)): string | null {
  if (request.method !== "GET" || request.headers.has("Authorization")) return null;
  const cookies = parseCookies(request.headers.get("Cookie"));
  if (cookies.has(SESSION_COOKIE) || cookies.has(FLASH_TOAST_COOKIE)) return null;
  return [
    url.origin + url.pathname + url.search,
    cookies.get(LANGUAGE_COOKIE) ?? "",
    request.headers.get("Accept-Language") ?? "",
    cookies.get(THEME_COOKIE) ?? "",
    cookies.get(COOKIE_NOTICE_COOKIE) === "1" ? "notice-ok" : "",
    cookies.get(TIME_ZONE_HINT_COOKIE) ?? "",
  ].join("|");
}

/**
 * The cached copy for this request's key, with this request's nonce and
 * request id; null when this request must render the page. An expired copy
 * is still served for GUEST_PAGE_CACHE_STALE_MS while one request (the first
 * to find it expired) renders the page again.
 */
export function answerFromGuestPageCache(request: Request, worker: WorkerContext): Response | null {
  const key = worker.guestPageKey;
  const hit = key ? entries.get(key) : undefined;
  if (!key || !hit) return null;
  const now = Date.now();
  let state = "hit";
  if (hit.expiresAt <= now) {
    if (hit.expiresAt + GUEST_PAGE_CACHE_STALE_MS <= now) {
      forget(key);
      return null;
    }
    if (hit.renewingUntil <= now) {
      hit.renewingUntil = now + GUEST_PAGE_CACHE_REFRESH_MS;
      return null;
    }
    state = "stale";
  }
  hit.onHit?.({ request, params: {}, worker });
  const headers = new Headers(hit.headers);
  headers.set("X-Page-Cache", state);
  return new Response(joinPage(hit.parts, worker), { status: hit.status, headers });
}

export interface GuestPageCacheOptions {
  /** Runs on a cache hit, for work the skipped loader would have done (counting a view). */
  onHit?: (hit: GuestPageHit) => void;
  /** Pages that must not be cached this time (the homepage when it is the sign-in screen). */
  skip?: (args: MiddlewareArgs) => boolean;
}

/**
 * The page's middleware: renders a guest's page when the entry found no copy,
 * and keeps the result under the key the entry computed.
 */
export function guestPageCache(options: GuestPageCacheOptions = {}): MiddlewareFunction<Response> {
  return async (args, next) => {
    const { request, context, params } = args;
    const app = getApp(context);
    const worker = getWorker(context);
    const key = worker.guestPageKey;
    if (!key) return next();
    if (app.user !== null || app.flashToast !== null || options.skip?.(args)) {
      forget(key);
      return next();
    }
    const response = await next();
    if (response.status !== 200 || response.headers.has("Set-Cookie") || !response.body) {
      // The page changed (gone, moved, an error): an old copy must not outlive it.
      forget(key);
      return response;
    }
    const body = await response.text();
    const bytes = body.length * 2;
    if (bytes > GUEST_PAGE_CACHE_MAX_BYTES / 20) forget(key);
    else {
      const onHit = options.onHit;
      remember(key, {
        onHit: onHit ? (hit) => onHit({ ...hit, params }) : undefined,
        parts: splitPage(body, worker.nonce, worker.requestId),
        status: response.status,
        headers: [...response.headers],
        expiresAt: Date.now() + GUEST_PAGE_CACHE_TTL_MS,
        renewingUntil: 0,
        bytes,
      });
    }
    const headers = new Headers(response.headers);
    headers.set("X-Page-Cache", "miss");
    return new Response(body, { status: response.status, headers });
  };
}
