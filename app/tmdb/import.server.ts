import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { credits, episodes, genres, images, keywords, people, seasons, titleGenres, titleKeywords, titles, videos, type Gender } from "~/catalogue/tables";
import { slugify } from "~/http/slug";
import { titleAliases } from "~/catalogue/search.tables";
import { TMDB_MAX_CAST, TMDB_MAX_CREW, TMDB_MAX_IMAGES_PER_KIND } from "~/constants";
import type { ChangeRecorder } from "~/db/change-recorder";
import type { Database } from "~/db/client.server";
import type { TmdbClient } from "./client.server";
import { copyImportedImages, type ImageCopier } from "./image-copy.server";
import { TMDB_IMAGE_SIZES, tmdbImageUrl, type TmdbMediaType } from "./refs";
import type { TmdbCast, TmdbCrew, TmdbImage, TmdbMovie, TmdbRegionProviders, TmdbSeason, TmdbSeries, TmdbVideo } from "./responses";
import { errorFields, log } from "~/log/log.server";
import { settings as settingsTable } from "~/settings/tables";
import { titleWatchProviders, watchProviders, WATCH_KINDS } from "./tables";

/**
 * The TMDB importer (decision 019). Everything is fetched and parsed first;
 * then each step is one atomic db.batch: the title with its genres,
 * keywords, people, credits, videos, images and watch providers; then one
 * batch per season with its episodes and their guest stars and crew. Rows
 * are upserted by TMDB id (titles by type + tmdb_id, people by tmdb_id,
 * seasons and episodes by number), and what belongs to the title alone
 * (credits, images, providers) is replaced, so importing twice changes no row
 * count and a re-import brings the new facts. Statements reach the title and
 * people through `(SELECT id ... WHERE tmdb_id = ?)`, so a batch needs no ids
 * from an earlier round trip. D1 allows 100 bound parameters per statement:
 * multi-row inserts are chunked below that. Imported facts are real:
 * generated_fields is emptied on every row written.
 */

export interface ImportOptions {
  /** The image base URL (TMDB_IMAGE_URL); image columns hold URLs at the size of their place. */
  imageBase: string;
  /** The site's region (ISO 3166-1) whose certification is kept. */
  region: string;
  /** Import season 0 (specials) too. */
  includeSpecials: boolean;
  /** Fill this existing title (no TMDB id yet) instead of matching by TMDB id. */
  targetTitleId?: number;
  /** Audit log: the import is recorded in the title's (or person's) own batch. */
  record?: ChangeRecorder;
  /** The tmdb.copy_images option: after the writes, the stored images are copied into R2 and served by the site (image-copy.server.ts). */
  imageCopy?: ImageCopier;
}

/** With the copy option on, re-hosts the images just written; a failure is logged, never fails the import. */
async function copyImages(db: Database, options: ImportOptions, owner: { titleId: number } | { personId: number }) {
  if (!options.imageCopy) return;
  try {
    await copyImportedImages(db, options.imageCopy, options.imageBase, owner);
  } catch (error) {
    log("warn", "tmdb image copy step failed; TMDB URLs stay", { ...owner, ...errorFields(error) });
  }
}

export interface ImportResult {
  type: TmdbMediaType;
  tmdbId: number;
  /** Catalogue id of the title or person. */
  id: number;
  name: string;
  created: boolean;
  cast: number;
  crew: number;
  seasons: number;
  episodes: number;
  /** Person imports: credits linked to titles already in the catalogue, and those left out. */
  linkedCredits?: number;
  unlinkedCredits?: number;
}

export class ImportConflictError extends Error {}

type Statement = BatchItem<"sqlite">;
const MAX_PARAMS = 90;

function chunk<T>(rows: T[], paramsPerRow: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMS / paramsPerRow));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

async function runBatch(db: Database, statements: Statement[]) {
  if (statements.length === 0) return;
  await db.batch(statements as [Statement, ...Statement[]]);
}

/** TMDB data is now shown: the footer's attribution turns on (setting tmdb.attribution). */
function attributionOn(db: Database): Statement {
  return db
    .insert(settingsTable)
    .values({ key: "tmdb.attribution", value: true })
    .onConflictDoUpdate({ target: settingsTable.key, set: { value: true } });
}

function gender(code: number | null | undefined): Gender {
  return code === 1 ? "female" : code === 2 ? "male" : code === 3 ? "nonbinary" : "unknown";
}

const yearOf = (date: string | null) => (date ? Number(date.slice(0, 4)) : null);
const now = () => new Date();

function titleIdOf(type: "movie" | "series", tmdbId: number): SQL {
  return sql`(SELECT id FROM titles WHERE type = ${type} AND tmdb_id = ${tmdbId})`;
}

function personIdOf(tmdbId: number): SQL {
  return sql`(SELECT id FROM people WHERE tmdb_id = ${tmdbId})`;
}

