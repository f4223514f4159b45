import { titleCardColumns } from "./card-columns";
import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Database } from "~/db/client.server";
import { preparedRead } from "~/db/prepared-read.server";
import { credits, episodes, genres, images, keywords, people, seasons, titleGenres, titleKeywords, titles, videos } from "./tables";

/**
 * Reads behind the title page and its sub-pages (full credits, season,
 * episode). Each page is one D1 batch: a single round trip whatever the
 * number of sections, every statement served by an index (see tables.ts).
 */

const titleColumns = {
  id: titles.id,
  type: titles.type,
  name: titles.name,
  originalName: titles.originalName,
  slug: titles.slug,
  releaseDate: titles.releaseDate,
  year: titles.year,
  endYear: titles.endYear,
  runtime: titles.runtime,
  tagline: titles.tagline,
  plot: titles.plot,
  certification: titles.certification,
  language: titles.language,
  countries: titles.countries,
  budget: titles.budget,
  revenue: titles.revenue,
  popularity: titles.popularity,
  rating: titles.rating,
  voteCount: titles.voteCount,
  externalRating: titles.externalRating,
  externalVotes: titles.externalVotes,
  rottenTomatoes: titles.rottenTomatoes,
  poster: titles.poster,
  backdrop: titles.backdrop,
  seasonCount: titles.seasonCount,
  episodeCount: titles.episodeCount,
  generatedFields: titles.generatedFields,
  updatedAt: titles.updatedAt,
};

/**
 * Column names must be unique within a statement run through db.batch: D1
 * returns batch rows as objects, so a second "id" would overwrite the first
 * and shift every later column (drizzle maps batch rows by position).
 */
const creditColumns = {
  id: sql<number>`${credits.id}`.mapWith(Number).as("credit_id"),
  personId: people.id,
  name: people.name,
  slug: people.slug,
  profile: people.profile,
  personGenerated: people.generatedFields,
  character: credits.character,
  department: credits.department,
  job: credits.job,
  position: credits.position,
  generated: credits.generated,
};

const cardColumns = titleCardColumns;

/** Key crew shown on the title page itself, in this order. */
const KEY_JOBS = ["Director", "Creator", "Screenplay", "Writer", "Story", "Novel", "Producer", "Executive Producer", "Original Music Composer", "Director of Photography"];

/** The title page's reads, their SQL built once per isolate (decision 045). */
const titleById = preparedRead((db, { id }: { id: number }) => db.select(titleColumns).from(titles).where(eq(titles.id, id)).limit(1));

const titleGenresOf = preparedRead((db, { titleId }: { titleId: number }) =>
  db
    .select({ id: genres.id, name: genres.name, slug: genres.slug })
    .from(titleGenres)
    .innerJoin(genres, eq(genres.id, titleGenres.genreId))
    .where(eq(titleGenres.titleId, titleId))
    .orderBy(asc(genres.name)),
);

function creditsOf(db: Database, titleId: number, kind: "cast" | "crew") {
  return db
    .select(creditColumns)
    .from(credits)
    .innerJoin(people, eq(people.id, credits.personId))
    .where(and(eq(credits.titleId, titleId), eq(credits.kind, kind), isNull(credits.episodeId)))
    .orderBy(asc(credits.position), asc(credits.id));
}

const titleCredits = preparedRead((db, { titleId, kind }: { titleId: number; kind: "cast" | "crew" }) => creditsOf(db, titleId, kind));
const titleCreditsUpTo = preparedRead((db, { titleId, kind, limit }: { titleId: number; kind: "cast" | "crew"; limit: number }) => creditsOf(db, titleId, kind).limit(limit));

const titleSeasons = preparedRead((db, { titleId }: { titleId: number }) =>
  db
    .select({ id: seasons.id, number: seasons.number, name: seasons.name, airDate: seasons.airDate, poster: seasons.poster, episodeCount: seasons.episodeCount })
    .from(seasons)
    .where(eq(seasons.titleId, titleId))
    .orderBy(asc(seasons.number)),
);

const titleVideos = preparedRead((db, { titleId }: { titleId: number }) =>
  db
    .select({
      id: videos.id,
      name: videos.name,
      category: videos.category,
      source: videos.source,
      src: videos.src,
      thumbnail: videos.thumbnail,
      duration: videos.duration,
      quality: videos.quality,
      mime: videos.mime,
      createdAt: videos.createdAt,
    })
    .from(videos)
    .where(and(eq(videos.titleId, titleId), isNull(videos.episodeId)))
    .orderBy(asc(videos.position), asc(videos.id))
    .limit(20),
);

