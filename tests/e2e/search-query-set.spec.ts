import { expect, test } from "@playwright/test";

/**
 * Forgiving search's query set (decision 032): queries a person types, each
 * with the seeded item it must find, run through GET /api/v1/search against
 * the seeded catalogue (real films from vega-datasets, their directors, and
 * the curated other names in scripts/seed/catalogue/title-aliases.ts). At
 * least 95% must find their item in the top 5 of its group; recall@1,
 * recall@5 and the mean reciprocal rank are printed.
 */
type Case = { query: string; title?: string; person?: string; kind: string };

const CASES: Case[] = [
  // Typos (one from five letters, two from nine; a swapped pair is one).
  { kind: "typo", query: "shawshenk", title: "The Shawshank Redemption" },
  { kind: "typo", query: "shawshank redemtion", title: "The Shawshank Redemption" },
  { kind: "typo", query: "godfathr", title: "The Godfather" },
  { kind: "typo", query: "dark night", title: "The Dark Knight" },
  { kind: "typo", query: "forest gump", title: "Forrest Gump" },
  { kind: "typo", query: "inglorious bastards", title: "Inglourious Basterds" },
  { kind: "typo", query: "harry poter goblet", title: "Harry Potter and the Goblet of Fire" },
  { kind: "typo", query: "gladiatr", title: "Gladiator" },
  { kind: "typo", query: "incepton", title: "Inception" },
  { kind: "typo", query: "jurasic park", title: "Jurassic Park" },
  { kind: "typo", query: "titanik", title: "Titanic" },
  { kind: "typo", query: "goodfelas", title: "Goodfellas" },
  { kind: "typo", query: "casablanka", title: "Casablanca" },
  { kind: "typo", query: "ratatuille", title: "Ratatouille" },
  { kind: "typo", query: "pulp fictoin", title: "Pulp Fiction" },
  { kind: "typo", query: "silense of the lambs", title: "The Silence of the Lambs" },
  { kind: "typo", query: "eternal sunshin spotless mind", title: "Eternal Sunshine of the Spotless Mind" },
  { kind: "typo", query: "slumdog millionare", title: "Slumdog Millionaire" },
  { kind: "typo", query: "usual suspetcs", title: "The Usual Suspects" },
  { kind: "typo", query: "gremlinz", title: "Gremlins" },
  // People.
  { kind: "person", query: "cristopher nolan", person: "Christopher Nolan" },
  { kind: "person", query: "steven spielburg", person: "Steven Spielberg" },
  { kind: "person", query: "quentin tarantio", person: "Quentin Tarantino" },
  { kind: "person", query: "martin scorcese", person: "Martin Scorsese" },
  { kind: "person", query: "stanley kubrik", person: "Stanley Kubrick" },
  { kind: "person", query: "alfred hitchcok", person: "Alfred Hitchcock" },
  { kind: "person", query: "hayao miyazak", person: "Hayao Miyazaki" },
  { kind: "person", query: "tarantino", person: "Quentin Tarantino" },
  { kind: "person", query: "almodovar", person: "Pedro Almodovar" },
  { kind: "person", query: "inarritu", person: "Alejandro Gonzalez Inarritu" },
  { kind: "person", query: "jean pierre jeunet", person: "Jean-Pierre Jeunet" },
  { kind: "person", query: "shyamalan", person: "M. Night Shyamalan" },
  { kind: "person", query: "francis coppola", person: "Francis Ford Coppola" },
  { kind: "person", query: "nolan christopher", person: "Christopher Nolan" },
  // Missing and extra words, any order.
  { kind: "words", query: "raiders lost ark", title: "Raiders of the Lost Ark" },
  { kind: "words", query: "leon the professional", title: "Léon" },
  { kind: "words", query: "lord of the rings return king", title: "The Lord of the Rings: The Return of the King" },
  { kind: "words", query: "the dark knight movie", title: "The Dark Knight" },
  { kind: "words", query: "saving ryan", title: "Saving Private Ryan" },
  { kind: "words", query: "indiana jones crusade", title: "Indiana Jones and the Last Crusade" },
  { kind: "words", query: "bourne ultimatum film", title: "The Bourne Ultimatum" },
  { kind: "words", query: "fiction pulp", title: "Pulp Fiction" },
  // Split and joined words, singular and plural, articles, punctuation.
  { kind: "split", query: "brave heart", title: "Braveheart" },
  { kind: "split", query: "ghost busters", title: "Ghostbusters" },
  { kind: "split", query: "toy story3", title: "Toy Story 3" },
  { kind: "split", query: "wall e", title: "WALL-E" },
  { kind: "split", query: "walle", title: "WALL-E" },
  { kind: "split", query: "spiderman 3", title: "Spider-Man 3" },
  { kind: "split", query: "xmen", title: "X-Men" },
  { kind: "split", query: "good fellas", title: "Goodfellas" },
  { kind: "split", query: "reservoir dog", title: "Reservoir Dogs" },
  { kind: "split", query: "departed", title: "The Departed" },
  { kind: "split", query: "schindlers list", title: "Schindler's List" },
  { kind: "split", query: "mission impossible", title: "Mission: Impossible" },
  { kind: "split", query: "monsters inc", title: "Monsters, Inc." },
  // Numerals, number words, Roman numerals; a year as a hint.
  { kind: "number", query: "godfather part 2", title: "The Godfather: Part II" },
  { kind: "number", query: "12 monkeys", title: "Twelve Monkeys" },
  { kind: "number", query: "twelve angry men", title: "12 Angry Men" },
  { kind: "number", query: "star wars episode 3", title: "Star Wars Ep. III: Revenge of the Sith" },
  { kind: "number", query: "back to the future 3", title: "Back to the Future Part III" },
  { kind: "number", query: "rambo 3", title: "Rambo III" },
  { kind: "number", query: "toy story two", title: "Toy Story 2" },
  { kind: "number", query: "jaws ii", title: "Jaws 2" },
  { kind: "number", query: "two fast two furious", title: "2 Fast 2 Furious" },
  { kind: "number", query: "terminator two", title: "Terminator 2: Judgment Day" },
  { kind: "number", query: "mission impossible three", title: "Mission: Impossible III" },
  { kind: "number", query: "fargo 1996", title: "Fargo" },
  // Diacritics both ways, original and alternative titles.
  { kind: "other names", query: "amelie", title: "Le Fabuleux destin d'Amélie Poulain" },
  { kind: "other names", query: "amélie poulain", title: "Le Fabuleux destin d'Amélie Poulain" },
  { kind: "other names", query: "leon", title: "Léon" },
  { kind: "other names", query: "la mome", title: "La Môme" },
  { kind: "other names", query: "la vie en rose", title: "La Môme" },
  { kind: "other names", query: "cache", title: "Caché" },
  { kind: "other names", query: "der untergang", title: "Downfall" },
  { kind: "other names", query: "lola rennt", title: "Run Lola Run" },
  { kind: "other names", query: "wo hu cang long", title: "Crouching Tiger, Hidden Dragon" },
  { kind: "other names", query: "千と千尋の神隠し", title: "Spirited Away" },
  { kind: "other names", query: "y tu mamá también", title: "Y Tu Mama Tambien (And Your Mother Too)" },
  { kind: "other names", query: "la mala educacion", title: "La mala educación" },
  { kind: "other names", query: "bad education", title: "La mala educación" },
  { kind: "other names", query: "seven", title: "Se7en" },
  { kind: "other names", query: "alien 3", title: "Alien³" },
  { kind: "other names", query: "harry potter philosophers stone", title: "Harry Potter and the Sorcerer's Stone" },
  { kind: "other names", query: "road warrior", title: "Mad Max 2: The Road Warrior" },
  // The last word as it is typed.
  { kind: "prefix", query: "shawsh", title: "The Shawshank Redemption" },
  { kind: "prefix", query: "inglou", title: "Inglourious Basterds" },
];

