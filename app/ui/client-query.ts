import { QUERY_RETRY_COUNT, QUERY_STALE_TIME_MS } from "~/constants";
import { showDebugTrace } from "~/log/debug-trace-store";

/**
 * A small cache for the browser's own data requests (type-ahead lists,
 * popovers), with the spec's rules (section 9): answers are fresh for
 * QUERY_STALE_TIME_MS, failures are retried QUERY_RETRY_COUNT times except
 * 401/403/404, and a request nobody waits for any more is aborted. Not for
 * bootstrap data (never stale; it comes with every page from the root loader).
 */

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The parsed JSON body, when there was one. */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** Statuses a retry cannot fix: the visitor is not signed in, not allowed, or the thing is gone. */
const NO_RETRY_STATUSES = new Set([401, 403, 404]);

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException ? error.name === "AbortError" : (error as { name?: string } | null)?.name === "AbortError";
}

/** Whether a failed attempt (0-based count of failures so far) should be tried again. */
export function shouldRetry(error: unknown, failures: number, retryCount = QUERY_RETRY_COUNT): boolean {
  if (failures > retryCount) return false;
  if (isAbortError(error)) return false;
  if (error instanceof HttpError && NO_RETRY_STATUSES.has(error.status)) return false;
  return true;
}

/** Wait before retry n (1-based): 1 s, 2 s, 4 s... capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** (attempt - 1), 30_000);
}

export function isStale(updatedAt: number, now: number, staleTime = QUERY_STALE_TIME_MS): boolean {
  return now - updatedAt >= staleTime;
}

export type QueryFn<T> = (signal: AbortSignal) => Promise<T>;

interface Entry<T = unknown> {
  data?: T;
  error?: unknown;
  updatedAt: number;
  /** The running request, shared by every caller of the same key. */
  inflight?: { promise: Promise<T>; controller: AbortController; waiters: number };
}

export interface QueryClientOptions {
  staleTime?: number;
  retryCount?: number;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Entries kept; the least recently used go first. */
  maxEntries?: number;
}

function abortableSleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export type QueryListener = () => void;

export interface QuerySnapshot<T> {
  data?: T;
  error?: unknown;
  updatedAt: number;
  isFetching: boolean;
}

export class QueryClient {
  private entries = new Map<string, Entry>();
  private snapshots = new Map<string, QuerySnapshot<unknown>>();
  private listeners = new Map<string, Set<QueryListener>>();
  readonly staleTime: number;
  private readonly retryCount: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  private readonly maxEntries: number;

  constructor(options: QueryClientOptions = {}) {
    this.staleTime = options.staleTime ?? QUERY_STALE_TIME_MS;
    this.retryCount = options.retryCount ?? QUERY_RETRY_COUNT;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? abortableSleep;
    this.maxEntries = options.maxEntries ?? 200;
  }

  /**
   * What is cached for `key` (possibly stale), without fetching. The same
   * object comes back until the entry changes (useSyncExternalStore needs that).
   */
  peek<T>(key: string): QuerySnapshot<T> | undefined {
    const entry = this.entries.get(key) as Entry<T> | undefined;
    if (!entry) return undefined;
    let snapshot = this.snapshots.get(key) as QuerySnapshot<T> | undefined;
    if (!snapshot) {
      snapshot = { data: entry.data, error: entry.error, updatedAt: entry.updatedAt, isFetching: !!entry.inflight };
      this.snapshots.set(key, snapshot);
    }
    return snapshot;
  }

  isFresh(key: string): boolean {
    const entry = this.entries.get(key);
    return !!entry && entry.error === undefined && entry.data !== undefined && !isStale(entry.updatedAt, this.now(), this.staleTime);
  }