const titleImages = preparedRead((db, { titleId }: { titleId: number }) =>
  db
    .select({ id: images.id, type: images.type, url: images.url, width: images.width, height: images.height })
    .from(images)
    .where(eq(images.titleId, titleId))
    .orderBy(asc(images.type), asc(images.position))
    .limit(24),
);

const titleKeywordsOf = preparedRead((db, { titleId }: { titleId: number }) =>
  db.select({ name: keywords.name, slug: keywords.slug }).from(titleKeywords).innerJoin(keywords, eq(keywords.id, titleKeywords.keywordId)).where(eq(titleKeywords.titleId, titleId)).limit(30),
);

/**
 * Titles sharing a genre with this one, most popular first. Walking the
 * popularity index and stopping at `limit` matches is far cheaper on a large
 * catalogue than collecting every title of a big genre and sorting it.
 */
const relatedTitles = preparedRead((db, { titleId, limit }: { titleId: number; limit: number }) =>
  db
    .select(cardColumns)
    .from(titles)
    .where(
      and(
        ne(titles.id, titleId),
        sql`EXISTS (SELECT 1 FROM title_genres g WHERE g.title_id = ${titles.id}
                AND g.genre_id IN (SELECT genre_id FROM title_genres WHERE title_id = ${titleId}))`,
      ),
    )
    .orderBy(desc(titles.popularity))
    .limit(limit),
);

export async function loadTitlePage(db: Database, id: number, options: { topCast: number }) {
  return (await loadTitlePageWith(db, id, options, [] as const)).page;
}

/**
 * The title page's reads and other features' reads of the same page (reviews,
 * TMDB extras) in one D1 batch: one round trip for a guest's page (decision 026).
 * `extra` are query builders; their results come back in `extra`, in order.
 */
export async function loadTitlePageWith<E extends readonly BatchItem<"sqlite">[]>(db: Database, id: number, { topCast }: { topCast: number }, extra: E) {
  const own = [
    titleById(db, { id }),
    titleGenresOf(db, { titleId: id }),
    titleCreditsUpTo(db, { titleId: id, kind: "cast", limit: topCast }),
    titleCreditsUpTo(db, { titleId: id, kind: "crew", limit: 60 }),
    titleSeasons(db, { titleId: id }),
    titleVideos(db, { titleId: id }),
    titleImages(db, { titleId: id }),
    titleKeywordsOf(db, { titleId: id }),
    relatedTitles(db, { titleId: id, limit: 12 }),
  ] as const;
  const results = await db.batch([...own, ...extra] as unknown as readonly [...typeof own, ...E]);
  const [found, genreRows, cast, crew, seasonRows, videoRows, imageRows, keywordRows, related] = results;
  const extraResults = results.slice(own.length) as unknown as BatchResponse<E>;
  const title = found[0];
  if (!title) return { page: null, extra: extraResults };
  const keyCrew = crew
    .filter((c) => KEY_JOBS.includes(c.job))
    .sort((a, b) => KEY_JOBS.indexOf(a.job) - KEY_JOBS.indexOf(b.job) || a.position - b.position)
    .slice(0, 8);
  return {
    page: {
      title,
      genres: genreRows,
      cast,
      keyCrew,
      hasMoreCredits: cast.length >= topCast || crew.length > keyCrew.length,
      seasons: seasonRows,
      videos: videoRows,
      images: imageRows,
      keywords: keywordRows,
      related,
    },
    extra: extraResults,
  };
}
export type TitlePage = NonNullable<Awaited<ReturnType<typeof loadTitlePage>>>;

/**
 * The title page as its components render it: the loader's data is inline
 * JavaScript on the page (the public-page JavaScript budget of decision 006), so columns only the server
 * uses (structured data, sorting) stay on the server.
 */
export function titlePageView(page: TitlePage) {
  const { popularity: _popularity, updatedAt: _updatedAt, ...title } = page.title;
  return {
    title,
    genres: page.genres,
    cast: page.cast.map(({ id, personId, name, slug, profile, character, generated }) => ({ id, personId, name, slug, profile, character, generated })),
    keyCrew: page.keyCrew.map(({ id, personId, name, slug, job }) => ({ id, personId, name, slug, job })),
    hasMoreCredits: page.hasMoreCredits,
    seasons: page.seasons,
    videos: page.videos.map(({ id, name, category, thumbnail, duration }) => ({ id, name, category, thumbnail, duration })),
    images: page.images,
    keywords: page.keywords,
    related: page.related,
  };
}

