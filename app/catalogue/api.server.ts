import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "~/db/client.server";
import type { ApiCall } from "~/json-api/handler.server";
import { paginated, perPageOf } from "~/api/query";
import type { creditSchema, episodeSchema, listPeople, listTitles, seasonSchema, TITLE_COUNTS, TITLE_RELATIONS, videoSchema } from "./api-contract";
import { browsePeopleWithCount, browseTitlesWithCount } from "./browse.server";
import { mediaUrl } from "./media";
import { credits, episodes, genres, images, keywords, people, seasons, titleGenres, titleKeywords, titles, videos } from "./tables";
import { personPath, titlePath } from "../http/slug";

/**
 * Reads and answer shapes of the catalogue API (app/catalogue/api-contract.ts).
 * Lists and pages reuse the site's queries (browse, search, title and person
 * pages); a title's relations are read only when asked for, all in one batch.
 */

type Credit = z.infer<typeof creditSchema>;
type Video = z.infer<typeof videoSchema>;

export function titleSummary(row: {
  id: number;
  type: "movie" | "series";
  name: string;
  slug: string;
  year: number | null;
  poster: string | null;
  rating?: number | null;
  externalRating?: number | null;
}) {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    slug: row.slug,
    year: row.year,
    poster: row.poster,
    rating: row.rating ?? null,
    external_rating: row.externalRating ?? null,
    url: titlePath(row),
  };
}

/**
 * GET api/v1/titles: one page and its count in one round trip, the browse
 * page's own read (browseTitlesWithCount). The count is capped (the deepest
 * page's worth; with a genre, BROWSE_COUNT_GENRE_LINKS of its links), so a
 * broad filter on a large catalogue does not count every title;
 * `total_is_lower_bound` says when it stopped early (decision 026, "Scale").
 * `genreLinks` is for tests.
 */
export async function listTitlesPage(db: Database, query: ApiCall<typeof listTitles>["query"], genreLinks?: number) {
  const { page } = query;
  const perPage = perPageOf(query);
  const filters = {
    type: query.type,
    genre: query.genre ? [query.genre] : [],
    genre_match: "any" as const,
    year_from: query.year_from,
    year_to: query.year_to,
    runtime_min: undefined,
    runtime_max: undefined,
    language: undefined,
    country: undefined,
    rating: query.rating,
    tmdb_rating: undefined,
    provider: undefined,
    certification: query.certification,
    order: query.order,
    dir: query.dir,
    page,
  };
  const { items, total, more, pages } = await browseTitlesWithCount(db, filters, perPage, genreLinks);
  return paginated({ data: items.map(titleSummary), page, perPage, total, totalIsLowerBound: more, lastPage: pages });
}

export function personSummary(row: { id: number; name: string; slug: string; profile: string | null; knownFor: string | null }) {
  return { id: row.id, name: row.name, slug: row.slug, profile: row.profile, known_for: row.knownFor, url: personPath(row) };
}

/**
 * GET api/v1/people: one page and its count in one round trip, the people
 * page's own read (browsePeopleWithCount). The count is capped at the deepest
 * page's worth, so a broad filter on a large catalogue does not count every
 * person; `total_is_lower_bound` says when it stopped early (decision 026,
 * "Scale").
 */
export async function listPeoplePage(db: Database, query: ApiCall<typeof listPeople>["query"]) {
  const { page } = query;
  const perPage = perPageOf(query);
  const filters = { department: query.department, gender: query.gender, order: query.order, dir: query.dir, page };
  const { items, total, more, pages } = await browsePeopleWithCount(db, filters, perPage);
  return paginated({ data: items.map(personSummary), page, perPage, total, totalIsLowerBound: more, lastPage: pages });
}

export function creditOut(row: {
  id: number;
  personId: number;
  name: string;
  slug: string;
  profile: string | null;
  character: string | null;
  department: string;
  job: string;
  position: number;
  generated: boolean;
}): Credit {
  return {
    id: row.id,
    person: { id: row.personId, name: row.name, slug: row.slug, profile: row.profile },
    character: row.character,
    department: row.department,
    job: row.job,
    position: row.position,
    generated: row.generated,
  };
}

export function videoOut(row: {
  id: number;
  name: string;
  category: Video["category"];
  source: Video["source"];
  src: string;
  mime: string | null;
  quality: string | null;
  duration: number | null;
  thumbnail: string | null;
}): Video {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    source: row.source,
    src: row.source === "r2" ? mediaUrl(row.src) : row.src,
    mime: row.mime,
    quality: row.quality,
    duration: row.duration,
    thumbnail: row.thumbnail,
    url: `/watch/${row.id}`,
  };
}

