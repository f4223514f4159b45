import { describe, expect, it } from "vitest";
import { credits, titles } from "../../../app/catalogue/tables";
import { D1_MAX_BOUND_PARAMETERS, insertStatements } from "./bulk-insert";
import { buildCatalogue, readVegaMovies } from "./index";

describe("insertStatements", () => {
  it("never binds more than D1's 100 parameters and covers every row", () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ titleId: i + 1, personId: 1, kind: "cast" as const, position: i, department: "Acting", job: "Actor", generated: true }));
    const statements = insertStatements(credits, rows);
    expect(statements.every((s) => s.args.length <= D1_MAX_BOUND_PARAMETERS)).toBe(true);
    expect(statements.reduce((n, s) => n + s.args.length, 0)).toBe(rows.length * 7);
    expect(statements[0].sql).toMatch(/^INSERT INTO "credits" \("title_id", "person_id", "kind", "position", "department", "job", "generated"\) VALUES \(\?/);
    expect(statements[0].args.slice(0, 7)).toEqual([1, 1, "cast", 0, "Acting", "Actor", 1]);
  });

  it("groups rows by their columns so omitted columns keep their defaults, and serialises JSON", () => {
    const statements = insertStatements(titles, [
      { id: 1, type: "movie", name: "A", slug: "a", generatedFields: ["plot"] },
      { id: 2, type: "series", name: "B", slug: "b", seasonCount: 2 },
      { id: 3, type: "movie", name: "C", slug: "c", generatedFields: [] },
    ]);
    expect(statements).toHaveLength(2);
    expect(statements[0].args).toEqual([1, "movie", "A", "a", '["plot"]', 3, "movie", "C", "c", "[]"]);
    expect(statements[1].sql).toContain('"season_count"');
  });

  it("refuses unknown columns", () => {
    expect(() => insertStatements(titles, [{ nope: 1 } as never])).toThrow(/no column/);
  });
});

// Building the whole demo catalogue takes a few seconds.
describe("buildCatalogue", { timeout: 60_000 }, () => {
  const built = buildCatalogue(readVegaMovies(), { actorPool: 300, crewPool: 60, seriesCount: 3 });

  it("is deterministic", () => {
    const again = buildCatalogue(readVegaMovies(), { actorPool: 300, crewPool: 60, seriesCount: 3 });
    expect(again.titles).toEqual(built.titles);
    expect(again.credits).toEqual(built.credits);
    expect(again.people).toEqual(built.people);
  }, 60_000);

  it("flags every generated field and keeps real data unflagged", () => {
    const matrix = built.titles.find((t) => t.name === "The Matrix")!;
    expect(matrix).toMatchObject({ year: 1999, externalRating: 8.7, certification: "R", plot: null, tagline: null, generatedFields: [] });
    const director = built.people.find((p) => p.name === "Steven Spielberg")!;
    expect(director.generatedFields).toEqual([]);
    expect(director.biography).toMatch(/^Steven Spielberg directed \d+ films in this catalogue/);
    const spielbergCredits = built.credits.filter((c) => c.personId === director.id);
    expect(spielbergCredits.every((c) => c.kind === "crew" && c.job === "Director" && c.generated === false)).toBe(true);
    expect(built.credits.filter((c) => c.kind === "cast").every((c) => c.generated === true)).toBe(true);
    const invented = built.people.filter((p) => p.knownFor === "Acting");
    expect(invented.every((p) => p.generatedFields!.includes("name") && p.generatedFields!.includes("biography"))).toBe(true);
    const series = built.titles.filter((t) => t.type === "series");
    expect(series).toHaveLength(3);
    expect(series.every((t) => t.generatedFields!.includes("name"))).toBe(true);
    expect(built.episodes.every((e) => e.generatedFields!.includes("plot"))).toBe(true);
  });

  it("gives people filmographies, series seasons and episodes, and titles playable videos", () => {
    const perActor = new Map<number, number>();
    for (const c of built.credits) if (c.kind === "cast") perActor.set(c.personId, (perActor.get(c.personId) ?? 0) + 1);
    expect(Math.max(...perActor.values())).toBeGreaterThan(3);
    // Every person is credited somewhere: no invented people without a (fictional) title.
    const credited = new Set(built.credits.map((c) => c.personId));
    expect(built.people.every((p) => credited.has(p.id!))).toBe(true);
    const series = built.titles.find((t) => t.type === "series")!;
    expect(built.seasons.filter((s) => s.titleId === series.id)).toHaveLength(series.seasonCount!);
    expect(built.episodes.filter((e) => e.titleId === series.id)).toHaveLength(series.episodeCount!);
    expect(built.videos.filter((v) => v.source === "r2").length).toBeGreaterThanOrEqual(6);
    expect(built.videos.some((v) => v.source === "youtube")).toBe(true);
    expect(built.videos.some((v) => v.source === "vimeo")).toBe(true);
    expect(new Set(built.titles.map((t) => t.id)).size).toBe(built.titles.length);
  });
});
