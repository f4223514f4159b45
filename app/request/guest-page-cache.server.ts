import type { MiddlewareFunction } from "react-router";
import {
  COOKIE_NOTICE_COOKIE,
  EDGE_PAGE_CACHE_TTL_S,
  FLASH_TOAST_COOKIE,
  GUEST_PAGE_CACHE_MAX_BYTES,
  GUEST_PAGE_CACHE_REFRESH_MS,
  GUEST_PAGE_CACHE_SEEN_KEYS,
  GUEST_PAGE_CACHE_STALE_MS,
  GUEST_PAGE_CACHE_TTL_MS,
  LANGUAGE_COOKIE,
  SESSION_COOKIE,
  THEME_COOKIE,
  TIME_ZONE_HINT_COOKIE,
} from "~/constants";
import { contentVersion } from "~/http/content-version.server";
import { indexOfBytes } from "~/http/bytes";
import { parseCookies } from "~/http/cookies";
import { errorFields, log } from "~/log/log.server";
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
 *
 * Behind this per-isolate copy, the Cache API (`caches.default`) keeps the
 * same pages per data centre, shared by every isolate there (the edge tier,
 * decision 026), under the same key plus the content version
 * (app/http/content-version.server.ts): an admin write bumps the version, so
 * copies made before it are never found again, in any isolate or data centre,
 * once their isolate has read the new version (CONTENT_VERSION_REFRESH_MS).
 * Copies in this isolate carry the version too. With that tier on, a page's
 * first render goes to the Cache API only, and this isolate keeps the page
 * from its second request on (decision 050).
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
  /** The content version the page was rendered under. */
  version: number | null;
}

const entries = new Map<string, Entry>();
let totalBytes = 0;

export function clearGuestPageCache() {
  entries.clear();
  seen.clear();
  totalBytes = 0;
}

/** Keys this isolate rendered once and did not keep (decision 050), oldest first. */
const seen = new Set<string>();

