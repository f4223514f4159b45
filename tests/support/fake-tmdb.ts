/**
 * A stand-in for the TMDB v3 API at the HTTP boundary (decision 019), for
 * the importer's unit tests and the e2e spec. Everything it serves is
 * FICTIONAL test data in TMDB's documented shapes: no real film or person.
 *
 * Items with special behaviour:
 * - movie 9001 "The Lantern Keeper of Vell": every append_to_response part;
 * - tv 7001 "Harbour of Small Lights": seasons 0 (specials), 1 and 2;
 * - person 5001 "Orla Brisk": combined credits (movie 9001, tv 7001, others);
 * - movie 9429: answers 429 with Retry-After: 1 the first time, then the movie;
 * - movie 9500: answers 500 the first time, then the movie; movie 9599 always 500;
 * - movie 9404 (and any unknown id): 404 with status_code 34;
 * - movie 9666 and tv 7666: a body that is not in TMDB's shape;
 * - discover/movie: 3 pages of 20 fictional films (ids 8100-8159), each importable;
 * - search/movie|tv|person|multi: the fixtures whose name contains the query (9001, 9429, 9500, 9666, 9431, 7001, 7666, 5001);
 * - movie 9431 "The Cartographer of Sundry Tides": only the import review screen's "Import from TMDB" test asks for it.
 * Requests without an api_key or Bearer token get 401 (status_code 7).
 * GET /__log lists the paths asked so far; POST /__reset forgets them and the once-only failures.
 */

export const FAKE_TMDB_KEY = "fake-tmdb-test-key";

const person = (id: number, name: string, gender: number, department: string, profile: string | null) => ({
  adult: false,
  id,
  name,
  original_name: name,
  gender,
  known_for_department: department,
  profile_path: profile,
  popularity: 10 - (id % 7),
});

const ORLA = person(5001, "Orla Brisk", 1, "Acting", "/orla-brisk.jpg");
const TAVIN = person(5002, "Tavin Mercadel", 2, "Acting", "/tavin-mercadel.jpg");
const SEFA = person(5003, "Sefa Quillon", 3, "Acting", null);
const IDRA = person(5004, "Idra Vantongeren", 1, "Directing", "/idra-vantongeren.jpg");
const BELL = person(5005, "Bellamy Orcutt", 2, "Writing", null);
const GUEST = person(5006, "Pim Ashgrove", 0, "Acting", null);

const providers = (region: string) => ({
  link: `https://www.themoviedb.org/movie/9001/watch?locale=${region}`,
  flatrate: [{ logo_path: "/streamvale-logo.jpg", provider_id: 9901, provider_name: "Streamvale", display_priority: 1 }],
  rent: [{ logo_path: "/reelcorner-logo.jpg", provider_id: 9902, provider_name: "Reel Corner", display_priority: 4 }],
  buy: [{ logo_path: "/reelcorner-logo.jpg", provider_id: 9902, provider_name: "Reel Corner", display_priority: 4 }],
});

