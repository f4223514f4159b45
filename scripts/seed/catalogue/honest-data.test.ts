import { describe, expect, it } from "vitest";
import { buildCatalogue, readVegaMovies } from "./index";

/**
 * Issue 15: on a freshly seeded site no real film (the vega-datasets films)
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
