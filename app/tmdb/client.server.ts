import type { z } from "zod";
import { TMDB_CONNECT_TIMEOUT_MS, TMDB_MAX_REQUESTS_PER_SECOND, TMDB_MAX_RETRIES, TMDB_OUTAGE_MEMORY_S, TMDB_MAX_RETRY_AFTER_S, TMDB_RETRY_BASE_MS } from "~/constants";
import { errorBodySchema, movieSchema, pageSchema, personSchema, seasonSchema, seriesSchema, type TmdbMovie, type TmdbPage, type TmdbPerson, type TmdbSeason, type TmdbSeries } from "./responses";

/**
 * The TMDB v3 client (decision 019): plain `fetch`, so it runs in the Worker
 * and in Node scripts. Every answer is parsed by its zod schema; requests are
 * spaced to TMDB_MAX_REQUESTS_PER_SECOND, a 429 waits for Retry-After, a 5xx
 * or network failure backs off, each at most TMDB_MAX_RETRIES times. A
 * deleted or unknown item (status_code 34) is reported at once, not retried.
 * TMDB unreachable fails fast (decision 042): no answer within
 * TMDB_CONNECT_TIMEOUT_MS or a refused connection is reported at once, and
 * remembered for TMDB_OUTAGE_MEMORY_S in this isolate, during which every
 * request to that TMDB answers "unreachable" without trying.
 */

export interface TmdbConfig {
  /** e.g. https://api.themoviedb.org/3 (tests: the fake server). */
  apiUrl: string;
  /** e.g. https://image.tmdb.org/t/p */
  imageUrl: string;
  /** A v4 read access token (sent as Bearer) or a v3 API key (sent as api_key). */
  apiKey: string;
}

export const DEFAULT_TMDB_API_URL = "https://api.themoviedb.org/3";
export const DEFAULT_TMDB_IMAGE_URL = "https://image.tmdb.org/t/p";

export type TmdbErrorKind = "not-configured" | "not-found" | "unauthorized" | "rate-limited" | "server" | "network" | "malformed" | "bad-request";

export class TmdbError extends Error {
  constructor(
    readonly kind: TmdbErrorKind,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "TmdbError";
  }
}

/** Until when (ms since the epoch) each TMDB API base is known to be unreachable, in this isolate. */
const outages = new Map<string, number>();

/** When TMDB at `apiUrl` was found unreachable and is not tried again before: null when it is not. */
export function tmdbOutageUntil(apiUrl: string, now = Date.now()): number | null {
  const until = outages.get(apiUrl);
  if (until === undefined) return null;
  if (until <= now) {
    outages.delete(apiUrl);
    return null;
  }
  return until;
}

/** Forgets remembered outages (an admin asking again on purpose, the e2e suite's cache flush). */
export function forgetTmdbOutages() {
  outages.clear();
}

/** Reads the TMDB configuration from Worker bindings or process.env (missing key: null). */
export function tmdbConfigFrom(vars: Record<string, unknown>): TmdbConfig | null {
  const apiKey = typeof vars.TMDB_API_KEY === "string" ? vars.TMDB_API_KEY.trim() : "";
  if (!apiKey) return null;
  const str = (name: string, fallback: string) => (typeof vars[name] === "string" && (vars[name] as string).trim() ? (vars[name] as string).trim() : fallback);
  return {
    apiKey,
    apiUrl: str("TMDB_API_URL", DEFAULT_TMDB_API_URL).replace(/\/+$/, ""),
    imageUrl: str("TMDB_IMAGE_URL", DEFAULT_TMDB_IMAGE_URL).replace(/\/+$/, ""),
  };
}

/** The image base URL even when no key is set (pages show already imported images). */
export function tmdbImageBase(vars: Record<string, unknown>): string {
  const value = typeof vars.TMDB_IMAGE_URL === "string" && vars.TMDB_IMAGE_URL.trim() ? vars.TMDB_IMAGE_URL.trim() : DEFAULT_TMDB_IMAGE_URL;
  return value.replace(/\/+$/, "");
}

/** A v4 token is a JWT (three dot-separated parts); a v3 key is 32 hex characters. */
function isReadToken(key: string) {
  return key.split(".").length === 3;
}

export type DiscoverParams = {
  yearFrom?: number;
  yearTo?: number;
  /** TMDB genre ids, comma separated = all of them. */
  genres?: string;
  language?: string;
  minVotes?: number;
  sort?: string;
};

export interface TmdbClientOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Called before waiting on a 429 or 5xx (logs, tests). */
  onRetry?: (info: { path: string; status: number | null; waitMs: number; attempt: number }) => void;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type TmdbClient = ReturnType<typeof createTmdbClient>;