function movie(id: number, title: string, extra: Partial<Record<string, unknown>> = {}) {
  return {
    adult: false,
    backdrop_path: `/backdrop-${id}.jpg`,
    belongs_to_collection: null,
    budget: 12_000_000,
    genres: [
      { id: 18, name: "Drama" },
      { id: 9648, name: "Mystery" },
    ],
    homepage: `https://lantern-keeper.example/${id}`,
    id,
    imdb_id: `tt90${id}`,
    original_language: "en",
    original_title: title,
    overview: `A fictional test film (${id}) about a lighthouse keeper on an invented island.`,
    popularity: 55.5,
    poster_path: `/poster-${id}.jpg`,
    production_countries: [{ iso_3166_1: "GB", name: "United Kingdom" }],
    release_date: "2021-03-14",
    revenue: 48_000_000,
    runtime: 112,
    spoken_languages: [{ english_name: "English", iso_639_1: "en", name: "English" }],
    status: "Released",
    tagline: "Every light has a keeper.",
    title,
    video: false,
    vote_average: 7.4,
    vote_count: 1834,
    credits: {
      cast: [
        { ...ORLA, cast_id: 1, character: "Mara Vell", credit_id: "c1", order: 0 },
        { ...TAVIN, cast_id: 2, character: "The Harbourmaster", credit_id: "c2", order: 1 },
        { ...SEFA, cast_id: 3, character: "Quill", credit_id: "c3", order: 2 },
      ],
      crew: [
        { ...IDRA, credit_id: "c4", department: "Directing", job: "Director" },
        { ...BELL, credit_id: "c5", department: "Writing", job: "Screenplay" },
      ],
    },
    images: {
      backdrops: [{ aspect_ratio: 1.778, height: 1080, iso_639_1: null, file_path: `/backdrop-${id}.jpg`, vote_average: 5.3, vote_count: 4, width: 1920 }],
      logos: [],
      posters: [
        { aspect_ratio: 0.667, height: 3000, iso_639_1: "en", file_path: `/poster-${id}.jpg`, vote_average: 5.4, vote_count: 6, width: 2000 },
        { aspect_ratio: 0.667, height: 1500, iso_639_1: "en", file_path: `/poster-${id}-alt.jpg`, vote_average: 5.1, vote_count: 2, width: 1000 },
      ],
    },
    videos: {
      results: [
        {
          iso_639_1: "en",
          iso_3166_1: "US",
          name: "Official Trailer",
          key: `fakeTrail${id}`,
          site: "YouTube",
          size: 1080,
          type: "Trailer",
          official: true,
          published_at: "2021-01-10T16:00:00.000Z",
          id: `v${id}a`,
        },
        {
          iso_639_1: "en",
          iso_3166_1: "US",
          name: "Harbour Clip",
          key: `12345${id}`,
          site: "Vimeo",
          size: 720,
          type: "Clip",
          official: false,
          published_at: "2021-02-01T16:00:00.000Z",
          id: `v${id}b`,
        },
        {
          iso_639_1: "en",
          iso_3166_1: "US",
          name: "Behind the scenes",
          key: `bts${id}`,
          site: "SomeOtherSite",
          size: 720,
          type: "Featurette",
          official: false,
          published_at: "2021-02-01T16:00:00.000Z",
          id: `v${id}c`,
        },
      ],
    },
    release_dates: {
      results: [
        {
          iso_3166_1: "US",
          release_dates: [
            { certification: "", type: 1, release_date: "2021-01-01T00:00:00.000Z" },
            { certification: "PG-13", type: 3, release_date: "2021-03-14T00:00:00.000Z" },
          ],
        },
        { iso_3166_1: "GB", release_dates: [{ certification: "12A", type: 3, release_date: "2021-03-14T00:00:00.000Z" }] },
      ],
    },
    keywords: {
      keywords: [
        { id: 801, name: "lighthouse" },
        { id: 802, name: "invented island" },
      ],
    },
    // Invented other names of the invented film (decision 032).
    alternative_titles: {
      titles: [
        { iso_3166_1: "FR", title: `Le Phare Inventé ${id}`, type: "" },
        { iso_3166_1: "US", title },
      ],
    },
    translations: { translations: [{ iso_3166_1: "DE", iso_639_1: "de", name: "Deutsch", english_name: "German", data: { title: `Der Erfundene Leuchtturm ${id}`, overview: "", tagline: "" } }] },
    external_ids: { imdb_id: `tt90${id}`, facebook_id: null, instagram_id: null, twitter_id: null, wikidata_id: null },
    "watch/providers": { results: { US: providers("US"), GB: providers("GB") } },
    ...extra,
  };
}

const SERIES_ID = 7001;

function episode(season: number, number: number) {
  return {
    air_date: `202${season}-0${Math.min(number, 9)}-01`,
    episode_number: number,
    episode_type: "standard",
    id: 70000 + season * 100 + number,
    name: `Tide ${season}.${number}`,
    overview: `Fictional test episode ${number} of season ${season}.`,
    production_code: "",
    runtime: 44,
    season_number: season,
    show_id: SERIES_ID,
    still_path: `/still-${season}-${number}.jpg`,
    vote_average: 7.1,
    vote_count: 12,
    crew: [{ ...IDRA, credit_id: `e${season}${number}d`, department: "Directing", job: "Director" }],
    guest_stars: number === 1 ? [{ ...GUEST, character: `Visitor ${season}`, credit_id: `g${season}`, order: 0 }] : [],
  };
}