export function seasonOut(row: {
  id: number;
  number: number;
  name: string;
  plot?: string | null;
  airDate: string | null;
  poster: string | null;
  episodeCount: number;
  generatedFields?: string[];
}): z.infer<typeof seasonSchema> {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    plot: row.plot ?? null,
    air_date: row.airDate,
    poster: row.poster,
    episode_count: row.episodeCount,
    generated_fields: row.generatedFields ?? [],
  };
}

export function episodeOut(row: {
  id: number;
  seasonNumber: number;
  episodeNumber: number;
  name: string;
  plot: string | null;
  airDate: string | null;
  runtime: number | null;
  still: string | null;
  rating: number | null;
  voteCount: number;
  generatedFields: string[];
}): z.infer<typeof episodeSchema> {
  return {
    id: row.id,
    season_number: row.seasonNumber,
    episode_number: row.episodeNumber,
    name: row.name,
    plot: row.plot,
    air_date: row.airDate,
    runtime: row.runtime,
    still: row.still,
    rating: row.rating,
    vote_count: row.voteCount,
    generated_fields: row.generatedFields,
  };
}

/** Column names stay unique inside a D1 batch (see title-page.server.ts). */
const creditColumns = {
  id: sql<number>`${credits.id}`.mapWith(Number).as("credit_id"),
  personId: people.id,
  name: people.name,
  slug: people.slug,
  profile: people.profile,
  character: credits.character,
  department: credits.department,
  job: credits.job,
  position: credits.position,
  generated: credits.generated,
};

export function titleCreditsQuery(db: Database, titleId: number, kind: "cast" | "crew") {
  return db
    .select(creditColumns)
    .from(credits)
    .innerJoin(people, eq(people.id, credits.personId))
    .where(and(eq(credits.titleId, titleId), eq(credits.kind, kind), isNull(credits.episodeId)))
    .orderBy(kind === "crew" ? asc(credits.department) : asc(credits.position), asc(credits.position), asc(credits.id));
}

export function titleVideosQuery(db: Database, titleId: number) {
  return db
    .select({
      id: videos.id,
      name: videos.name,
      category: videos.category,
      source: videos.source,
      src: videos.src,
      mime: videos.mime,
      quality: videos.quality,
      duration: videos.duration,
      thumbnail: videos.thumbnail,
    })
    .from(videos)
    .where(and(eq(videos.titleId, titleId), isNull(videos.episodeId)))
    .orderBy(asc(videos.position), asc(videos.id));
}

export function seasonsQuery(db: Database, titleId: number) {
  return db
    .select({
      id: seasons.id,
      number: seasons.number,
      name: seasons.name,
      plot: seasons.plot,
      airDate: seasons.airDate,
      poster: seasons.poster,
      episodeCount: seasons.episodeCount,
      generatedFields: seasons.generatedFields,
    })
    .from(seasons)
    .where(eq(seasons.titleId, titleId))
    .orderBy(asc(seasons.number));
}

type Relation = (typeof TITLE_RELATIONS)[number];
type Count = (typeof TITLE_COUNTS)[number];

/**
 * A title with the relations and counts asked for, in one D1 batch; null when
 * there is no such title. Every statement is served by an index
 * (credits_title_idx, videos_title_idx, seasons_title_number_idx, ...).
 */
