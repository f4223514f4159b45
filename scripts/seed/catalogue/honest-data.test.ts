import { describe, expect, it } from "vitest";
import { buildCatalogue, filmGenres, readVegaMovies } from "./index";

/**
 * Honest data (decision 005): on a freshly seeded site no real film (the vega-datasets films)
 * shows an invented cast, crew, plot, tagline or artwork. Walks every row
 * the seed writes for those films; the invented series keep their labelled
 * generated content.
 */
describe("the demo catalogue's real films", { timeout: 60_000 }, () => {
  const built = buildCatalogue(readVegaMovies());
  const films = built.titles.filter((t) => t.type === "movie");
  const filmIds = new Set(films.map((t) => t.id!));
  const personById = new Map(built.people.map((p) => [p.id!, p]));

  it("are all there, with the facts the data has", () => {
    expect(films.length).toBeGreaterThan(3000);
    const knight = films.find((t) => t.name === "The Dark Knight")!;
    expect(knight).toMatchObject({ year: 2008, externalRating: 8.9, rottenTomatoes: 93, certification: "PG-13", runtime: 152 });
  });

  it("have no invented plot, tagline, poster, backdrop or generated field", () => {
    for (const film of films) {
      expect({ name: film.name, plot: film.plot, tagline: film.tagline, poster: film.poster, backdrop: film.backdrop, generated: film.generatedFields }).toEqual({
        name: film.name,
        plot: null,
        tagline: null,
        poster: null,
        backdrop: null,
        generated: [],
      });
    }
    expect(built.images.filter((i) => i.titleId && filmIds.has(i.titleId))).toEqual([]);
  });

  it("credit only their real director: no invented cast or crew", () => {
    const filmCredits = built.credits.filter((c) => filmIds.has(c.titleId));
    expect(filmCredits.length).toBeGreaterThan(1500);
    for (const c of filmCredits) {
      expect({ kind: c.kind, job: c.job, generated: c.generated, character: c.character ?? null }).toEqual({ kind: "crew", job: "Director", generated: false, character: null });
      const person = personById.get(c.personId)!;
      expect(person.generatedFields).toEqual([]);
      expect(person.profile).toBeNull();
    }
  });

  it("leave invented content only on the invented series and their people, flagged", () => {
    const series = built.titles.filter((t) => t.type === "series");
    expect(series).toHaveLength(12);
    for (const s of series) expect(s.generatedFields).toEqual(expect.arrayContaining(["name", "plot", "tagline", "cast"]));
    const seriesIds = new Set(series.map((s) => s.id!));
    for (const c of built.credits.filter((c) => c.generated)) expect(seriesIds.has(c.titleId)).toBe(true);
    for (const p of built.people.filter((p) => p.generatedFields!.length > 0)) {
      expect(built.credits.some((c) => c.personId === p.id && seriesIds.has(c.titleId))).toBe(true);
    }
  });
});

/**
 * Real films carry their true genres in TMDB's vocabulary (decision 042):
 * TMDB's own list where the film is matched, else only a genre the data
 * itself names; never a creative type turned into a genre.
 */
describe("the demo catalogue's genres", { timeout: 60_000 }, () => {
  const built = buildCatalogue(readVegaMovies());
  const genreName = new Map(built.genres.map((g) => [g.id!, g.name]));
  const genresOf = (name: string, year: number) => {
    const film = built.titles.find((t) => t.type === "movie" && t.name === name && t.year === year)!;
    return built.titleGenres
      .filter((l) => l.titleId === film.id)
      .map((l) => genreName.get(l.genreId)!)
      .sort();
  };

  it("are TMDB's for well-known films", () => {
    expect(genresOf("The Shawshank Redemption", 1994)).toEqual(["Crime", "Drama"]);
    expect(genresOf("The Godfather", 1972)).toEqual(["Crime", "Drama"]);
    expect(genresOf("Pulp Fiction", 1994)).toEqual(["Crime", "Thriller"]);
    expect(genresOf("Titanic", 1997)).toEqual(["Drama", "Romance", "Thriller"]);
  });

  it("use TMDB's vocabulary only", () => {
    const tmdb = [
      "Action",
      "Adventure",
      "Animation",
      "Comedy",
      "Crime",
      "Documentary",
      "Drama",
      "Family",
      "Fantasy",
      "History",
      "Horror",
      "Music",
      "Mystery",
      "Romance",
      "Science Fiction",
      "TV Movie",
      "Thriller",
      "War",
      "Western",
    ];
    expect([...genreName.values()].sort()).toEqual(tmdb.sort());
  });

  it('never turn the data\'s "Historical Fiction" setting into the History genre', () => {
    const history = [...genreName].find(([, name]) => name === "History")![0];
    const films = new Set(built.titles.filter((t) => t.type === "movie").map((t) => t.id));
    const historyFilms = built.titleGenres.filter((l) => l.genreId === history && films.has(l.titleId)).map((l) => built.titles.find((t) => t.id === l.titleId)!.name);
    expect(historyFilms).toContain("Schindler's List");
    expect(historyFilms).not.toContain("The Shawshank Redemption");
  });

  it("give a film TMDB's list lacks only the genre the data names", () => {
    expect(filmGenres({ name: "A Film Nobody Listed", year: 1999, majorGenre: "Drama", creativeType: "Historical Fiction" })).toEqual(["Drama"]);
    expect(filmGenres({ name: "A Film Nobody Listed", year: 1999, majorGenre: null, creativeType: "Kids Fiction" })).toEqual([]);
  });
});