function season(number: number, episodeCount: number) {
  return {
    _id: `s${number}`,
    air_date: `202${number}-01-01`,
    episodes: Array.from({ length: episodeCount }, (_, i) => episode(number, i + 1)),
    name: number === 0 ? "Specials" : `Season ${number}`,
    overview: `Fictional test season ${number}.`,
    id: 7100 + number,
    poster_path: `/season-${number}.jpg`,
    season_number: number,
    vote_average: 7,
  };
}

const SEASON_EPISODES: Record<number, number> = { 0: 1, 1: 3, 2: 2 };

function series(id: number) {
  return {
    adult: false,
    backdrop_path: "/harbour-backdrop.jpg",
    created_by: [{ id: BELL.id, credit_id: "cb1", name: BELL.name, original_name: BELL.name, gender: 2, profile_path: null }],
    episode_run_time: [44],
    first_air_date: "2021-01-01",
    genres: [{ id: 18, name: "Drama" }],
    homepage: "https://harbour-lights.example",
    id,
    in_production: true,
    languages: ["en"],
    last_air_date: "2022-02-01",
    name: "Harbour of Small Lights",
    number_of_episodes: 5,
    number_of_seasons: 2,
    origin_country: ["IE"],
    original_language: "en",
    original_name: "Harbour of Small Lights",
    overview: "A fictional test series about a harbour town that keeps its lamps lit.",
    popularity: 33.2,
    poster_path: "/harbour-poster.jpg",
    seasons: [0, 1, 2].map((n) => ({
      air_date: `202${n}-01-01`,
      episode_count: SEASON_EPISODES[n],
      id: 7100 + n,
      name: n === 0 ? "Specials" : `Season ${n}`,
      overview: "",
      poster_path: `/season-${n}.jpg`,
      season_number: n,
      vote_average: 7,
    })),
    status: "Returning Series",
    tagline: "Someone is always awake.",
    type: "Scripted",
    vote_average: 8.1,
    vote_count: 402,
    credits: {
      cast: [
        { ...TAVIN, character: "Captain Oisin Darr", credit_id: "sc1", order: 0 },
        { ...ORLA, character: "Nell Darr", credit_id: "sc2", order: 1 },
      ],
      crew: [{ ...BELL, credit_id: "sc3", department: "Production", job: "Executive Producer" }],
    },
    images: {
      backdrops: [{ aspect_ratio: 1.778, height: 1080, iso_639_1: null, file_path: "/harbour-backdrop.jpg", vote_average: 5, vote_count: 1, width: 1920 }],
      posters: [{ aspect_ratio: 0.667, height: 1500, iso_639_1: "en", file_path: "/harbour-poster.jpg", vote_average: 5, vote_count: 1, width: 1000 }],
    },
    videos: {
      results: [
        {
          iso_639_1: "en",
          iso_3166_1: "US",
          name: "Season 1 Teaser",
          key: "fakeHarbourTeaser",
          site: "YouTube",
          size: 1080,
          type: "Teaser",
          official: true,
          published_at: "2020-12-01T00:00:00.000Z",
          id: "sv1",
        },
      ],
    },
    content_ratings: {
      results: [
        { descriptors: [], iso_3166_1: "US", rating: "TV-14" },
        { descriptors: [], iso_3166_1: "DE", rating: "12" },
      ],
    },
    keywords: { results: [{ id: 803, name: "harbour town" }] },
    external_ids: { imdb_id: "tt9007001", tvdb_id: null },
    "watch/providers": {
      results: {
        US: {
          ...providers("US"),
          link: "https://www.themoviedb.org/tv/7001/watch?locale=US",
          rent: undefined,
          buy: undefined,
          free: [{ logo_path: "/freewave-logo.jpg", provider_id: 9903, provider_name: "Freewave", display_priority: 9 }],
        },
      },
    },
  };
}

