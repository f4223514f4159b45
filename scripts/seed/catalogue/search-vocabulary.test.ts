import Libsql from "libsql";
import { describe, expect, it } from "vitest";
import { termRows, vocabularyOf } from "../../../app/catalogue/search-index.server";
import { buildSearchVocabulary } from "./search-vocabulary";

/** The name columns, FTS indexes (as migrations 0011 and 0055 define them) and typo tables of the catalogue. */
function catalogue() {
  const db = new Libsql(":memory:");
  db.exec(`
    CREATE TABLE titles (id INTEGER PRIMARY KEY, search_key INTEGER NOT NULL, name TEXT NOT NULL, original_name TEXT);
    CREATE TABLE people (id INTEGER PRIMARY KEY, search_key INTEGER NOT NULL, name TEXT NOT NULL);
    CREATE TABLE title_aliases (id INTEGER PRIMARY KEY AUTOINCREMENT, title_id INTEGER NOT NULL, name TEXT NOT NULL);
    CREATE VIRTUAL TABLE titles_fts USING fts5(name, original_name, content='titles', content_rowid='search_key', tokenize='unicode61 remove_diacritics 2', prefix='1 2 3');
    CREATE VIRTUAL TABLE people_fts USING fts5(name, content='people', content_rowid='search_key', tokenize='unicode61 remove_diacritics 2', prefix='1 2 3');
    CREATE VIRTUAL TABLE title_aliases_fts USING fts5(name, content='title_aliases', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='1 2 3');
    CREATE TABLE search_vocabulary_queue (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL);
    CREATE TABLE search_terms (variant TEXT NOT NULL, term TEXT NOT NULL, PRIMARY KEY (variant, term)) WITHOUT ROWID;
  `);
  return db;
}

// Fictional names with what the tokenizer must fold as nameWords does: case, accents, punctuation,
// apostrophes, hyphens, digits, Roman numerals, non-Latin scripts and a very long word.
const TITLES: [string, string | null][] = [
  ["The Lighthouse Keeper's Daughter", null],
  ["Émile et la Forêt", "Émile and the Forest"],
  ["Harbour-Lights: Part II", null],
  ["12 Quiet Rivers", "Douze rivières"],
  ["Glasgow 1987", null],
  ["Ørsted's Cœur", null],
  ["Supercalifragilisticexpialidociouslylongname Returns", null],
];
const PEOPLE = ["Zoë Ferreira-Lindqvist", "Jean-Luc O'Hara", "Mårten Åberg"];
const ALIASES = ["霧の港", "Das Leuchtfeuer", "L'Été des Étoiles"];

describe("the scale seed's typo index, built from the FTS vocabularies", () => {
  it("holds exactly the words of every title, original title, alias and person name, and empties the queue", () => {
    const db = catalogue();
    TITLES.forEach(([name, original], i) => db.prepare("INSERT INTO titles (id, search_key, name, original_name) VALUES (?, ?, ?, ?)").run(i + 1, 100 - i, name, original));
    PEOPLE.forEach((name, i) => db.prepare("INSERT INTO people (id, search_key, name) VALUES (?, ?, ?)").run(i + 1, 50 - i, name));
    ALIASES.forEach((name, i) => db.prepare("INSERT INTO title_aliases (title_id, name) VALUES (?, ?)").run(i + 1, name));
    db.exec(`
      INSERT INTO titles_fts(titles_fts) VALUES ('rebuild');
      INSERT INTO people_fts(people_fts) VALUES ('rebuild');
      INSERT INTO title_aliases_fts(title_aliases_fts) VALUES ('rebuild');
      INSERT INTO search_vocabulary_queue (name) VALUES ('Glasgow 1987');
    `);

    const built = buildSearchVocabulary(db);

    // The same words reading every name would give (what the queue consumer indexes).
    const expected = vocabularyOf([...TITLES.flatMap(([name, original]) => (original ? [name, original] : [name])), ...PEOPLE, ...ALIASES]);
    const stored = new Set((db.prepare("SELECT DISTINCT term FROM search_terms").raw().all() as [string][]).map(([term]) => term));
    expect([...stored].sort()).toEqual([...expected].sort());
    expect(stored.has("emile")).toBe(true);
    expect(stored.has("lindqvist")).toBe(true);
    expect(built).toEqual({ terms: expected.size, rows: termRows(expected).length });
    expect((db.prepare("SELECT count(*) AS n FROM search_terms").get() as { n: number }).n).toBe(termRows(expected).length);
    expect((db.prepare("SELECT count(*) AS n FROM search_vocabulary_queue").get() as { n: number }).n).toBe(0);
    // Its temporary vocabulary tables are gone.
    expect(db.prepare("SELECT name FROM temp.sqlite_master").all()).toEqual([]);
  });
});