export function createTmdbClient(config: TmdbConfig, options: TmdbClientOptions = {}) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const sleep = options.sleep ?? realSleep;
  const spacing = 1000 / TMDB_MAX_REQUESTS_PER_SECOND;
  let nextSlot = 0;

  /** Waits for this request's turn: requests start at least `spacing` ms apart. */
  async function takeSlot() {
    const now = Date.now();
    const at = Math.max(now, nextSlot);
    nextSlot = at + spacing;
    if (at > now) await sleep(at - now);
  }

  async function get<S extends z.ZodType>(path: string, params: Record<string, string | number | undefined>, schema: S): Promise<z.infer<S>> {
    const url = new URL(config.apiUrl + path);
    for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== "") url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { Accept: "application/json" };
    if (isReadToken(config.apiKey)) headers.Authorization = `Bearer ${config.apiKey}`;
    else url.searchParams.set("api_key", config.apiKey);

    for (let attempt = 0; ; attempt++) {
      const until = tmdbOutageUntil(config.apiUrl);
      if (until !== null) {
        throw new TmdbError("network", `TMDB could not be reached a moment ago; it is asked again in ${Math.max(1, Math.ceil((until - Date.now()) / 1000))} s.`);
      }
      await takeSlot();
      let response: Response;
      // Only the wait for an answer is bounded: a large body may take longer to read.
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), TMDB_CONNECT_TIMEOUT_MS);
      try {
        response = await doFetch(url, { headers, signal: controller.signal });
      } catch (error) {
        // Refused, unresolvable or silent: TMDB is unreachable; waiting and asking again would only make the admin wait.
        outages.set(config.apiUrl, Date.now() + TMDB_OUTAGE_MEMORY_S * 1000);
        const why = controller.signal.aborted ? `no answer within ${TMDB_CONNECT_TIMEOUT_MS / 1000} s` : String(error instanceof Error ? error.message : error);
        throw new TmdbError("network", `TMDB could not be reached (${why}).`);
      } finally {
        clearTimeout(timer);
      }
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel();
        if (attempt >= TMDB_MAX_RETRIES) {
          throw new TmdbError(response.status === 429 ? "rate-limited" : "server", `TMDB answered ${response.status} ${attempt + 1} times for ${path}.`, response.status);
        }
        const retryAfter = Number(response.headers.get("Retry-After"));
        const waitMs = response.status === 429 && Number.isFinite(retryAfter) && retryAfter >= 0 ? Math.min(retryAfter, TMDB_MAX_RETRY_AFTER_S) * 1000 : TMDB_RETRY_BASE_MS * 2 ** attempt;
        options.onRetry?.({ path, status: response.status, waitMs, attempt });
        await sleep(waitMs);
        continue;
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const error = errorBodySchema.safeParse(body);
        const code = error.success ? error.data.status_code : null;
        const detail = error.success && error.data.status_message ? `: ${error.data.status_message}` : "";
        if (code === 34 || response.status === 404) throw new TmdbError("not-found", `TMDB has no such item (deleted or never existed)${detail}`, response.status);
        if (response.status === 401 || code === 7) throw new TmdbError("unauthorized", `TMDB refused the API key${detail}`, response.status);
        throw new TmdbError("bad-request", `TMDB answered ${response.status}${detail}`, response.status);
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        const issue =
          body === undefined
            ? "not JSON"
            : parsed.error.issues
                .slice(0, 3)
                .map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`)
                .join("; ");
        throw new TmdbError("malformed", `TMDB's answer for ${path} is not in the expected shape (${issue}); nothing was imported.`, response.status);
      }
      return parsed.data;
    }
  }

  return {
    config,
    movie(id: number): Promise<TmdbMovie> {
      return get(
        `/movie/${id}`,
        { append_to_response: "credits,images,videos,release_dates,keywords,external_ids,watch/providers,alternative_titles,translations", include_image_language: "en,null" },
        movieSchema,
      );
    },
    series(id: number): Promise<TmdbSeries> {
      return get(
        `/tv/${id}`,
        { append_to_response: "credits,images,videos,content_ratings,keywords,external_ids,watch/providers,alternative_titles,translations", include_image_language: "en,null" },
        seriesSchema,
      );
    },
    season(seriesId: number, seasonNumber: number): Promise<TmdbSeason> {
      return get(`/tv/${seriesId}/season/${seasonNumber}`, {}, seasonSchema);
    },
    person(id: number): Promise<TmdbPerson> {
      return get(`/person/${id}`, { append_to_response: "combined_credits,external_ids,images" }, personSchema);
    },
    search(kind: "movie" | "tv" | "person" | "multi", query: string, { page = 1, year }: { page?: number; year?: number } = {}): Promise<TmdbPage> {
      const yearParam = year ? (kind === "movie" ? { year } : kind === "tv" ? { first_air_date_year: year } : {}) : {};
      return get(`/search/${kind}`, { query, page, include_adult: "false", ...yearParam }, pageSchema);
    },
    discover(kind: "movie" | "tv", params: DiscoverParams, page: number): Promise<TmdbPage> {
      const dateField = kind === "movie" ? "primary_release_date" : "first_air_date";
      return get(
        `/discover/${kind}`,
        {
          page,
          include_adult: "false",
          sort_by: (params.sort ?? "popularity.desc").replace(/^release_date/, kind === "movie" ? "primary_release_date" : "first_air_date"),
          with_genres: params.genres,
          with_original_language: params.language,
          "vote_count.gte": params.minVotes,
          [`${dateField}.gte`]: params.yearFrom ? `${params.yearFrom}-01-01` : undefined,
          [`${dateField}.lte`]: params.yearTo ? `${params.yearTo}-12-31` : undefined,
        },
        pageSchema,
      );
    },
  };
}
