import type { Client } from "@libsql/client";
import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Database } from "../../../app/db/client.server";
import { artworkUrl, ARTWORK_SIZES } from "../../../app/catalogue/artwork";
import { credits, episodes, genres as genresTable, images, keywords as keywordsTable, people, seasons, titleGenres, titleKeywords, titles, videos } from "../../../app/catalogue/tables";
import { slugify } from "../../../app/http/slug";
import { insertStatements, libsqlRunner, runInBatches, type Statement } from "./bulk-insert";
import { cleanMovies, summariseReport, type CleanMovie, type RawMovie } from "./clean-movies";
import { generateBiography, generateCharacterName, generatePerson, generateSeries, seedOf } from "./generate";
import { uploadSampleVideo, SAMPLE_VIDEO } from "./media";

/**
 * The demo catalogue: the real films of vega-datasets (cleaned) with only
 * what the data knows (name, release date, director, genres, IMDb and Rotten
 * Tomatoes ratings, money, certification, runtime, source as keywords): no
 * plot, tagline, cast, crew beyond the director, poster or backdrop is made up
 * for a real film (decision 020); a TMDB import fills those in. Generated
 * content lives only in wholly invented entries (twelve TV series and the
 * invented people credited on them), every generated field flagged
 * (decision 005). Runs only when the catalogue is empty, so `npm start` can
 * call it every time.
 */

export interface CatalogueSeedOptions {
  log: (line: string) => void;
  persistTo?: string;
  /** Invented actors reused across the invented series (only those credited are kept). */
  actorPool?: number;
  crewPool?: number;
  seriesCount?: number;
}

type Row<T extends { $inferInsert: unknown }> = T["$inferInsert"];

/**
 * TMDB's movie and TV genres by id (developer.themoviedb.org, genre/movie/list
 * and genre/tv/list), named as the importer names them, so an import links to
 * the same rows. Ids follow this order.
 */
const TMDB_GENRES: Record<number, string> = {
  28: "Action",
  12: "Adventure",
  16: "Animation",
  35: "Comedy",
  80: "Crime",
  99: "Documentary",
  18: "Drama",
  10751: "Family",
  14: "Fantasy",
  36: "History",
  27: "Horror",
  10402: "Music",
  9648: "Mystery",
  10749: "Romance",
  878: "Science Fiction",
  10770: "TV Movie",
  53: "Thriller",
  10752: "War",
  37: "Western",
};
const GENRES = Object.values(TMDB_GENRES);

/**
 * Each real film's genres as TMDB lists them, keyed "name|year" (2,698 of the
 * 3,200 films, matched by name and release year; decision 042). Taken from
 * TMDB's data through the "TMDB 5000" snapshot; an import replaces them.
 */
const FILM_GENRES = JSON.parse(readFileSync(fileURLToPath(new URL("./tmdb-genres.json", import.meta.url)), "utf8")) as Record<string, number[]>;

/**
 * For a film TMDB's list does not have, only the data's own "Major Genre",
 * where it names a genre of TMDB's vocabulary, and the creative types that
 * are genres (science fiction, fantasy). "Historical Fiction" is a setting,
 * not the History genre (The Shawshank Redemption is no history film), and
 * "Kids Fiction" no genre: neither becomes one.
 */
const MAJOR_GENRES: Record<string, string[]> = {
  Drama: ["Drama"],
  Comedy: ["Comedy"],
  Musical: ["Music"],
  "Thriller/Suspense": ["Thriller"],
  Adventure: ["Adventure"],
  Action: ["Action"],
  "Romantic Comedy": ["Romance", "Comedy"],
  Horror: ["Horror"],
  Western: ["Western"],
  Documentary: ["Documentary"],
  "Black Comedy": ["Comedy"],
  "Concert/Performance": ["Music"],
};

const CREATIVE_GENRES: Record<string, string[]> = {
  "Science Fiction": ["Science Fiction"],
  Fantasy: ["Fantasy"],
};