function personDetails(id: number) {
  return {
    adult: false,
    also_known_as: [],
    biography: "Orla Brisk is a fictional actor invented for the importer's tests.",
    birthday: "1984-06-02",
    deathday: null,
    gender: 1,
    homepage: "https://orla-brisk.example",
    id,
    imdb_id: "nm9005001",
    known_for_department: "Acting",
    name: ORLA.name,
    place_of_birth: "Vell, an invented island",
    popularity: 21.4,
    profile_path: "/orla-brisk.jpg",
    combined_credits: {
      cast: [
        { id: 9001, media_type: "movie", title: "The Lantern Keeper of Vell", character: "Mara Vell", popularity: 55.5, credit_id: "pc1", order: 0 },
        { id: SERIES_ID, media_type: "tv", name: "Harbour of Small Lights", character: "Nell Darr", episode_count: 5, popularity: 33.2, credit_id: "pc2" },
        { id: 9777, media_type: "movie", title: "A Film Not In The Catalogue", character: "Herself", popularity: 1, credit_id: "pc3", order: 3 },
      ],
      crew: [{ id: 9001, media_type: "movie", title: "The Lantern Keeper of Vell", department: "Production", job: "Producer", popularity: 55.5, credit_id: "pc4" }],
    },
    external_ids: { imdb_id: "nm9005001" },
    images: { profiles: [{ aspect_ratio: 0.667, height: 900, iso_639_1: null, file_path: "/orla-brisk.jpg", vote_average: 5, vote_count: 1, width: 600 }] },
  };
}

const DISCOVER_PAGES = 3;
const discoverItem = (id: number) => ({
  adult: false,
  backdrop_path: null,
  genre_ids: [18],
  id,
  original_language: "en",
  original_title: `Discovery Film ${id - 8099}`,
  overview: "A fictional film of the fake discover list.",
  popularity: 100 - (id - 8100),
  poster_path: null,
  release_date: "2019-05-05",
  title: `Discovery Film ${id - 8099}`,
  video: false,
  vote_average: 6,
  vote_count: 300,
});

function listItem(kind: "movie" | "tv" | "person", item: Record<string, unknown>): Record<string, unknown> {
  return { ...item, media_type: kind };
}

export interface FakeTmdbHandler {
  /** Answers one request as TMDB would (fetch-style: usable inside workerd too). */
  handle(request: Request): Response;
  /** Paths asked so far (without the query), in order. */
  requests: string[];
  reset(): void;
}

const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=";