type PersonRef = { id: number; name: string; gender?: number | null; known_for_department?: string | null; profile_path?: string | null; popularity?: number | null };

/** Upserts people by tmdb_id (their biography is left to a person import). */
function upsertPeople(db: Database, list: PersonRef[], options: ImportOptions): Statement[] {
  const unique = [...new Map(list.map((p) => [p.id, p])).values()];
  return chunk(unique, 8).map((rows) =>
    db
      .insert(people)
      .values(
        rows.map((p) => ({
          tmdbId: p.id,
          name: p.name,
          slug: slugify(p.name),
          gender: gender(p.gender),
          knownFor: p.known_for_department ?? null,
          popularity: p.popularity ?? 0,
          profile: tmdbImageUrl(options.imageBase, TMDB_IMAGE_SIZES.profile, p.profile_path),
          generatedFields: [],
        })),
      )
      .onConflictDoUpdate({
        target: people.tmdbId,
        set: {
          name: sql`excluded.name`,
          slug: sql`excluded.slug`,
          gender: sql`excluded.gender`,
          knownFor: sql`coalesce(excluded.known_for, ${people.knownFor})`,
          popularity: sql`excluded.popularity`,
          profile: sql`coalesce(excluded.profile, ${people.profile})`,
          generatedFields: sql`'[]'`,
          updatedAt: sql`(unixepoch())`,
        },
      }),
  );
}

type CreditRow = { person: number; kind: "cast" | "crew"; character: string | null; position: number; department: string; job: string };

function castRows(cast: TmdbCast[]): CreditRow[] {
  return [...cast]
    .sort((a, b) => (a.order ?? 999) - (b.order ?? 999))
    .slice(0, TMDB_MAX_CAST)
    .map((c, i) => ({ person: c.id, kind: "cast", character: c.character ?? null, position: i, department: "Acting", job: "Actor" }));
}

function crewRows(crew: TmdbCrew[]): CreditRow[] {
  const seen = new Set<string>();
  const rows: CreditRow[] = [];
  for (const c of crew) {
    const key = `${c.id}:${c.job}`;
    if (seen.has(key) || rows.length >= TMDB_MAX_CREW) continue;
    seen.add(key);
    rows.push({ person: c.id, kind: "crew", character: null, position: rows.length, department: c.department, job: c.job });
  }
  return rows;
}

function insertCredits(db: Database, titleId: SQL, episodeId: SQL | null, rows: CreditRow[]): Statement[] {
  return chunk(rows, episodeId ? 12 : 9).map((part) =>
    db.insert(credits).values(
      part.map((row) => ({
        titleId: titleId as unknown as number,
        episodeId: episodeId as unknown as number | null,
        personId: personIdOf(row.person) as unknown as number,
        kind: row.kind,
        character: row.character,
        position: row.position,
        department: row.department,
        job: row.job,
        generated: false,
      })),
    ),
  );
}

/**
 * Genres and keywords: created by name when new, then the title's links
 * replaced. Query builders only: drizzle's D1 batch cannot bind raw SQL.
 */
function linkNamed(db: Database, table: "genres" | "keywords", titleId: SQL, names: string[]): Statement[] {
  const unique = [...new Set(names)];
  const statements: Statement[] = [];
  const target = table === "genres" ? genres : keywords;
  for (const part of chunk(unique, 2)) {
    statements.push(
      db
        .insert(target)
        .values(part.map((name) => ({ name, slug: slugify(name) })))
        .onConflictDoNothing(),
    );
  }
  const idOf = (name: string) => sql`(SELECT id FROM ${target} WHERE name = ${name})`;
  if (table === "genres") {
    statements.push(db.delete(titleGenres).where(eq(titleGenres.titleId, titleId as unknown as number)));
    for (const part of chunk(unique, 3)) {
      statements.push(
        db
          .insert(titleGenres)
          .values(part.map((name) => ({ titleId: titleId as unknown as number, genreId: idOf(name) as unknown as number })))
          .onConflictDoNothing(),
      );
    }
  } else {
    statements.push(db.delete(titleKeywords).where(eq(titleKeywords.titleId, titleId as unknown as number)));
    for (const part of chunk(unique, 3)) {
      statements.push(
        db
          .insert(titleKeywords)
          .values(part.map((name) => ({ titleId: titleId as unknown as number, keywordId: idOf(name) as unknown as number })))
          .onConflictDoNothing(),
      );
    }
  }
  return statements;
}

/** Other names kept per title: the first this many distinct ones (TMDB lists dozens for famous films). */
const MAX_ALIASES = 30;

/**
 * The title's other names from TMDB (alternative titles and translated
 * titles, decision 032) replace the ones stored before; names equal to the
 * title's own are left out. Chunked for D1's 100 bound parameters.
 */