/** A real film's genres: TMDB's where known, else only what the data itself says. */
export function filmGenres(movie: Pick<CleanMovie, "name" | "year" | "majorGenre" | "creativeType">): string[] {
  const known = FILM_GENRES[`${movie.name}|${movie.year}`];
  if (known) return known.map((id) => TMDB_GENRES[id]).filter((name): name is string => !!name);
  return [...new Set([...(MAJOR_GENRES[movie.majorGenre ?? ""] ?? []), ...(CREATIVE_GENRES[movie.creativeType ?? ""] ?? [])])];
}

/** Real facts from the data (source, creative type), as keywords. */
const SOURCE_KEYWORDS: Record<string, string> = {
  "Original Screenplay": "original screenplay",
  "Based on Book/Short Story": "based on novel or book",
  "Based on Short Film": "based on short film",
  "Based on Play": "based on play",
  Remake: "remake",
  "Based on Comic/Graphic Novel": "based on comic",
  "Based on Real Life Events": "based on true story",
  "Traditional/Legend/Fairytale": "fairy tale",
  "Based on TV": "based on tv series",
  Compilation: "compilation",
  "Based on Musical/Opera": "based on musical",
  "Based on Game": "based on video game",
  "Spin-Off": "spin-off",
  "Based on Factual Book/Article": "based on non-fiction book",
  "Based on Magazine Article": "based on magazine article",
  "Disney Ride": "based on theme park ride",
  "Based on Toy": "based on toy",
  "Musical Group Movie": "musical group",
};
const CREATIVE_KEYWORDS: Record<string, string> = {
  "Super Hero": "superhero",
  Dramatization: "dramatization",
  Factual: "factual",
  "Black Comedy": "black comedy",
};

/**
 * Official trailers on YouTube for a few famous films in the data set, and
 * Blender's open movie on Vimeo / as a file, used as clearly-named stand-ins
 * on invented series. Embeds only: nothing is downloaded.
 */
const YOUTUBE_TRAILERS: Record<string, string> = {
  Inception: "YoHD9XEInc0",
  "The Dark Knight": "EXeTwQWrcwY",
  Avatar: "5PSNL1qE6VY",
  "The Matrix": "vKQi3bBA1y8",
};
const VIMEO_BIG_BUCK_BUNNY = "1084537";
const BIG_BUCK_BUNNY_FILE = "https://download.blender.org/peach/bigbuckbunny_movies/BigBuckBunny_320x180.mp4";

const CREW_ROLES = [
  { department: "Writing", job: "Screenplay" },
  { department: "Production", job: "Producer" },
  { department: "Sound", job: "Original Music Composer" },
  { department: "Camera", job: "Director of Photography" },
  { department: "Editing", job: "Editor" },
] as const;

/** A small seeded PRNG (mulberry32): fast choices for casting. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Picks an index in [0, size) skewed towards 0: a few busy actors, many
 * occasional ones, so the invented series share some of their cast.
 */
function skewedIndex(random: () => number, size: number) {
  return Math.min(size - 1, Math.floor(size * random() ** 1.3));
}

/**
 * Popularity derived from real figures: IMDb votes dominate, box office and
 * recency add a little. A site metric (for sorting), not a claim of fact.
 */
export function filmPopularity(movie: Pick<CleanMovie, "imdbVotes" | "revenue" | "year">): number {
  const votes = Math.log10((movie.imdbVotes ?? 0) + 1) * 15;
  const gross = Math.log10((movie.revenue ?? 0) + 1) * 1.5;
  const recency = Math.max(0, movie.year - 1970) / 10;
  return Math.round((votes + gross + recency) * 100) / 100;
}

export function readVegaMovies(): RawMovie[] {
  // The package's exports block require() and resolve(): read the file by path.
  const file = fileURLToPath(new URL("../../../node_modules/vega-datasets/data/movies.json", import.meta.url));
  return JSON.parse(readFileSync(file, "utf8")) as RawMovie[];
}

function libsqlClientOf(db: Database): Client {
  const client = (db as unknown as { $client?: Client }).$client;
  if (!client || typeof client.batch !== "function") throw new Error("The catalogue seed writes through libSQL (Node scripts on the local D1 file).");
  return client;
}