/** Whether this isolate rendered the key before; the first time, the key is noted instead. */
function seenBefore(key: string): boolean {
  if (seen.delete(key)) return true;
  seen.add(key);
  if (seen.size > GUEST_PAGE_CACHE_SEEN_KEYS) seen.delete(seen.values().next().value as string);
  return false;
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
 * The page cut at every occurrence of its nonce and request id, as views of
 * its UTF-8 bytes. A hit joins the pieces with its own values as a Blob: no
 * copy of the page is made on the JavaScript heap or encoded again per
 * request, which kept the garbage collector (and so the slowest answers) busy;
 * a miss keeps the bytes React wrote, never decoding them to a string.
 */
function splitPage(page: Uint8Array<ArrayBuffer>, nonce: string, requestId: string): Entry["parts"] {
  const cuts: [at: number, length: number, part: typeof NONCE | typeof REQUEST_ID][] = [];
  for (const [value, part] of [
    [nonce, NONCE],
    [requestId, REQUEST_ID],
  ] as const) {
    if (!value) continue;
    const needle = utf8.encode(value);
    for (let at = indexOfBytes(page, needle); at !== -1; at = indexOfBytes(page, needle, at + needle.length)) cuts.push([at, needle.length, part]);
  }
  cuts.sort((a, b) => a[0] - b[0]);
  const parts: Entry["parts"] = [];
  let last = 0;
  for (const [at, length, part] of cuts) {
    if (at < last) continue;
    if (at > last) parts.push(page.subarray(last, at));
    parts.push(part);
    last = at + length;
  }
  if (last < page.length || parts.length === 0) parts.push(page.subarray(last));
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
  if (hit.version !== (worker.pageVersion ?? null)) {
    // Rendered before an admin write (or under a version this isolate no longer holds).
    forget(key);
    return null;
  }
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
  /**
   * Runs on a cache hit, for work the skipped loader would have done (counting
   * a view). Named, because a copy from the Cache API was stored by another
   * isolate: it carries the name and the page's params, not the function.
   */
  onHit?: { name: string; run: (hit: GuestPageHit) => void };
  /** Pages that must not be cached this time (the homepage when it is the sign-in screen). */
  skip?: (args: MiddlewareArgs) => boolean;
}

/**
 * The page's middleware: renders a guest's page when the entry found no copy,
 * and keeps the result under the key the entry computed.
 */
export function guestPageCache(options: GuestPageCacheOptions = {}): MiddlewareFunction<Response> {
  return async (args, next) => {
    const { context, params } = args;
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
    const body = new Uint8Array(await response.arrayBuffer());
    const bytes = body.byteLength;
    if (bytes > GUEST_PAGE_CACHE_MAX_BYTES / 20) forget(key);
    else {
      const onHit = options.onHit;
      if (onHit) hitHooks.set(onHit.name, onHit.run);
      const version = worker.pageVersion ?? null;
      const headers = [...response.headers].filter(([name]) => name.toLowerCase() !== "content-length");
      const edgeTier = version !== null && worker.edgePageCache !== false;
      // With the edge tier, a page's first render is copied to the data centre only. This isolate keeps it from
      // the page's next request on: read back from the Cache API, or rendered again where that holds nothing
      // (a workers.dev address). URLs asked once, as a crawler asks them, fill no memory here (decision 050).
      if (!edgeTier || entries.has(key) || seenBefore(key))
        remember(key, {
          onHit: onHit ? (hit) => onHit.run({ ...hit, params }) : undefined,
          parts: splitPage(body, worker.nonce, worker.requestId),
          status: response.status,
          headers,
          expiresAt: Date.now() + GUEST_PAGE_CACHE_TTL_MS,
          renewingUntil: 0,
          bytes,
          version,
        });
      if (edgeTier) {
        const copy = edgeCopy(body, headers, worker, onHit ? { name: onHit.name, params } : null);
        worker.ctx.waitUntil(edgePut(edgeKey(key, version), copy));
      }
    }
    const headers = new Headers(response.headers);
    headers.set("X-Page-Cache", "miss");
    return new Response(body, { status: response.status, headers });
  };
}

/**
 * The edge tier (decision 026): the Cache API of the data centre, shared by
 * its isolates. Its key is a URL made of the guest page key and the content
 * version; the stored copy keeps the nonce and request id it was rendered
 * with (named in headers) so a hit swaps in its own, and the name and params
 * of the page's hit hook so a hit still counts the view.
 */
const EDGE_KEY_PATH = "/__guest-page/";
const H_NONCE = "X-Page-Nonce";
const H_REQUEST_ID = "X-Page-Request-Id";
const H_STORED_AT = "X-Page-Stored-At";
const H_HIT = "X-Page-Hit";
const H_CACHE_CONTROL = "X-Page-Cache-Control";
/** Headers a copy read back does not pass on: ours, and the Cache API's own about the stored copy (its age, date and status). */
const INTERNAL = new Set([H_NONCE, H_REQUEST_ID, H_STORED_AT, H_HIT, H_CACHE_CONTROL, "Cache-Control", "Content-Length", "Age", "Date", "CF-Cache-Status"].map((h) => h.toLowerCase()));

/** Hooks by name, registered by the page middleware as the build loads (workers/app.ts loads it first). */
const hitHooks = new Map<string, (hit: GuestPageHit) => void>();

function edgeCache(): Cache | null {
  return typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
}

/** Every part of the guest key goes into the URL, so two keys never share a copy. */
export function edgeKey(key: string, version: number): Request {
  const origin = new URL(key.slice(0, key.indexOf("|"))).origin;
  return new Request(`${origin}${EDGE_KEY_PATH}${version}?k=${encodeURIComponent(key)}`);
}

function edgeCopy(body: Uint8Array<ArrayBuffer>, headers: [string, string][], worker: WorkerContext, hit: { name: string; params: MiddlewareArgs["params"] } | null): Response {
  const stored = new Headers(headers);
  const cacheControl = stored.get("Cache-Control");
  stored.delete("Set-Cookie");
  stored.delete("X-Page-Cache");
  if (cacheControl) stored.set(H_CACHE_CONTROL, cacheControl);
  stored.set("Cache-Control", `public, max-age=${EDGE_PAGE_CACHE_TTL_S}`);
  stored.set(H_NONCE, worker.nonce);
  stored.set(H_REQUEST_ID, worker.requestId);
  stored.set(H_STORED_AT, String(Date.now()));
  if (hit) stored.set(H_HIT, JSON.stringify(hit));
  return new Response(body, { status: 200, headers: stored });
}

async function edgePut(key: Request, copy: Response) {
  try {
    await edgeCache()?.put(key, copy);
  } catch (error) {
    log("warn", "edge page cache: put failed", errorFields(error));
  }
}

/** The copy the Cache API holds for this key and version, kept in this isolate too; null when there is none. */
async function answerFromEdgeCache(request: Request, worker: WorkerContext, key: string, version: number): Promise<Response | null> {
  let found: Response | undefined;
  try {
    found = await edgeCache()?.match(edgeKey(key, version));
  } catch (error) {
    log("warn", "edge page cache: match failed", errorFields(error));
    return null;
  }
  if (found?.status !== 200) return null;
  const body = new Uint8Array(await found.arrayBuffer());
  const storedAt = Number(found.headers.get(H_STORED_AT)) || 0;
  const hitHeader = found.headers.get(H_HIT);
  const hit = hitHeader ? (JSON.parse(hitHeader) as { name: string; params: MiddlewareArgs["params"] }) : null;
  const run = hit ? hitHooks.get(hit.name) : undefined;
  const headers: [string, string][] = [];
  for (const [name, value] of found.headers) if (!INTERNAL.has(name.toLowerCase())) headers.push([name, value]);
  const cacheControl = found.headers.get(H_CACHE_CONTROL);
  if (cacheControl) headers.push(["Cache-Control", cacheControl]);
  const entry: Entry = {
    onHit: run && hit ? (args) => run({ ...args, params: hit.params }) : undefined,
    parts: splitPage(body, found.headers.get(H_NONCE) ?? "", found.headers.get(H_REQUEST_ID) ?? ""),
    status: 200,
    headers,
    // Never kept here longer than the data centre's copy would have lived.
    expiresAt: Math.min(Date.now() + GUEST_PAGE_CACHE_TTL_MS, storedAt + EDGE_PAGE_CACHE_TTL_S * 1000),
    renewingUntil: 0,
    bytes: body.byteLength,
    version,
  };
  remember(key, entry);
  entry.onHit?.({ request, params: {}, worker });
  const response = new Headers(headers);
  response.set("X-Page-Cache", "edge");
  return new Response(joinPage(entry.parts, worker), { status: 200, headers: response });
}

/**
 * A guest's page from this isolate's copy or the data centre's, for the
 * Worker entry before React Router runs; null when it must be rendered (the
 * page's middleware then stores it in both). Reads the content version (at
 * most once per CONTENT_VERSION_REFRESH_MS per isolate) and leaves it in
 * worker.pageVersion for the middleware.
 */
export async function answerGuestPage(request: Request, worker: WorkerContext): Promise<Response | null> {
  const key = worker.guestPageKey;
  if (!key) return null;
  const version = await contentVersion(worker.env.DB);
  worker.pageVersion = version;
  if (version === null) {
    // Unknown version: no copy may be trusted, and none is made.
    worker.guestPageKey = null;
    return null;
  }
  if (!edgeTierOn(worker)) worker.edgePageCache = false;
  const local = answerFromGuestPageCache(request, worker);
  if (local) return local;
  if (worker.edgePageCache === false) return null;
  // Paths whose answers are never page copies (API, resources, admin) skip the Cache API lookup.
  if (NEVER_COPIED.test(new URL(request.url).pathname)) return null;
  return answerFromEdgeCache(request, worker, key, version);
}

/**
 * The Cache API tier is on unless the EDGE_PAGE_CACHE variable says "off"
 * (an operational switch, and for measuring what the tier costs locally,
 * where the Cache API runs in the same workerd process as the Worker).
 */
function edgeTierOn(worker: WorkerContext) {
  return (worker.env as unknown as { EDGE_PAGE_CACHE?: string }).EDGE_PAGE_CACHE !== "off";
}

const NEVER_COPIED = /^\/(api|resources|admin)(\/|$)/;