export function aliasRows(
  name: string,
  originalName: string | null,
  alternative: { iso_3166_1?: string | null; title?: string | null }[],
  translations: { iso_3166_1?: string | null; iso_639_1?: string | null; data?: { title?: string | null; name?: string | null } | null }[],
) {
  const seen = new Set([name.trim().toLowerCase()]);
  const rows: { name: string; kind: "original" | "alternative" | "translation"; country: string | null; language: string | null }[] = [];
  const add = (alias: string | null | undefined, kind: "original" | "alternative" | "translation", country: string | null | undefined, language: string | null | undefined) => {
    const clean = alias?.trim().slice(0, 300);
    if (!clean || seen.has(clean.toLowerCase()) || rows.length >= MAX_ALIASES) return;
    seen.add(clean.toLowerCase());
    rows.push({ name: clean, kind, country: country && /^[A-Z]{2}$/.test(country) ? country : null, language: language && /^[a-z]{2}$/.test(language) ? language : null });
  };
  // The original title has its own column (and FTS column); it is not repeated here.
  if (originalName) seen.add(originalName.trim().toLowerCase());
  for (const a of alternative) add(a.title, "alternative", a.iso_3166_1, null);
  for (const t of translations) add(t.data?.title ?? t.data?.name, "translation", t.iso_3166_1, t.iso_639_1);
  return rows;
}

function syncAliases(db: Database, titleId: SQL, rows: ReturnType<typeof aliasRows>): Statement[] {
  const id = titleId as unknown as number;
  const statements: Statement[] = [db.delete(titleAliases).where(eq(titleAliases.titleId, id))];
  // name_key: the folded name imports match on (decision 027); 12 rows of 7 bound values stay under D1's 100.
  for (const part of chunk(rows, 12))
    statements.push(
      db
        .insert(titleAliases)
        .values(part.map((row) => ({ titleId: id, ...row, nameKey: slugify(row.name, "") || null })))
        .onConflictDoNothing(),
    );
  return statements;
}

const VIDEO_TYPES: Record<string, "trailer" | "teaser" | "clip" | "featurette"> = { Trailer: "trailer", Teaser: "teaser", Clip: "clip", Featurette: "featurette" };

/** YouTube and Vimeo trailers, teasers, clips and featurettes; trailers first. */
export function pickVideos(list: TmdbVideo[]) {
  return list
    .filter((v) => (v.site === "YouTube" || v.site === "Vimeo") && VIDEO_TYPES[v.type] && /^[\w-]{1,64}$/.test(v.key))
    .sort((a, b) => Object.keys(VIDEO_TYPES).indexOf(a.type) - Object.keys(VIDEO_TYPES).indexOf(b.type) || Number(!!b.official) - Number(!!a.official))
    .slice(0, 10)
    .map((v, position) => ({
      name: v.name || v.type,
      category: VIDEO_TYPES[v.type],
      source: v.site === "YouTube" ? ("youtube" as const) : ("vimeo" as const),
      src: v.key,
      language: v.iso_639_1 ?? null,
      thumbnail: v.site === "YouTube" ? `https://i.ytimg.com/vi/${v.key}/hqdefault.jpg` : null,
      position,
    }));
}

/**
 * Keeps the title's own videos (uploads, other sources) and the play counts
 * of TMDB's: those are matched by source + key (read before the batch), updated
 * in place, new ones added, the ones TMDB dropped removed.
 */
async function syncVideos(db: Database, existingTitleId: number | null, titleId: SQL, list: TmdbVideo[]): Promise<Statement[]> {
  const picked = pickVideos(list);
  const current = existingTitleId
    ? await db
        .select({ id: videos.id, source: videos.source, src: videos.src })
        .from(videos)
        .where(and(eq(videos.titleId, existingTitleId), isNull(videos.episodeId), inArray(videos.source, ["youtube", "vimeo"])))
    : [];
  const statements: Statement[] = [];
  const keyOf = (v: { source: string; src: string }) => `${v.source}:${v.src}`;
  const byKey = new Map(current.map((v) => [keyOf(v), v.id]));
  const dropped = current.filter((v) => !picked.some((p) => keyOf(p) === keyOf(v))).map((v) => v.id);
  if (dropped.length) statements.push(db.delete(videos).where(inArray(videos.id, dropped)));
  for (const v of picked) {
    const id = byKey.get(keyOf(v));
    if (id)
      statements.push(
        db.update(videos).set({ name: v.name, category: v.category, language: v.language, position: v.position, thumbnail: v.thumbnail, updatedAt: sql`(unixepoch())` }).where(eq(videos.id, id)),
      );
  }
  const added = picked.filter((v) => !byKey.has(keyOf(v)));
  for (const part of chunk(added, 9)) {
    statements.push(db.insert(videos).values(part.map((v) => ({ ...v, titleId: titleId as unknown as number }))));
  }
  return statements;
}