export async function seedCatalogue(db: Database, options: CatalogueSeedOptions) {
  const { log, persistTo } = options;
  const [{ count }] = await db.all<{ count: number }>(sql`SELECT count(*) AS count FROM titles`);
  if (count > 0) {
    log(`Catalogue already has ${count} titles: left as it is.`);
    if (persistTo) await uploadSampleVideo(persistTo, log);
    return { titles: count, people: 0, credits: 0, skipped: true };
  }
  const started = Date.now();
  const built = buildCatalogue(readVegaMovies(), options);
  for (const line of built.summary) log(line);

  const run = libsqlRunner(libsqlClientOf(db));
  const statements: Statement[] = [
    ...insertStatements(genresTable, built.genres),
    ...insertStatements(keywordsTable, built.keywords),
    ...insertStatements(titles, built.titles),
    ...insertStatements(people, built.people),
    ...insertStatements(seasons, built.seasons),
    ...insertStatements(episodes, built.episodes),
    ...insertStatements(titleGenres, built.titleGenres),
    ...insertStatements(titleKeywords, built.titleKeywords),
    ...insertStatements(credits, built.credits),
    ...insertStatements(videos, built.videos),
    ...insertStatements(images, built.images),
  ];
  await runInBatches(run, statements, 2000);
  // People's popularity follows the titles they are credited on.
  await db.run(sql`
    UPDATE people SET popularity = coalesce((
      SELECT round(sum(t.popularity / (1 + min(c.position, 20))) / 4.0 + count(*), 2)
      FROM credits c JOIN titles t ON t.id = c.title_id
      WHERE c.person_id = people.id AND c.episode_id IS NULL), 0)`);
  await db.run(sql`ANALYZE`);
  log(
    `Seeded the catalogue: ${built.titles.length} titles (${built.seriesCount} series, ${built.episodes.length} episodes), ` +
      `${built.people.length} people, ${built.credits.length} credits, ${built.videos.length} videos ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s (${statements.length} statements of at most 100 parameters).`,
  );
  if (persistTo) await uploadSampleVideo(persistTo, log);
  else log("No local state directory given: the sample video was not put into R2.");
  return { titles: built.titles.length, people: built.people.length, credits: built.credits.length, skipped: false };
}