test("the query set finds its items: at least 95% in the top 5 of their group", async ({ request }) => {
  test.setTimeout(180_000);
  expect(CASES.length).toBeGreaterThanOrEqual(60);
  const ranks: { c: Case; rank: number | null; got: string[] }[] = [];
  for (const c of CASES) {
    const types = c.person ? "person" : "movie,series";
    const response = await request.get(`/api/v1/search?query=${encodeURIComponent(c.query)}&types=${types}&per_page=10`);
    expect(response.status(), c.query).toBe(200);
    const body = (await response.json()) as { titles: { name: string }[]; people: { name: string }[] };
    const names = (c.person ? body.people : body.titles).map((r) => r.name);
    const index = names.indexOf((c.person ?? c.title)!);
    ranks.push({ c, rank: index >= 0 ? index + 1 : null, got: names.slice(0, 5) });
  }
  const at = (k: number) => ranks.filter((r) => r.rank !== null && r.rank <= k).length / ranks.length;
  const mrr = ranks.reduce((sum, r) => sum + (r.rank ? 1 / r.rank : 0), 0) / ranks.length;
  const misses = ranks.filter((r) => r.rank === null || r.rank > 5);
  console.log(
    `query set: ${ranks.length} queries; recall@1 ${(at(1) * 100).toFixed(1)}%, recall@5 ${(at(5) * 100).toFixed(1)}%, MRR ${mrr.toFixed(3)}` +
      (misses.length ? `\nmissed in the top 5:\n${misses.map((m) => `  ${m.c.query} -> want ${m.c.title ?? m.c.person}, got ${JSON.stringify(m.got)}`).join("\n")}` : ""),
  );
  const byKind = new Map<string, number[]>();
  for (const r of ranks) byKind.set(r.c.kind, [...(byKind.get(r.c.kind) ?? []), r.rank ?? 0]);
  for (const [kind, list] of byKind) console.log(`  ${kind.padEnd(12)} ${list.filter((n) => n >= 1 && n <= 5).length}/${list.length} in the top 5`);
  expect(at(5)).toBeGreaterThanOrEqual(0.95);
});