export function createFakeTmdbHandler(): FakeTmdbHandler {
  const requests: string[] = [];
  const failedOnce = new Set<string>();
  const reset = () => {
    requests.length = 0;
    failedOnce.clear();
  };
  const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "Content-Type": "application/json;charset=utf-8", ...headers } });
  const notFound = () => send(404, { success: false, status_code: 34, status_message: "The resource you requested could not be found." });
  const once = (key: string) => {
    if (failedOnce.has(key)) return false;
    failedOnce.add(key);
    return true;
  };

  function handle(request: Request): Response {
    const url = new URL(request.url);
    if (url.pathname === "/__log") return send(200, requests);
    if (url.pathname === "/__reset") {
      reset();
      return send(200, { ok: true });
    }
    if (url.pathname.startsWith("/t/p/")) {
      // A 1x1 PNG for every image size and path.
      return new Response(
        Uint8Array.from(atob(PNG_1X1), (c) => c.charCodeAt(0)),
        { headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=3600" } },
      );
    }
    if (!url.pathname.startsWith("/3/")) return notFound();
    const path = url.pathname.slice(2);
    requests.push(path);
    const bearer = request.headers.get("authorization") === `Bearer ${FAKE_TMDB_KEY}`;
    if (!bearer && url.searchParams.get("api_key") !== FAKE_TMDB_KEY) {
      return send(401, { success: false, status_code: 7, status_message: "Invalid API key: You must be granted a valid key." });
    }
    let match: RegExpExecArray | null;
    if ((match = /^\/movie\/(\d+)$/.exec(path))) {
      const id = Number(match[1]);
      if (id === 9429 && once(path)) return send(429, { success: false, status_code: 25, status_message: "Your request count is over the allowed limit." }, { "Retry-After": "1" });
      if (id === 9500 && once(path)) return send(500, { success: false, status_code: 11, status_message: "Internal error." });
      if (id === 9599) return send(500, { success: false, status_code: 11, status_message: "Internal error." });
      if (id === 9666) return send(200, { id: "not-a-number", title: null, credits: "none" });
      if (id === 9001) return send(200, movie(9001, "The Lantern Keeper of Vell"));
      if (id === 9429) return send(200, movie(9429, "The Patient Ferryman"));
      if (id === 9500) return send(200, movie(9500, "The Stubborn Engine"));
      if (id === 9431) return send(200, movie(9431, "The Cartographer of Sundry Tides"));
      if (id >= 8100 && id < 8100 + DISCOVER_PAGES * 20) {
        const item = discoverItem(id);
        return send(
          200,
          movie(id, item.title, {
            credits: { cast: [], crew: [] },
            videos: { results: [] },
            "watch/providers": { results: {} },
            release_dates: { results: [] },
            keywords: { keywords: [] },
            images: { posters: [], backdrops: [] },
            poster_path: null,
            backdrop_path: null,
          }),
        );
      }
      return notFound();
    }
    if ((match = /^\/tv\/(\d+)$/.exec(path))) {
      const id = Number(match[1]);
      if (id === 7666) return send(200, "{ this is not json");
      if (id === SERIES_ID) return send(200, series(id));
      return notFound();
    }
    if ((match = /^\/tv\/(\d+)\/season\/(\d+)$/.exec(path))) {
      const [id, number] = [Number(match[1]), Number(match[2])];
      if (id === SERIES_ID && number in SEASON_EPISODES) return send(200, season(number, SEASON_EPISODES[number]));
      return notFound();
    }
    if ((match = /^\/person\/(\d+)$/.exec(path))) {
      if (Number(match[1]) === 5001) return send(200, personDetails(5001));
      return notFound();
    }
    if ((match = /^\/search\/(movie|tv|person|multi)$/.exec(path))) {
      const kind = match[1];
      const query = (url.searchParams.get("query") ?? "").toLowerCase();
      const all = [
        ...(kind === "movie" || kind === "multi"
          ? [
              listItem("movie", movie(9001, "The Lantern Keeper of Vell")),
              listItem("movie", movie(9429, "The Patient Ferryman")),
              listItem("movie", movie(9500, "The Stubborn Engine")),
              listItem("movie", movie(9666, "The Broken Answer")),
              listItem("movie", movie(9431, "The Cartographer of Sundry Tides")),
            ]
          : []),
        ...(kind === "tv" || kind === "multi" ? [listItem("tv", series(SERIES_ID)), listItem("tv", { ...series(7666), name: "The Broken Series" })] : []),
        ...(kind === "person" || kind === "multi" ? [listItem("person", ORLA)] : []),
      ].map(({ credits: _c, images: _i, videos: _v, ...rest }) => rest as Record<string, unknown>);
      const results = all.filter((item) =>
        String(item.title ?? item.name)
          .toLowerCase()
          .includes(query),
      );
      return send(200, { page: 1, results, total_pages: 1, total_results: results.length });
    }
    if ((match = /^\/discover\/(movie|tv)$/.exec(path))) {
      const page = Number(url.searchParams.get("page") ?? 1);
      if (match[1] !== "movie" || page > DISCOVER_PAGES) return send(200, { page, results: [], total_pages: DISCOVER_PAGES, total_results: DISCOVER_PAGES * 20 });
      const results = Array.from({ length: 20 }, (_, i) => discoverItem(8100 + (page - 1) * 20 + i));
      return send(200, { page, results, total_pages: DISCOVER_PAGES, total_results: DISCOVER_PAGES * 20 });
    }
    return notFound();
  }

  return { handle, requests, reset };
}

export interface FakeTmdb extends FakeTmdbHandler {
  url: string;
  apiUrl: string;
  imageUrl: string;
  close(): Promise<void>;
}

/** The fake as a real HTTP server on 127.0.0.1 (port 0: any free port). */
export async function startFakeTmdb({ port = 0 }: { port?: number } = {}): Promise<FakeTmdb> {
  const { createServer } = await import("node:http");
  const fake = createFakeTmdbHandler();
  const server = createServer(async (req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const response = fake.handle(new Request(new URL(req.url ?? "/", "http://fake-tmdb"), { headers }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const { port: actual } = server.address() as { port: number };
  const url = `http://127.0.0.1:${actual}`;
  return {
    ...fake,
    url,
    apiUrl: `${url}/3`,
    imageUrl: `${url}/t/p`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Run on its own (`npx tsx tests/support/fake-tmdb.ts --port 9810`) for a local trial without a TMDB key. */
if (typeof process !== "undefined" && import.meta.url === `file://${process.argv[1]}`) {
  const portArg = process.argv.indexOf("--port");
  const fake = await startFakeTmdb({ port: portArg > 0 ? Number(process.argv[portArg + 1]) : 0 });
  console.log(`fake TMDB on ${fake.apiUrl} (key ${FAKE_TMDB_KEY}, images ${fake.imageUrl})`);
}
