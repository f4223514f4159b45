import { and, eq, inArray, sql } from "drizzle-orm";
import { slugify } from "../../../app/http/slug";
import type { Database } from "../../../app/db/client.server";
import { titles } from "../../../app/catalogue/tables";
import { titleAliases, type TitleAliasKind } from "../../../app/catalogue/search.tables";

/**
 * Other names of seeded real films (decision 032): the English titles of the
 * foreign-language films the dataset lists under their original names, the
 * original titles of those it lists in English, and well-known release
 * titles. Each is a documented release or original title of that film
 * (honest data, decision 020: nothing invented). Films are matched by name
 * and year, so a film missing from the dataset is simply skipped.
 */
const ALIASES: { name: string; year: number; alias: string; kind: TitleAliasKind; country?: string; language?: string }[] = [
  { name: "Le Fabuleux destin d'Amélie Poulain", year: 2001, alias: "Amélie", kind: "alternative", country: "US" },
  { name: "Léon", year: 1994, alias: "Léon: The Professional", kind: "alternative", country: "US" },
  { name: "Léon", year: 1994, alias: "The Professional", kind: "alternative", country: "US" },
  { name: "La Môme", year: 2007, alias: "La Vie en Rose", kind: "alternative", country: "US" },
  { name: "La mala educación", year: 2004, alias: "Bad Education", kind: "translation", language: "en" },
  { name: "Die Fälscher", year: 2007, alias: "The Counterfeiters", kind: "translation", language: "en" },
  { name: "Caché", year: 2005, alias: "Hidden", kind: "alternative", country: "GB" },
  { name: "Indigènes", year: 2006, alias: "Days of Glory", kind: "translation", language: "en" },
  { name: "Per qualche dollaro in più", year: 1965, alias: "For a Few Dollars More", kind: "translation", language: "en" },
  { name: "Se7en", year: 1995, alias: "Seven", kind: "alternative" },
  { name: "Twelve Monkeys", year: 1995, alias: "12 Monkeys", kind: "alternative" },
  { name: "Alien³", year: 1992, alias: "Alien 3", kind: "alternative" },
  { name: "Harry Potter and the Sorcerer's Stone", year: 2001, alias: "Harry Potter and the Philosopher's Stone", kind: "alternative", country: "GB" },
  { name: "Mad Max 2: The Road Warrior", year: 1981, alias: "The Road Warrior", kind: "alternative", country: "US" },
  { name: "Star Wars Ep. IV: A New Hope", year: 1977, alias: "Star Wars", kind: "original" },
  { name: "Crouching Tiger, Hidden Dragon", year: 2000, alias: "臥虎藏龍", kind: "original", language: "zh" },
  { name: "Crouching Tiger, Hidden Dragon", year: 2000, alias: "Wo hu cang long", kind: "original", language: "zh" },
  { name: "Spirited Away", year: 2001, alias: "千と千尋の神隠し", kind: "original", language: "ja" },
  { name: "Spirited Away", year: 2001, alias: "Sen to Chihiro no kamikakushi", kind: "original", language: "ja" },
  { name: "Y Tu Mama Tambien (And Your Mother Too)", year: 2001, alias: "Y tu mamá también", kind: "original", language: "es" },
  { name: "Downfall", year: 2004, alias: "Der Untergang", kind: "original", language: "de" },
  { name: "Run Lola Run", year: 1998, alias: "Lola rennt", kind: "original", language: "de" },
  { name: "Kung Fu Hustle", year: 2004, alias: "功夫", kind: "original", language: "zh" },
];

/** Adds the aliases whose film is in the catalogue (by name; the year picks among remakes). Idempotent. */
export async function seedTitleAliases(db: Database): Promise<number> {
  const names = [...new Set(ALIASES.map((a) => a.name))];
  const found = await db
    .select({ id: titles.id, name: titles.name, year: titles.year })
    .from(titles)
    .where(and(inArray(titles.name, names), eq(titles.type, "movie")));
  let added = 0;
  for (const alias of ALIASES) {
    const candidates = found.filter((t) => t.name === alias.name);
    // Release years in the dataset are the US release, sometimes a year after the original's.
    const film = candidates.find((t) => t.year !== null && Math.abs(t.year - alias.year) <= 1) ?? (candidates.length === 1 ? candidates[0] : undefined);
    if (!film) continue;
    const inserted = await db
      .insert(titleAliases)
      .values({ titleId: film.id, name: alias.alias, kind: alias.kind, country: alias.country ?? null, language: alias.language ?? null, nameKey: slugify(alias.alias, "") || null })
      // A row seeded before migration 0105 gets its folded name (what imports match on).
      .onConflictDoUpdate({ target: [titleAliases.titleId, titleAliases.name], set: { nameKey: slugify(alias.alias, "") || null }, where: sql`${titleAliases.nameKey} IS NULL` })
      .returning({ id: titleAliases.id });
    added += inserted.length;
  }
  return added;
}