/** The full cast and crew of a title (not its episodes'). */
export async function loadFullCredits(db: Database, id: number) {
  const [found, cast, crew] = await db.batch([titleById(db, { id }), titleCredits(db, { titleId: id, kind: "cast" }), titleCredits(db, { titleId: id, kind: "crew" })]);
  const title = found[0];
  if (!title) return null;
  const departments = new Map<string, typeof crew>();
  for (const credit of crew) {
    const list = departments.get(credit.department) ?? [];
    list.push(credit);
    departments.set(credit.department, list);
  }
  return {
    title,
    cast,
    crew: [...departments.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([department, list]) => ({ department, credits: list })),
  };
}

const episodeColumns = {
  id: episodes.id,
  seasonNumber: episodes.seasonNumber,
  episodeNumber: episodes.episodeNumber,
  name: episodes.name,
  plot: episodes.plot,
  airDate: episodes.airDate,
  runtime: episodes.runtime,
  still: episodes.still,
  rating: episodes.rating,
  voteCount: episodes.voteCount,
  generatedFields: episodes.generatedFields,
};

/** A season of a series with its episodes and the list of all seasons (for navigation). */
export async function loadSeason(db: Database, titleId: number, seasonNumber: number) {
  const [found, seasonRows, episodeRows] = await db.batch([
    titleById(db, { id: titleId }),
    db
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
      .orderBy(asc(seasons.number)),
    db
      .select(episodeColumns)
      .from(episodes)
      .where(and(eq(episodes.titleId, titleId), eq(episodes.seasonNumber, seasonNumber)))
      .orderBy(asc(episodes.episodeNumber)),
  ]);
  const title = found[0];
  const season = seasonRows.find((s) => s.number === seasonNumber);
  if (!title || !season) return null;
  return { title, season, seasons: seasonRows.map(({ number, name }) => ({ number, name })), episodes: episodeRows };
}

/** One episode with its credits, videos and the previous and next episodes of the series. */
export async function loadEpisode(db: Database, titleId: number, seasonNumber: number, episodeNumber: number) {
  const at = and(eq(episodes.titleId, titleId), eq(episodes.seasonNumber, seasonNumber), eq(episodes.episodeNumber, episodeNumber));
  const [found, episodeRows, castRows, crewRows, videoRows, previous, next] = await db.batch([
    titleById(db, { id: titleId }),
    db.select(episodeColumns).from(episodes).where(at).limit(1),
    db
      .select(creditColumns)
      .from(credits)
      .innerJoin(people, eq(people.id, credits.personId))
      .where(and(eq(credits.kind, "cast"), sql`${credits.episodeId} = (SELECT id FROM episodes WHERE title_id = ${titleId} AND season_number = ${seasonNumber} AND episode_number = ${episodeNumber})`))
      .orderBy(asc(credits.position)),
    db
      .select(creditColumns)
      .from(credits)
      .innerJoin(people, eq(people.id, credits.personId))
      .where(and(eq(credits.kind, "crew"), sql`${credits.episodeId} = (SELECT id FROM episodes WHERE title_id = ${titleId} AND season_number = ${seasonNumber} AND episode_number = ${episodeNumber})`))
      .orderBy(asc(credits.position)),
    db
      .select({ id: videos.id, name: videos.name, category: videos.category, thumbnail: videos.thumbnail, duration: videos.duration })
      .from(videos)
      .where(sql`${videos.episodeId} = (SELECT id FROM episodes WHERE title_id = ${titleId} AND season_number = ${seasonNumber} AND episode_number = ${episodeNumber})`)
      .orderBy(asc(videos.position)),
    db
      .select({ seasonNumber: episodes.seasonNumber, episodeNumber: episodes.episodeNumber, name: episodes.name })
      .from(episodes)
      .where(and(eq(episodes.titleId, titleId), sql`(${episodes.seasonNumber}, ${episodes.episodeNumber}) < (${seasonNumber}, ${episodeNumber})`))
      .orderBy(desc(episodes.seasonNumber), desc(episodes.episodeNumber))
      .limit(1),
    db
      .select({ seasonNumber: episodes.seasonNumber, episodeNumber: episodes.episodeNumber, name: episodes.name })
      .from(episodes)
      .where(and(eq(episodes.titleId, titleId), sql`(${episodes.seasonNumber}, ${episodes.episodeNumber}) > (${seasonNumber}, ${episodeNumber})`))
      .orderBy(asc(episodes.seasonNumber), asc(episodes.episodeNumber))
      .limit(1),
  ]);
  const title = found[0];
  const episode = episodeRows[0];
  if (!title || !episode) return null;
  return { title, episode, cast: castRows, crew: crewRows, videos: videoRows, previous: previous[0] ?? null, next: next[0] ?? null };
}