type ImageRow = { type: "poster" | "backdrop" | "profile"; image: TmdbImage };

function imageRows(list: { type: ImageRow["type"]; images: TmdbImage[] }[]): ImageRow[] {
  return list.flatMap(({ type, images }) => images.slice(0, TMDB_MAX_IMAGES_PER_KIND).map((image) => ({ type, image })));
}

const IMAGE_SIZE = { poster: TMDB_IMAGE_SIZES.poster, backdrop: TMDB_IMAGE_SIZES.backdrop, profile: TMDB_IMAGE_SIZES.profile } as const;

/** Replaces the owner's TMDB images (uploaded images, without a TMDB path, stay). */
function syncImages(db: Database, owner: { titleId: SQL } | { personId: SQL }, rows: ImageRow[], options: ImportOptions): Statement[] {
  const ownerWhere = "titleId" in owner ? eq(images.titleId, owner.titleId as unknown as number) : eq(images.personId, owner.personId as unknown as number);
  const statements: Statement[] = [db.delete(images).where(and(ownerWhere, isNotNull(images.tmdbPath)))];
  for (const part of chunk(rows, 8)) {
    statements.push(
      db.insert(images).values(
        part.map(({ type, image }, position) => ({
          titleId: "titleId" in owner ? (owner.titleId as unknown as number) : null,
          personId: "personId" in owner ? (owner.personId as unknown as number) : null,
          type,
          url: tmdbImageUrl(options.imageBase, IMAGE_SIZE[type], image.file_path)!,
          width: image.width,
          height: image.height,
          position,
          tmdbPath: image.file_path,
        })),
      ),
    );
  }
  return statements;
}

/** Where to watch in every region TMDB lists, replaced as a whole. */
function syncWatchProviders(db: Database, titleId: SQL, results: Record<string, TmdbRegionProviders>): Statement[] {
  const providers = new Map<number, { id: number; name: string; logoPath: string | null; displayPriority: number }>();
  const rows: { region: string; kind: (typeof WATCH_KINDS)[number]; providerId: number; position: number; link: string | null }[] = [];
  for (const [region, entry] of Object.entries(results)) {
    if (!/^[A-Z]{2}$/.test(region)) continue;
    for (const kind of WATCH_KINDS) {
      for (const p of entry[kind] ?? []) {
        providers.set(p.provider_id, { id: p.provider_id, name: p.provider_name, logoPath: p.logo_path ?? null, displayPriority: p.display_priority ?? 0 });
        rows.push({ region, kind, providerId: p.provider_id, position: p.display_priority ?? 0, link: entry.link ?? null });
      }
    }
  }
  const statements: Statement[] = [db.delete(titleWatchProviders).where(eq(titleWatchProviders.titleId, titleId as unknown as number))];
  for (const part of chunk([...providers.values()], 4)) {
    statements.push(
      db
        .insert(watchProviders)
        .values(part)
        .onConflictDoUpdate({ target: watchProviders.id, set: { name: sql`excluded.name`, logoPath: sql`excluded.logo_path`, displayPriority: sql`excluded.display_priority` } }),
    );
  }
  const unique = [...new Map(rows.map((r) => [`${r.region}:${r.kind}:${r.providerId}`, r])).values()];
  for (const part of chunk(unique, 7)) {
    statements.push(db.insert(titleWatchProviders).values(part.map((r) => ({ ...r, titleId: titleId as unknown as number }))));
  }
  return statements;
}

/**
 * What a film's and a series' import write besides the title's own row, in
 * this order: genres, keywords, other names, the credited people and the
 * title-level credits, videos, images and where to watch.
 */
async function linkedStatements(
  db: Database,
  titleId: SQL,
  existingTitleId: number | null,
  options: ImportOptions,
  linked: {
    genres: string[];
    keywords: string[];
    aliases: ReturnType<typeof aliasRows>;
    people: PersonRef[];
    cast: CreditRow[];
    crew: CreditRow[];
    videos: TmdbVideo[];
    posters: TmdbImage[];
    backdrops: TmdbImage[];
    providers: Record<string, TmdbRegionProviders>;
  },
): Promise<Statement[]> {
  const { cast, crew } = linked;
  return [
    ...linkNamed(db, "genres", titleId, linked.genres),
    ...linkNamed(db, "keywords", titleId, linked.keywords),
    ...syncAliases(db, titleId, linked.aliases),
    ...upsertPeople(
      db,
      linked.people.filter((p) => cast.some((c) => c.person === p.id) || crew.some((c) => c.person === p.id)),
      options,
    ),
    db.delete(credits).where(and(eq(credits.titleId, titleId as unknown as number), isNull(credits.episodeId))),
    ...insertCredits(db, titleId, null, [...cast, ...crew]),
    ...(await syncVideos(db, existingTitleId, titleId, linked.videos)),
    ...syncImages(
      db,
      { titleId },
      imageRows([
        { type: "poster", images: linked.posters },
        { type: "backdrop", images: linked.backdrops },
      ]),
      options,
    ),
    ...syncWatchProviders(db, titleId, linked.providers),
  ];
}