/** Everything to insert, computed in memory (pure: same input, same rows). */
export function buildCatalogue(raw: RawMovie[], { actorPool = 400, crewPool = 60, seriesCount = 12 }: Partial<CatalogueSeedOptions> = {}) {
  const { movies, report } = cleanMovies(raw);
  const summary = summariseReport(report, movies.length);
  const repeated = new Map<string, number>();
  for (const m of movies) repeated.set(m.name.toLowerCase(), (repeated.get(m.name.toLowerCase()) ?? 0) + 1);
  const remakes = [...repeated.values()].filter((n) => n > 1).length;
  if (remakes) summary.push(`  kept     ${remakes} names that appear in different years (remakes, e.g. "King Kong"): not duplicates.`);

  movies.sort((a, b) => a.releaseDate.localeCompare(b.releaseDate) || a.name.localeCompare(b.name));

  const genreRows: Row<typeof genresTable>[] = GENRES.map((name, i) => ({ id: i + 1, name, slug: slugify(name) }));
  const genreId = new Map(GENRES.map((name, i) => [name, i + 1]));
  const keywordId = new Map<string, number>();
  const keywordRows: Row<typeof keywordsTable>[] = [];
  const keyword = (name: string) => {
    let id = keywordId.get(name);
    if (!id) {
      id = keywordRows.length + 1;
      keywordId.set(name, id);
      keywordRows.push({ id, name, slug: slugify(name) });
    }
    return id;
  };

  const titleRows: Row<typeof titles>[] = [];
  const titleGenreRows: Row<typeof titleGenres>[] = [];
  const titleKeywordRows: Row<typeof titleKeywords>[] = [];
  const seasonRows: Row<typeof seasons>[] = [];
  const episodeRows: Row<typeof episodes>[] = [];
  const creditRows: Row<typeof credits>[] = [];
  const videoRows: Row<typeof videos>[] = [];
  const imageRows: Row<typeof images>[] = [];
  const personRows: Row<typeof people>[] = [];
  /** Per person: titles credited (for "known for" in biographies). */
  const filmography = new Map<number, { name: string; popularity: number }[]>();
  const credit = (row: Row<typeof credits>, titleName: string, popularity: number) => {
    creditRows.push({ ...row, id: creditRows.length + 1 });
    if (!row.episodeId) {
      const list = filmography.get(row.personId) ?? [];
      if (!list.some((t) => t.name === titleName)) list.push({ name: titleName, popularity });
      filmography.set(row.personId, list);
    }
  };

  // --- Real directors -------------------------------------------------------
  const directorNames = [...new Set(movies.map((m) => m.director).filter((d): d is string => !!d))].sort();
  const directorId = new Map(directorNames.map((name, i) => [name, i + 1]));
  let nextPersonId = directorNames.length + 1;
  const actorIds = Array.from({ length: actorPool }, () => nextPersonId++);
  const crewIds = Array.from({ length: crewPool }, () => nextPersonId++);
  const crewDepartment = (personId: number) => CREW_ROLES[(personId - crewIds[0]) % CREW_ROLES.length];

  // --- Films ------------------------------------------------------------------------
  movies.forEach((movie, index) => {
    const id = index + 1;
    const genres = filmGenres(movie);
    const popularity = filmPopularity(movie);
    titleRows.push({
      id,
      type: "movie",
      name: movie.name,
      slug: slugify(movie.name),
      releaseDate: movie.releaseDate,
      year: movie.year,
      runtime: movie.runtime,
      // Real film: no invented tagline, plot or artwork (decision 020).
      tagline: null,
      plot: null,
      certification: movie.certification,
      countries: [],
      budget: movie.budget,
      revenue: movie.revenue,
      popularity,
      externalRating: movie.imdbRating,
      externalVotes: movie.imdbVotes,
      rottenTomatoes: movie.rottenTomatoes,
      poster: null,
      backdrop: null,
      generatedFields: [],
    });
    for (const g of genres) titleGenreRows.push({ titleId: id, genreId: genreId.get(g)! });
    const words = [SOURCE_KEYWORDS[movie.source ?? ""], CREATIVE_KEYWORDS[movie.creativeType ?? ""], movie.majorGenre === "Black Comedy" ? "black comedy" : undefined];
    for (const w of new Set(words.filter((k): k is string => !!k))) titleKeywordRows.push({ titleId: id, keywordId: keyword(w) });

    if (movie.director) {
      credit({ titleId: id, personId: directorId.get(movie.director)!, kind: "crew", department: "Directing", job: "Director", position: 0, generated: false }, movie.name, popularity);
    }
  });

  // --- Invented series --------------------------------------------------------------
  let seasonId = 1;
  let episodeId = 1;
  const seriesIds: number[] = [];
  const firstEpisodeOf = new Map<number, number>();
  for (let s = 0; s < seriesCount; s++) {
    const series = generateSeries(s);
    const id = titleRows.length + 1;
    seriesIds.push(id);
    const random = prng(seedOf("series-cast", s));
    const popularity = Math.round((20 + random() * 50) * 100) / 100;
    const episodeTotal = series.seasons.reduce((n, season) => n + season.episodes.length, 0);
    const lastSeason = series.seasons[series.seasons.length - 1];
    titleRows.push({
      id,
      type: "series",
      name: series.name,
      slug: slugify(series.name),
      releaseDate: series.seasons[0].airDate,
      year: series.firstYear,
      endYear: Number(lastSeason.episodes[lastSeason.episodes.length - 1].airDate.slice(0, 4)),
      runtime: series.runtime,
      tagline: series.tagline,
      plot: series.plot,
      certification: series.certification,
      language: "en",
      countries: [],
      popularity,
      poster: artworkUrl("poster", id),
      backdrop: artworkUrl("backdrop", id),
      seasonCount: series.seasons.length,
      episodeCount: episodeTotal,
      generatedFields: ["name", "plot", "tagline", "cast", "crew", "keywords", "certification", "seasons", "episodes", "runtime", "language", "air_date"],
    });
    for (const g of series.genres) titleGenreRows.push({ titleId: id, genreId: genreId.get(g)! });
    for (const k of series.keywords) titleKeywordRows.push({ titleId: id, keywordId: keyword(k) });
    imageRows.push(
      { titleId: id, type: "poster", url: artworkUrl("poster", id), ...ARTWORK_SIZES.poster, position: 0 },
      { titleId: id, type: "backdrop", url: artworkUrl("backdrop", id), ...ARTWORK_SIZES.backdrop, position: 1 },
    );

    const mainCast = new Set<number>();
    const castSize = 5 + Math.floor(random() * 4);
    while (mainCast.size < castSize) mainCast.add(actorIds[skewedIndex(random, actorIds.length)]);
    [...mainCast].forEach((personId, position) =>
      credit(
        { titleId: id, personId, kind: "cast", character: generateCharacterName(`series-${s}-${position}`), position, department: "Acting", job: "Actor", generated: true },
        series.name,
        popularity,
      ),
    );
    const creator = crewIds[Math.floor(random() * crewIds.length)];
    credit({ titleId: id, personId: creator, kind: "crew", department: "Writing", job: "Creator", position: 0, generated: true }, series.name, popularity);

    for (const season of series.seasons) {
      const thisSeason = seasonId++;
      seasonRows.push({
        id: thisSeason,
        titleId: id,
        number: season.number,
        name: `Season ${season.number}`,
        plot: season.plot,
        airDate: season.airDate,
        poster: artworkUrl("poster", id),
        episodeCount: season.episodes.length,
        generatedFields: ["name", "plot", "air_date"],
      });
      for (const episode of season.episodes) {
        const thisEpisode = episodeId++;
        if (!firstEpisodeOf.has(id)) firstEpisodeOf.set(id, thisEpisode);
        episodeRows.push({
          id: thisEpisode,
          titleId: id,
          seasonId: thisSeason,
          seasonNumber: season.number,
          episodeNumber: episode.number,
          name: episode.name,
          plot: episode.plot,
          airDate: episode.airDate,
          runtime: episode.runtime,
          still: artworkUrl("still", thisEpisode),
          generatedFields: ["name", "plot", "air_date", "runtime"],
        });
        const guest = actorIds[Math.floor(random() * actorIds.length)];
        if (!mainCast.has(guest)) {
          credit(
            {
              titleId: id,
              episodeId: thisEpisode,
              personId: guest,
              kind: "cast",
              character: generateCharacterName(`episode-${thisEpisode}`),
              position: 0,
              department: "Acting",
              job: "Actor",
              generated: true,
            },
            series.name,
            popularity,
          );
        }
        const director = crewIds[Math.floor(random() * crewIds.length)];
        credit({ titleId: id, episodeId: thisEpisode, personId: director, kind: "crew", department: "Directing", job: "Director", position: 0, generated: true }, series.name, popularity);
      }
    }
  }

  // --- Videos -----------------------------------------------------------------------------
  const byPopularity = titleRows.filter((t) => t.type === "movie").sort((a, b) => (b.popularity ?? 0) - (a.popularity ?? 0));
  const video = (row: Omit<Row<typeof videos>, "id">) => videoRows.push({ id: videoRows.length + 1, ...row });
  for (const film of byPopularity.slice(0, 6)) {
    video({
      titleId: film.id!,
      name: "Test-pattern sample (stand-in trailer)",
      category: "trailer",
      source: "r2",
      src: SAMPLE_VIDEO.key,
      mime: "video/mp4",
      quality: "360p",
      duration: SAMPLE_VIDEO.seconds,
      thumbnail: film.backdrop,
      position: 0,
    });
  }
  for (const [name, youtubeId] of Object.entries(YOUTUBE_TRAILERS)) {
    const film = titleRows.find((t) => t.type === "movie" && t.name === name);
    if (film)
      video({ titleId: film.id!, name: `${name}: official trailer`, category: "trailer", source: "youtube", src: youtubeId, quality: "1080p", language: "en", thumbnail: film.backdrop, position: 1 });
  }
  seriesIds.slice(0, 3).forEach((seriesId, i) => {
    const series = titleRows.find((t) => t.id === seriesId)!;
    video({
      titleId: seriesId,
      name: "Test-pattern sample (stand-in trailer)",
      category: "trailer",
      source: "r2",
      src: SAMPLE_VIDEO.key,
      mime: "video/mp4",
      quality: "360p",
      duration: SAMPLE_VIDEO.seconds,
      thumbnail: series.backdrop,
      position: 0,
    });
    video({
      titleId: seriesId,
      episodeId: firstEpisodeOf.get(seriesId),
      name: "Episode 1 (test-pattern sample)",
      category: "episode",
      source: "r2",
      src: SAMPLE_VIDEO.key,
      mime: "video/mp4",
      quality: "360p",
      duration: SAMPLE_VIDEO.seconds,
      thumbnail: artworkUrl("still", firstEpisodeOf.get(seriesId)!),
      position: 1,
    });
    if (i === 0) {
      video({
        titleId: seriesId,
        name: "Big Buck Bunny (Blender Foundation open movie, stand-in clip)",
        category: "clip",
        source: "vimeo",
        src: VIMEO_BIG_BUCK_BUNNY,
        quality: "1080p",
        duration: 596,
        thumbnail: series.backdrop,
        position: 2,
      });
      video({
        titleId: seriesId,
        name: "Big Buck Bunny, 320x180 file (Blender Foundation open movie, stand-in clip)",
        category: "clip",
        source: "external",
        src: BIG_BUCK_BUNNY_FILE,
        mime: "video/mp4",
        quality: "180p",
        duration: 596,
        thumbnail: series.backdrop,
        position: 3,
      });
    }
  });

  // --- People ----------------------------------------------------------------------------------
  const knownFor = (personId: number) => (filmography.get(personId) ?? []).sort((a, b) => b.popularity - a.popularity).map((t) => t.name);
  for (const name of directorNames) {
    const id = directorId.get(name)!;
    const films = movies.filter((m) => m.director === name).sort((a, b) => a.year - b.year);
    const listed = films.map((m) => `${m.name} (${m.year})`);
    // Built from the data set, not invented: which films, which years.
    const biography =
      films.length === 1
        ? `${name} directed ${listed[0]}, the one film of theirs in this catalogue.`
        : `${name} directed ${films.length} films in this catalogue, from ${listed[0]} to ${listed[listed.length - 1]}${films.length > 2 ? `, including ${listed.slice(1, Math.min(4, listed.length - 1)).join(", ")}` : ""}.`;
    // A real person: no invented portrait.
    personRows.push({ id, name, slug: slugify(name), biography, knownFor: "Directing", gender: "unknown", profile: null, generatedFields: [] });
  }
  const invented = (id: number, department: string) => {
    const person = generatePerson(id);
    personRows.push({
      id,
      name: person.name,
      slug: slugify(person.name),
      biography: generateBiography(id, { name: person.name, birthPlace: person.birthPlace, department }, knownFor(id)),
      birthDate: person.birthDate,
      deathDate: person.deathDate,
      birthPlace: person.birthPlace,
      gender: person.gender,
      knownFor: department,
      profile: artworkUrl("profile", id),
      generatedFields: ["name", "biography", "birth_date", "death_date", "birth_place", "gender"],
    });
  };
  // Invented people exist only for the invented series they are credited on.
  const credited = new Set(creditRows.map((c) => c.personId));
  for (const id of actorIds) if (credited.has(id)) invented(id, "Acting");
  for (const id of crewIds) if (credited.has(id)) invented(id, crewDepartment(id).department);
  for (const person of personRows) if (person.profile) imageRows.push({ personId: person.id, type: "profile", url: person.profile!, ...ARTWORK_SIZES.profile, position: 0 });

  return {
    summary,
    genres: genreRows,
    keywords: keywordRows,
    titles: titleRows,
    seasons: seasonRows,
    episodes: episodeRows,
    people: personRows,
    titleGenres: titleGenreRows,
    titleKeywords: titleKeywordRows,
    credits: creditRows,
    videos: videoRows,
    images: imageRows,
    seriesCount,
  };
}