export async function loadTitleForApi(db: Database, id: number, relations: Relation[], counts: Count[]) {
  const want = new Set(relations);
  const wantCount = new Set(counts);
  const queries = {
    title: db.select().from(titles).where(eq(titles.id, id)).limit(1),
    genres: want.has("genres")
      ? db
          .select({ id: genres.id, name: genres.name, slug: genres.slug })
          .from(titleGenres)
          .innerJoin(genres, eq(genres.id, titleGenres.genreId))
          .where(eq(titleGenres.titleId, id))
          .orderBy(asc(genres.name))
      : null,
    seasons: want.has("seasons") ? seasonsQuery(db, id) : null,
    cast: want.has("credits") ? titleCreditsQuery(db, id, "cast") : null,
    crew: want.has("credits") ? titleCreditsQuery(db, id, "crew") : null,
    videos: want.has("videos") ? titleVideosQuery(db, id) : null,
    images: want.has("images")
      ? db
          .select({ id: images.id, type: images.type, url: images.url, width: images.width, height: images.height })
          .from(images)
          .where(eq(images.titleId, id))
          .orderBy(asc(images.type), asc(images.position))
      : null,
    keywords: want.has("keywords")
      ? db.select({ name: keywords.name, slug: keywords.slug }).from(titleKeywords).innerJoin(keywords, eq(keywords.id, titleKeywords.keywordId)).where(eq(titleKeywords.titleId, id))
      : null,
    seasonsCount: wantCount.has("seasons") ? db.select({ n: count() }).from(seasons).where(eq(seasons.titleId, id)) : null,
    episodesCount: wantCount.has("episodes") ? db.select({ n: count() }).from(episodes).where(eq(episodes.titleId, id)) : null,
    creditsCount: wantCount.has("credits")
      ? db
          .select({ n: count() })
          .from(credits)
          .where(and(eq(credits.titleId, id), isNull(credits.episodeId)))
      : null,
    videosCount: wantCount.has("videos") ? db.select({ n: count() }).from(videos).where(eq(videos.titleId, id)) : null,
  };
  const names = Object.keys(queries) as (keyof typeof queries)[];
  const active = names.filter((name) => queries[name] !== null);
  const results = await db.batch(active.map((name) => queries[name]!) as unknown as Parameters<Database["batch"]>[0]);
  const out = Object.fromEntries(active.map((name, i) => [name, results[i] as unknown[]])) as Record<string, unknown[] | undefined>;
  const row = (out.title as (typeof titles.$inferSelect)[])[0];
  if (!row) return null;
  type CreditRow = Parameters<typeof creditOut>[0];
  const countOf = (rows: unknown[] | undefined) => (rows ? Number((rows[0] as { n: number } | undefined)?.n ?? 0) : undefined);
  return {
    ...titleSummary(row),
    original_name: row.originalName,
    release_date: row.releaseDate,
    end_year: row.endYear,
    runtime: row.runtime,
    tagline: row.tagline,
    plot: row.plot,
    certification: row.certification,
    language: row.language,
    countries: row.countries,
    budget: row.budget,
    revenue: row.revenue,
    popularity: row.popularity,
    vote_count: row.voteCount,
    external_votes: row.externalVotes,
    rotten_tomatoes: row.rottenTomatoes,
    backdrop: row.backdrop,
    season_count: row.seasonCount,
    episode_count: row.episodeCount,
    generated_fields: row.generatedFields,
    updated_at: row.updatedAt.toISOString(),
    ...(out.genres ? { genres: out.genres as { id: number; name: string; slug: string }[] } : {}),
    ...(out.seasons ? { seasons: (out.seasons as Parameters<typeof seasonOut>[0][]).map(seasonOut) } : {}),
    ...(out.cast ? { credits: { cast: (out.cast as CreditRow[]).map(creditOut), crew: (out.crew as CreditRow[]).map(creditOut) } } : {}),
    ...(out.videos ? { videos: (out.videos as Parameters<typeof videoOut>[0][]).map(videoOut) } : {}),
    ...(out.images ? { images: out.images as { id: number; type: string; url: string; width: number; height: number }[] } : {}),
    ...(out.keywords ? { keywords: out.keywords as { name: string; slug: string }[] } : {}),
    ...(out.seasonsCount ? { seasons_count: countOf(out.seasonsCount) } : {}),
    ...(out.episodesCount ? { episodes_count: countOf(out.episodesCount) } : {}),
    ...(out.creditsCount ? { credits_count: countOf(out.creditsCount) } : {}),
    ...(out.videosCount ? { videos_count: countOf(out.videosCount) } : {}),
  };
}

/** Cast and crew of a title plus whether the title exists, in one batch. */
export async function loadTitleCreditsForApi(db: Database, id: number) {
  const [found, cast, crew] = await db.batch([db.select({ id: titles.id }).from(titles).where(eq(titles.id, id)).limit(1), titleCreditsQuery(db, id, "cast"), titleCreditsQuery(db, id, "crew")]);
  if (!found[0]) return null;
  return { cast: cast.map(creditOut), crew: crew.map(creditOut) };
}

export async function loadTitleVideosForApi(db: Database, id: number) {
  const [found, rows] = await db.batch([db.select({ id: titles.id }).from(titles).where(eq(titles.id, id)).limit(1), titleVideosQuery(db, id)]);
  if (!found[0]) return null;
  return rows.map(videoOut);
}

export async function loadSeasonsForApi(db: Database, id: number) {
  const [found, rows] = await db.batch([db.select({ id: titles.id }).from(titles).where(eq(titles.id, id)).limit(1), seasonsQuery(db, id)]);
  if (!found[0]) return null;
  return rows.map(seasonOut);
}

/** Genres by name; with `withCounts`, how many titles each has (stored by triggers, migration 0080). */
export async function listGenresForApi(db: Database, withCounts: boolean) {
  if (!withCounts) return db.select({ id: genres.id, name: genres.name, slug: genres.slug }).from(genres).orderBy(asc(genres.name));
  return db.select({ id: genres.id, name: genres.name, slug: genres.slug, titles_count: genres.titlesCount }).from(genres).orderBy(asc(genres.name));
}
