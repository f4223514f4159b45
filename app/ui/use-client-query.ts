import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import type { QueryClient, QueryFn } from "./client-query";

type ClientQueryModule = typeof import("./client-query");

/**
 * The query client (cache, retries, stale times) loads with the first query,
 * not with the page: the navbar's type-ahead is on every public page, and
 * most visitors never type in it (the public-page JavaScript budget of decision 006).
 */
let clientQueryModule: ClientQueryModule | null = null;
let clientQueryLoading: Promise<ClientQueryModule> | null = null;
function loadClientQuery(): Promise<ClientQueryModule> {
  clientQueryLoading ??= import("./client-query").then((module) => (clientQueryModule = module));
  return clientQueryLoading;
}

export interface ClientQueryState<T> {
  data: T | undefined;
  error: unknown;
  /** No data yet for this key and a request is running. */
  isLoading: boolean;
  /** A request for this key is running (possibly refreshing stale data). */
  isFetching: boolean;
  refetch: () => void;
}

/**
 * Browser-side data for type-ahead lists and popovers, cached by key (spec
 * section 9 rules, see client-query.ts). `key` null means "not now" (e.g. an
 * empty query or a closed popover). When the key changes, the request for
 * the old key is aborted unless someone else still wants it, and the last
 * data stays visible until the new answer arrives.
 *
 *   const { data, isLoading } = useClientQuery(query ? `titles:${query}` : null, `/api/v1/search?query=${encodeURIComponent(query)}`);
 *
 * `source` is a same-origin URL (fetched as JSON) or a function of an AbortSignal.
 */
export function useClientQuery<T>(key: string | null, source: string | QueryFn<T>, options: { client?: QueryClient; keepPreviousData?: boolean } = {}): ClientQueryState<T> {
  const [module, setModule] = useState<ClientQueryModule | null>(clientQueryModule);
  const client = options.client ?? module?.queryClient ?? null;
  const keepPrevious = options.keepPreviousData ?? true;
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (key && !module) void loadClientQuery().then(setModule);
  }, [key, module]);

  const subscribe = useCallback((listener: () => void) => (key && client ? client.subscribe(key, listener) : () => {}), [client, key]);
  const snapshot = useSyncExternalStore(
    subscribe,
    () => (key && client ? client.peek<T>(key) : undefined),
    () => undefined,
  );
  const [previous, setPrevious] = useState<T | undefined>(undefined);

  useEffect(() => {
    if (!key || !client || !module) return;
    const { fetchJson, isAbortError } = module;
    const controller = new AbortController();
    const fn: QueryFn<T> = typeof source === "string" ? (signal) => fetchJson<T>(source, signal) : source;
    client.fetch(key, fn, controller.signal).then(
      (data) => setPrevious(data),
      (error: unknown) => {
        if (!isAbortError(error) && import.meta.env.DEV) console.warn(`query ${key} failed`, error);
      },
    );
    return () => controller.abort(new DOMException("Superseded", "AbortError"));
    // `source` is derived from `key` by the caller; the key decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, module, key, version]);

  const data = snapshot?.data ?? (keepPrevious && key ? previous : undefined);
  return {
    data,
    error: snapshot?.error,
    isLoading: !!key && snapshot?.data === undefined && (snapshot?.isFetching ?? true) && snapshot?.error === undefined,
    isFetching: !!snapshot?.isFetching,
    refetch: () => {
      if (!key || !client) return;
      client.invalidate(key);
      setVersion((v) => v + 1);
    },
  };
}