export function movieCertification(movie: TmdbMovie, region: string): string | null {
  const dates = movie.release_dates?.results.find((r) => r.iso_3166_1 === region)?.release_dates ?? [];
  const rated = dates.filter((d) => d.certification?.trim());
  return (rated.find((d) => d.type === 3) ?? rated[0])?.certification?.trim() ?? null;
}

export function seriesCertification(series: TmdbSeries, region: string): string | null {
  return series.content_ratings?.results.find((r) => r.iso_3166_1 === region && r.rating?.trim())?.rating?.trim() ?? null;
}

async function findTitle(db: Database, type: "movie" | "series", tmdbId: number) {
  const [row] = await db
    .select({ id: titles.id })
    .from(titles)
    .where(and(eq(titles.type, type), eq(titles.tmdbId, tmdbId)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Claims an existing title for a TMDB id (the "Import from TMDB" action of a
 * title page): its tmdb_id is set in the import's own batch, so the upsert
 * then updates it in place.
 */
async function claimStatements(db: Database, type: "movie" | "series", tmdbId: number, options: ImportOptions): Promise<Statement[]> {
  if (!options.targetTitleId) return [];
  const [target] = await db.select({ id: titles.id, type: titles.type, tmdbId: titles.tmdbId }).from(titles).where(eq(titles.id, options.targetTitleId)).limit(1);
  if (!target) throw new ImportConflictError("The title to fill no longer exists.");
  if (target.type !== type) throw new ImportConflictError(type === "movie" ? "This title is a series; pick a TV series on TMDB." : "This title is a movie; pick a movie on TMDB.");
  if (target.tmdbId === tmdbId) return [];
  if (target.tmdbId !== null) throw new ImportConflictError("This title is already linked to another TMDB item.");
  const other = await findTitle(db, type, tmdbId);
  if (other !== null) throw new ImportConflictError(`This TMDB item is already in the catalogue as title ${other}.`);
  return [
    db
      .update(titles)
      .set({ tmdbId })
      .where(and(eq(titles.id, target.id), isNull(titles.tmdbId))),
  ];
}

type TitleFacts = Omit<typeof titles.$inferInsert, "id" | "searchKey">;

function upsertTitle(db: Database, facts: TitleFacts): Statement {
  const {
    type: _type,
    tmdbId: _tmdbId,
    createdAt: _c,
    views: _v,
    plays: _p,
    trendingScore: _t,
    rating: _r,
    voteCount: _vc,
    externalRating: _e,
    externalVotes: _ev,
    rottenTomatoes: _rt,
    ...updatable
  } = facts;
  const set = Object.fromEntries(Object.keys(updatable).map((key) => [key, sql.raw(`excluded.${columnName(key)}`)]));
  return db
    .insert(titles)
    .values(facts)
    .onConflictDoUpdate({ target: [titles.type, titles.tmdbId], set: { ...set, updatedAt: sql`(unixepoch())` } });
}

function columnName(key: string) {
  const column = (titles as unknown as Record<string, { name: string }>)[key];
  return column.name;
}

export async function importMovie(db: Database, client: TmdbClient, tmdbId: number, options: ImportOptions): Promise<ImportResult> {
  const movie = await client.movie(tmdbId);
  const existing = await findTitle(db, "movie", movie.id);
  const statements: Statement[] = await claimStatements(db, "movie", movie.id, options);
  const titleId = titleIdOf("movie", movie.id);
  const cast = castRows(movie.credits?.cast ?? []);
  const crew = crewRows(movie.credits?.crew ?? []);
  statements.push(
    upsertTitle(db, {
      type: "movie",
      tmdbId: movie.id,
      name: movie.title,
      originalName: movie.original_title ?? null,
      slug: slugify(movie.title),
      releaseDate: movie.release_date,
      year: yearOf(movie.release_date),
      endYear: null,
      runtime: movie.runtime || null,
      tagline: movie.tagline ?? null,
      plot: movie.overview ?? null,
      certification: movieCertification(movie, options.region),
      language: movie.original_language ?? null,
      countries: movie.production_countries.map((c) => c.iso_3166_1).filter((c) => /^[A-Z]{2}$/.test(c)),
      budget: movie.budget || null,
      revenue: movie.revenue || null,
      popularity: movie.popularity ?? 0,
      tmdbRating: movie.vote_count ? (movie.vote_average ?? null) : null,
      tmdbVotes: movie.vote_count ?? null,
      imdbId: movie.imdb_id ?? movie.external_ids?.imdb_id ?? null,
      homepage: movie.homepage ?? null,
      status: movie.status ?? null,
      poster: tmdbImageUrl(options.imageBase, TMDB_IMAGE_SIZES.poster, movie.poster_path),
      backdrop: tmdbImageUrl(options.imageBase, TMDB_IMAGE_SIZES.backdrop, movie.backdrop_path),
      generatedFields: [],
      tmdbSyncedAt: now(),
    }),
    ...(await linkedStatements(db, titleId, existing ?? options.targetTitleId ?? null, options, {
      genres: movie.genres.map((g) => g.name),
      keywords: (movie.keywords?.keywords ?? []).map((k) => k.name),
      aliases: aliasRows(movie.title, movie.original_title ?? null, movie.alternative_titles?.titles ?? [], movie.translations?.translations ?? []),
      people: [...(movie.credits?.cast ?? []).slice(0, TMDB_MAX_CAST * 2), ...(movie.credits?.crew ?? [])],
      cast,
      crew,
      videos: movie.videos?.results ?? [],
      posters: movie.images?.posters ?? [],
      backdrops: movie.images?.backdrops ?? [],
      providers: movie["watch/providers"]?.results ?? {},
    })),
  );
  statements.push(attributionOn(db));
  if (options.record) statements.push(options.record({ subjectId: titleId, label: movie.title, before: null, after: { tmdbId: movie.id, type: "movie", reimport: existing !== null } }));
  await runBatch(db, statements);
  const id = await findTitle(db, "movie", movie.id);
  await copyImages(db, options, { titleId: id! });
  return { type: "movie", tmdbId: movie.id, id: id!, name: movie.title, created: existing === null && !options.targetTitleId, cast: cast.length, crew: crew.length, seasons: 0, episodes: 0 };
}

const ENDED = new Set(["Ended", "Canceled", "Cancelled"]);

export async function importSeries(db: Database, client: TmdbClient, tmdbId: number, options: ImportOptions): Promise<ImportResult> {
  const series = await client.series(tmdbId);
  const wanted = series.seasons.filter((s) => options.includeSpecials || s.season_number > 0);
  // Every season is fetched and parsed before anything is written.
  const seasonData: TmdbSeason[] = [];
  for (const summary of wanted) seasonData.push(await client.season(series.id, summary.season_number));

  const existing = await findTitle(db, "series", series.id);
  const statements: Statement[] = await claimStatements(db, "series", series.id, options);
  const titleId = titleIdOf("series", series.id);
  const cast = castRows(series.credits?.cast ?? []);
  const creators: CreditRow[] = series.created_by.map((c) => ({ person: c.id, kind: "crew", character: null, position: 0, department: "Writing", job: "Creator" }));
  const crew = [...creators, ...crewRows(series.credits?.crew ?? []).filter((c) => !creators.some((k) => k.person === c.person && k.job === c.job))].map((c, position) => ({ ...c, position }));
  statements.push(
    upsertTitle(db, {
      type: "series",
      tmdbId: series.id,
      name: series.name,
      originalName: series.original_name ?? null,
      slug: slugify(series.name),
      releaseDate: series.first_air_date,
      year: yearOf(series.first_air_date),
      endYear: series.status && ENDED.has(series.status) ? yearOf(series.last_air_date) : null,
      runtime: series.episode_run_time[0] || null,
      tagline: series.tagline ?? null,
      plot: series.overview ?? null,
      certification: seriesCertification(series, options.region),
      language: series.original_language ?? null,
      countries: series.origin_country.filter((c) => /^[A-Z]{2}$/.test(c)),
      budget: null,
      revenue: null,
      popularity: series.popularity ?? 0,
      tmdbRating: series.vote_count ? (series.vote_average ?? null) : null,
      tmdbVotes: series.vote_count ?? null,
      imdbId: series.external_ids?.imdb_id ?? null,
      homepage: series.homepage ?? null,
      status: series.status ?? null,
      poster: tmdbImageUrl(options.imageBase, TMDB_IMAGE_SIZES.poster, series.poster_path),
      backdrop: tmdbImageUrl(options.imageBase, TMDB_IMAGE_SIZES.backdrop, series.backdrop_path),
      seasonCount: seasonData.length,
      episodeCount: seasonData.reduce((n, s) => n + s.episodes.length, 0),
      generatedFields: [],
      tmdbSyncedAt: now(),
    }),
    ...(await linkedStatements(db, titleId, existing ?? options.targetTitleId ?? null, options, {
      genres: series.genres.map((g) => g.name),
      keywords: (series.keywords?.results ?? []).map((k) => k.name),
      aliases: aliasRows(series.name, series.original_name ?? null, series.alternative_titles?.results ?? [], series.translations?.translations ?? []),
      people: [...series.created_by, ...(series.credits?.cast ?? []), ...(series.credits?.crew ?? [])],
      cast,
      crew,
      videos: series.videos?.results ?? [],
      posters: series.images?.posters ?? [],
      backdrops: series.images?.backdrops ?? [],
      providers: series["watch/providers"]?.results ?? {},
    })),
  );
  statements.push(attributionOn(db));
  if (options.record) statements.push(options.record({ subjectId: titleId, label: series.name, before: null, after: { tmdbId: series.id, type: "series", reimport: existing !== null } }));
  await runBatch(db, statements);

  let episodeCount = 0;
  for (const season of seasonData) {
    await runBatch(db, seasonStatements(db, series, season, options));
    episodeCount += season.episodes.length;
  }
  const id = await findTitle(db, "series", series.id);
  await copyImages(db, options, { titleId: id! });
  return {
    type: "tv",
    tmdbId: series.id,
    id: id!,
    name: series.name,
    created: existing === null && !options.targetTitleId,
    cast: cast.length,
    crew: crew.length,
    seasons: seasonData.length,
    episodes: episodeCount,
  };
}

/** One season: its row, its episodes, and each episode's guest stars and crew. */
function seasonStatements(db: Database, series: TmdbSeries, season: TmdbSeason, options: ImportOptions): Statement[] {
  const titleId = titleIdOf("series", series.id);
  const summary = series.seasons.find((s) => s.season_number === season.season_number);
  const seasonId = sql`(SELECT id FROM seasons WHERE title_id = ${titleId} AND number = ${season.season_number})`;
  const statements: Statement[] = [
    db
      .insert(seasons)
      .values({
        titleId: titleId as unknown as number,
        number: season.season_number,
        name: season.name || `Season ${season.season_number}`,
        plot: season.overview ?? null,
        airDate: season.air_date,
        poster: tmdbImageUrl(options.imageBase, TMDB_IMAGE_SIZES.poster, season.poster_path ?? summary?.poster_path),
        episodeCount: season.episodes.length,
        generatedFields: [],
      })
      .onConflictDoUpdate({
        target: [seasons.titleId, seasons.number],
        set: {
          name: sql`excluded.name`,
          plot: sql`excluded.plot`,
          airDate: sql`excluded.air_date`,
          poster: sql`excluded.poster`,
          episodeCount: sql`excluded.episode_count`,
          generatedFields: sql`'[]'`,
          updatedAt: sql`(unixepoch())`,
        },
      }),
  ];
  for (const part of chunk(season.episodes, 14)) {
    statements.push(
      db
        .insert(episodes)
        .values(
          part.map((e) => ({
            titleId: titleId as unknown as number,
            seasonId: seasonId as unknown as number,
            seasonNumber: season.season_number,
            episodeNumber: e.episode_number,
            name: e.name || `Episode ${e.episode_number}`,
            plot: e.overview ?? null,
            airDate: e.air_date,
            runtime: e.runtime || null,
            still: tmdbImageUrl(options.imageBase, TMDB_IMAGE_SIZES.still, e.still_path),
            generatedFields: [],
          })),
        )
        .onConflictDoUpdate({
          target: [episodes.titleId, episodes.seasonNumber, episodes.episodeNumber],
          set: {
            name: sql`excluded.name`,
            plot: sql`excluded.plot`,
            airDate: sql`excluded.air_date`,
            runtime: sql`excluded.runtime`,
            still: sql`excluded.still`,
            generatedFields: sql`'[]'`,
            updatedAt: sql`(unixepoch())`,
          },
        }),
    );
  }
  statements.push(
    ...upsertPeople(
      db,
      season.episodes.flatMap((e) => [...e.guest_stars.slice(0, TMDB_MAX_CAST), ...e.crew.slice(0, TMDB_MAX_CREW)]),
      options,
    ),
  );
  statements.push(db.delete(credits).where(inArray(credits.episodeId, sql`(SELECT id FROM episodes WHERE title_id = ${titleId} AND season_number = ${season.season_number})`)));
  for (const e of season.episodes) {
    const episodeId = sql`(SELECT id FROM episodes WHERE title_id = ${titleId} AND season_number = ${season.season_number} AND episode_number = ${e.episode_number})`;
    statements.push(...insertCredits(db, titleId, episodeId, [...castRows(e.guest_stars), ...crewRows(e.crew)]));
  }
  return statements;
}

export async function importPerson(db: Database, client: TmdbClient, tmdbId: number, options: ImportOptions): Promise<ImportResult> {
  const person = await client.person(tmdbId);
  const [existing] = await db.select({ id: people.id }).from(people).where(eq(people.tmdbId, person.id)).limit(1);
  const personId = personIdOf(person.id);
  const combined = [...(person.combined_credits?.cast ?? []).map((c) => ({ ...c, kind: "cast" as const })), ...(person.combined_credits?.crew ?? []).map((c) => ({ ...c, kind: "crew" as const }))];
  // Credits link to titles already in the catalogue; the rest come when those titles are imported.
  const known = new Map<string, number>();
  for (const type of ["movie", "series"] as const) {
    const ids = [...new Set(combined.filter((c) => (c.media_type === "movie") === (type === "movie")).map((c) => c.id))];
    for (const part of chunk(ids, 1)) {
      const rows = await db
        .select({ id: titles.id, tmdbId: titles.tmdbId })
        .from(titles)
        .where(and(eq(titles.type, type), inArray(titles.tmdbId, part)));
      for (const row of rows) known.set(`${type}:${row.tmdbId}`, row.id);
    }
  }
  const linked = combined.filter((c) => known.has(`${c.media_type === "movie" ? "movie" : "series"}:${c.id}`));
  const statements: Statement[] = [
    db
      .insert(people)
      .values({
        tmdbId: person.id,
        name: person.name,
        slug: slugify(person.name),
        biography: person.biography ?? null,
        birthDate: person.birthday,
        deathDate: person.deathday,
        birthPlace: person.place_of_birth ?? null,
        gender: gender(person.gender),
        knownFor: person.known_for_department ?? null,
        popularity: person.popularity ?? 0,
        profile: tmdbImageUrl(options.imageBase, TMDB_IMAGE_SIZES.profile, person.profile_path),
        imdbId: person.imdb_id ?? null,
        homepage: person.homepage ?? null,
        generatedFields: [],
        tmdbSyncedAt: now(),
      })
      .onConflictDoUpdate({
        target: people.tmdbId,
        set: {
          name: sql`excluded.name`,
          slug: sql`excluded.slug`,
          biography: sql`excluded.biography`,
          birthDate: sql`excluded.birth_date`,
          deathDate: sql`excluded.death_date`,
          birthPlace: sql`excluded.birth_place`,
          gender: sql`excluded.gender`,
          knownFor: sql`excluded.known_for`,
          popularity: sql`excluded.popularity`,
          profile: sql`excluded.profile`,
          imdbId: sql`excluded.imdb_id`,
          homepage: sql`excluded.homepage`,
          generatedFields: sql`'[]'`,
          tmdbSyncedAt: sql`excluded.tmdb_synced_at`,
          updatedAt: sql`(unixepoch())`,
        },
      }),
    ...syncImages(db, { personId }, imageRows([{ type: "profile", images: person.images?.profiles ?? [] }]), options),
  ];
  statements.push(attributionOn(db));
  if (options.record) statements.push(options.record({ subjectId: personId, label: person.name, before: null, after: { tmdbId: person.id, type: "person", reimport: !!existing } }));
  // Title-level credits of this person on catalogue titles that do not have them yet (a title import replaces them anyway).
  const have = existing
    ? await db
        .select({ titleId: credits.titleId, kind: credits.kind, job: credits.job })
        .from(credits)
        .where(and(eq(credits.personId, existing.id), isNull(credits.episodeId)))
    : [];
  const missing = linked
    .map((c) => ({
      titleId: known.get(`${c.media_type === "movie" ? "movie" : "series"}:${c.id}`)!,
      kind: c.kind,
      character: c.kind === "cast" ? (c.character ?? null) : null,
      department: c.kind === "cast" ? "Acting" : (c.department ?? "Crew"),
      job: c.kind === "cast" ? "Actor" : (c.job ?? "Crew"),
    }))
    .filter(
      (c, i, all) => !have.some((h) => h.titleId === c.titleId && h.kind === c.kind && h.job === c.job) && all.findIndex((o) => o.titleId === c.titleId && o.kind === c.kind && o.job === c.job) === i,
    );
  for (const part of chunk(missing, 8)) {
    statements.push(db.insert(credits).values(part.map((c) => ({ ...c, personId: personId as unknown as number, position: 999, generated: false }))));
  }
  await runBatch(db, statements);
  const [row] = await db.select({ id: people.id }).from(people).where(eq(people.tmdbId, person.id)).limit(1);
  await copyImages(db, options, { personId: row.id });
  return {
    type: "person",
    tmdbId: person.id,
    id: row.id,
    name: person.name,
    created: !existing,
    cast: 0,
    crew: 0,
    seasons: 0,
    episodes: 0,
    linkedCredits: linked.length,
    unlinkedCredits: combined.length - linked.length,
  };
}

export function importTmdbItem(db: Database, client: TmdbClient, ref: { type: TmdbMediaType; id: number }, options: ImportOptions) {
  if (ref.type === "movie") return importMovie(db, client, ref.id, options);
  if (ref.type === "tv") return importSeries(db, client, ref.id, options);
  return importPerson(db, client, ref.id, options);
}