  /**
   * The data for `key`: from the cache while fresh, else from `fn` (one
   * request per key at a time, retried per the rules). `signal` is the
   * caller's interest: when every caller has aborted, the request is aborted.
   */
  async fetch<T>(key: string, fn: QueryFn<T>, signal?: AbortSignal): Promise<T> {
    const cached = this.entries.get(key) as Entry<T> | undefined;
    if (cached && this.isFresh(key)) {
      this.touch(key, cached);
      return cached.data as T;
    }
    const entry: Entry<T> = cached ?? { updatedAt: 0 };
    if (!entry.inflight) {
      const controller = new AbortController();
      const promise = this.run(fn, controller.signal).then(
        (data) => {
          entry.data = data;
          entry.error = undefined;
          entry.updatedAt = this.now();
          entry.inflight = undefined;
          this.emit(key);
          return data;
        },
        (error: unknown) => {
          entry.inflight = undefined;
          // An aborted request is nobody's failure: keep what was there.
          if (!isAbortError(error)) {
            entry.error = error;
            entry.updatedAt = this.now();
          }
          this.emit(key);
          throw error;
        },
      );
      promise.catch(() => {});
      entry.inflight = { promise, controller, waiters: 0 };
      this.touch(key, entry);
      this.emit(key);
    }
    const inflight = entry.inflight!;
    inflight.waiters++;
    if (!signal) return inflight.promise;
    if (signal.aborted) {
      this.release(inflight);
      throw signal.reason;
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        this.release(inflight);
        reject(signal.reason);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      inflight.promise.then(
        (data) => {
          signal.removeEventListener("abort", onAbort);
          resolve(data);
        },
        (error) => {
          signal.removeEventListener("abort", onAbort);
          reject(error);
        },
      );
    });
  }

  /** Marks `key` (or every key starting with `prefix*`) stale, so the next use fetches again. */
  invalidate(keyOrPrefix: string) {
    const isPrefix = keyOrPrefix.endsWith("*");
    const prefix = keyOrPrefix.slice(0, -1);
    for (const [key, entry] of this.entries) {
      if (isPrefix ? key.startsWith(prefix) : key === keyOrPrefix) {
        entry.updatedAt = 0;
        this.emit(key);
      }
    }
  }

  /** Forgets everything, e.g. on logout. */
  clear() {
    for (const entry of this.entries.values()) entry.inflight?.controller.abort();
    const keys = [...this.entries.keys()];
    this.entries.clear();
    for (const key of keys) this.emit(key);
  }

  subscribe(key: string, listener: QueryListener): () => void {
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  private emit(key: string) {
    this.snapshots.delete(key);
    for (const listener of this.listeners.get(key) ?? []) listener();
  }

  private release(inflight: NonNullable<Entry["inflight"]>) {
    inflight.waiters--;
    if (inflight.waiters <= 0) inflight.controller.abort(new DOMException("Superseded", "AbortError"));
  }

  private touch(key: string, entry: Entry) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      if (this.entries.get(oldest)?.inflight) break;
      this.entries.delete(oldest);
      this.snapshots.delete(oldest);
    }
  }

  private async run<T>(fn: QueryFn<T>, signal: AbortSignal): Promise<T> {
    for (let failures = 0; ; ) {
      try {
        return await fn(signal);
      } catch (error) {
        failures++;
        if (signal.aborted || !shouldRetry(error, failures, this.retryCount)) throw error;
        await this.sleep(retryDelay(failures), signal);
      }
    }
  }
}

/** GET a JSON resource of our API; non-2xx answers become HttpError with the server's message. */
export async function fetchJson<T>(url: string, signal: AbortSignal, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, signal, headers: { Accept: "application/json", ...init.headers } });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    // A debug trace (local development, or an admin with debug on) opens the error dialog.
    showDebugTrace(body);
    const message = (body as { message?: unknown } | null)?.message;
    throw new HttpError(response.status, typeof message === "string" ? message : response.statusText || `HTTP ${response.status}`, body);
  }
  return body as T;
}

/** The browser's one client (the hook uses it; logout may clear it). */
export const queryClient = new QueryClient();
