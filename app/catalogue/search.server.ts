import { sql, type SQL } from "drizzle-orm";
import { allInOneTrip } from "~/db/batch-reads.server";
import type { Database } from "~/db/client.server";
import { SEARCH_VOCABULARY_MAX_VARIANTS, SEARCH_VOCABULARY_TTL_MS } from "~/constants";
import { log } from "~/log/log.server";
import { TITLE_TYPES, type TitleType } from "./tables";
import { indexQueued, SEARCH_QUEUE_BATCH, termRows, vocabularyOf } from "./search-index.server";
import { allowedTypos, analyseQuery, deletionVariants, editDistance, ftsString, isOptionalWord, nameWords, prefixDistance, type AnalysedQuery, type QuerySlot } from "./search-text";

export type SearchKind = TitleType | "person";
export const SEARCH_KINDS: readonly SearchKind[] = [...TITLE_TYPES, "person"];

export interface TitleHit {
  kind: "title";
  id: number;
  type: TitleType;
  name: string;
  originalName: string | null;
  slug: string;
  year: number | null;
  poster: string | null;
  popularity: number;
  /** The other name of the title the query matched (original or alternative title), when it was not the name. */
  alsoKnownAs: string | null;
}

export interface PersonHit {
  kind: "person";
  id: number;
  name: string;
  slug: string;
  knownFor: string | null;
  profile: string | null;
  popularity: number;
}

export interface SearchResults {
  /** The words searched for, normalised ("" when there was nothing to search). */
  query: string;
  titles: TitleHit[];
  people: PersonHit[];
  /** More results exist past `offset + limit` (for "next page" links). */
  moreTitles: boolean;
  morePeople: boolean;
  /** The query spelled as the best match spells it, when the query as typed found nothing without forgiving it. */
  didYouMean: string | null;
}

export interface SearchOptions {
  /** Per kind (titles, people). Default 8, at most 50. */
  limit?: number;
  /** Skip this many per kind (paging). At most 1,000. */
  offset?: number;
  /** Which kinds to search; default all: movie, series, person. */
  types?: readonly SearchKind[];
}

/** Vocabulary words kept per query word as typo alternatives (the closest first). */
const MAX_TYPO_TERMS = 12;
/** Candidates read per single-word statement (missing and extra words, joined words). */
const PER_WORD_CANDIDATES = 30;

/**
 * Forgiving search over titles and people (decision 032). Two round trips, or one when this isolate
 * knows the vocabulary rows the query needs (decision 046):
 *
 * 1. The vocabulary: the query words' deletion variants, their split halves
 *    and the joined neighbours, looked up in the typo index (search_terms),
 *    and the names written since the index last read them.
 * 2. Candidates, one statement per group: the exact name, every required
 *    word (each as any of its spellings: typo corrections, number forms,
 *    singulars, split halves) through the FTS indexes in popularity order,
 *    each word alone (a missing or extra word), the joined words, and the
 *    titles' other names.
 *
 * The candidates are then ranked here: fewer missing words, the year given
 * in the query, the whole name, then the name's start, then fewer typos,
 * then popularity. Reads stay bounded by the limits whatever the catalogue's
 * size (the FTS indexes are keyed by popularity, so each statement reads
 * only as many index rows as it returns).
 *
 * Any input is safe: only letters and digits reach the FTS expressions (as
 * quoted strings), nothing to search for returns no results, and the
 * function does not throw on odd input.
 */
export async function searchCatalogue(db: Database, query: unknown, options: SearchOptions = {}): Promise<SearchResults> {
  const limit = clampInt(options.limit, 8, 1, 50);
  const offset = clampInt(options.offset, 0, 0, 1000);
  const types = (options.types ?? SEARCH_KINDS).filter((t): t is SearchKind => SEARCH_KINDS.includes(t));
  const titleTypes = types.filter((t): t is TitleType => t !== "person");
  const analysed = analyseQuery(query);
  const empty: SearchResults = { query: analysed.text, titles: [], people: [], moreTitles: false, morePeople: false, didYouMean: null };
  if (analysed.slots.length === 0 || types.length === 0) return empty;

  const typed = typeof query === "string" ? query.slice(0, 200).trim().replace(/\s+/g, " ").toLowerCase() : analysed.text;
  const need = offset + limit + 1;
  try {
    const exact = [analysed.text, typed];
    const statementsOf = (plan: Plan) => ({
      titles: titleTypes.length ? compound(titleCandidates(plan, exact, need, titleTypes)) : [],
      people: types.includes("person") ? compound(personCandidates(plan, exact, need)) : [],
    });
    const lookups = vocabularyLookups(analysed);
    let results: (TitleRow & PersonRow)[][] | null = null;
    let titleStatements = 0;
    const known = knownVocabulary(lookups.variants);
    if (known) {
      // The vocabulary rows are known to this isolate (decision 046): the candidates in one round trip, with a
      // look at the queue. Names written since the index read them may be missing from the known rows: then
      // the vocabulary is read again (and the names indexed), as if nothing were known.
      const statements = statementsOf(planFrom(analysed, lookups, known));
      titleStatements = statements.titles.length;
      const answers = await allInOneTrip<TitleRow & PersonRow>(db, [...statements.titles, ...statements.people, sql`SELECT id FROM search_vocabulary_queue WHERE id > 0 LIMIT 1`]);
      if (answers.at(-1)?.length === 0) results = answers.slice(0, -1);
      else forgetSearchVocabulary();
    }
    if (!results) {
      const { plan, queued } = await readVocabulary(db, analysed, lookups);
      const statements = statementsOf(plan);
      titleStatements = statements.titles.length;
      [results] = await Promise.all([
        // Every candidate statement, titles and people, in one round trip (decision 045).
        allInOneTrip<TitleRow & PersonRow>(db, [...statements.titles, ...statements.people]),
        // Names written since the index read them: indexed now, beside the candidates' statements.
        queued.length ? indexQueued(db, queued) : Promise.resolve(),
      ]);
    }
    const titleRows: TitleRow[] = results.slice(0, titleStatements).flat();
    const personRows: PersonRow[] = results.slice(titleStatements).flat();
    const titleHits = rank(
      titleRows.map((row) => ({ row, names: titleNames(row) })),
      analysed,
    );
    const personHits = rank(
      personRows.map((row) => ({ row, names: [row.name] })),
      analysed,
    );
    const titlePage = titleHits.slice(offset, offset + limit + 1);
    const personPage = personHits.slice(offset, offset + limit + 1);
    return {
      query: analysed.text,
      titles: titlePage.slice(0, limit).map(({ row, matchedName }) => toTitleHit(row, matchedName)),
      people: personPage.slice(0, limit).map(({ row }) => ({
        kind: "person",
        id: row.id,
        name: row.name,
        slug: row.slug,
        knownFor: row.knownFor,
        profile: row.profile,
        popularity: row.popularity,
      })),
      moreTitles: titlePage.length > limit,
      morePeople: personPage.length > limit,
      didYouMean: offset === 0 ? didYouMean(analysed, titleHits, personHits) : null,
    };
  } catch (error) {
    // The expressions are built from letters and digits only, so an FTS
    // error here is a bug, not bad input: log it, but a search box must not 500.
    if (!/fts5|MATCH|syntax|json/i.test(String(error))) throw error;
    log("error", "catalogue search failed", { query: analysed.text, error: String((error as { cause?: unknown }).cause ?? error) });
    return empty;
  }
}

// --- Step 1: the vocabulary -----------------------------------------------------------------

interface SlotPlan {
  slot: QuerySlot;
  /** FTS strings any one of which satisfies the word. */
  alternatives: string[];
}

interface Plan {
  slots: SlotPlan[];
  /** Vocabulary words two neighbouring query words make when joined ("brave heart" -> braveheart). */
  joins: string[];
}

/** Halves of a word to look up whole ("walle" -> wall + e), at most this long a word. */
const MAX_SPLIT_LENGTH = 20;

function splits(word: string): [string, string][] {
  const chars = [...word];
  if (chars.length < 3 || chars.length > MAX_SPLIT_LENGTH) return [];
  const pairs: [string, string][] = [];
  for (let i = 1; i < chars.length; i++) pairs.push([chars.slice(0, i).join(""), chars.slice(i).join("")]);
  return pairs;
}

function joinedPairs(slots: QuerySlot[]): string[] {
  const joins: string[] = [];
  for (let i = 0; i + 1 < slots.length; i++) if (!slots[i].optional && !slots[i + 1].optional) joins.push(slots[i].word + slots[i + 1].word);
  return joins;
}

/** The typo index's variants a query needs (its words' deletion variants and split halves, the joined neighbours'). */
interface Lookups {
  variants: Set<string>;
  joins: string[];
}

function vocabularyLookups(analysed: AnalysedQuery): Lookups {
  const variants = new Set<string>();
  const joins = joinedPairs(analysed.slots);
  for (const slot of analysed.slots) {
    if (slot.optional) continue;
    for (const v of deletionVariants(slot.word, slot.typos)) variants.add(v);
    for (const [a, b] of splits(slot.word)) {
      variants.add(deletionVariants(a, 0)[0]);
      variants.add(deletionVariants(b, 0)[0]);
    }
  }
  for (const join of joins) for (const v of deletionVariants(join, allowedTypos([...join].length))) variants.add(v);
  return { variants, joins };
}

/**
 * The typo index's rows (variant -> vocabulary words) this isolate read lately, for
 * SEARCH_VOCABULARY_TTL_MS each (decision 046): a query whose every variant is known here plans its
 * candidates without the first round trip. The rows include the queued names' words as the search
 * that read them counted them. A name written since is found by the queue's look (the rows are then
 * read again); one indexed since by another isolate or the scheduled job is counted here once its
 * variants' rows are read again, within that time, as a guest's cached page would show it.
 */
const knownVariants = new Map<string, { terms: ReadonlySet<string>; readAt: number }>();
const NO_TERMS: ReadonlySet<string> = new Set();

export function forgetSearchVocabulary() {
  knownVariants.clear();
}

function knownVocabulary(variants: Set<string>, now = Date.now()): Map<string, ReadonlySet<string>> | null {
  const byVariant = new Map<string, ReadonlySet<string>>();
  for (const variant of variants) {
    const known = knownVariants.get(variant);
    if (!known || now - known.readAt >= SEARCH_VOCABULARY_TTL_MS) return null;
    if (known.terms.size) byVariant.set(variant, known.terms);
  }
  return byVariant;
}

function keepVocabulary(variants: Set<string>, byVariant: ReadonlyMap<string, ReadonlySet<string>>, now = Date.now()) {
  // A bound, not an eviction policy: starting over costs each next query one round trip.
  if (knownVariants.size + variants.size > SEARCH_VOCABULARY_MAX_VARIANTS) knownVariants.clear();
  for (const variant of variants) knownVariants.set(variant, { terms: byVariant.get(variant) ?? NO_TERMS, readAt: now });
}

async function readVocabulary(db: Database, analysed: AnalysedQuery, lookups: Lookups) {
  const { variants } = lookups;
  const [found, queued] = (await allInOneTrip(db, [
    sql`SELECT variant, term FROM search_terms WHERE variant IN (SELECT value FROM json_each(${JSON.stringify([...variants])}))`,
    sql`SELECT id, name FROM search_vocabulary_queue WHERE id > 0 ORDER BY id LIMIT ${SEARCH_QUEUE_BATCH}`,
  ])) as [{ variant: string; term: string }[], { id: number; name: string }[]];
  // Words not yet in the index count already (the index is caught up beside step 2).
  const byVariant = new Map<string, Set<string>>();
  const add = (variant: string, term: string) => {
    let terms = byVariant.get(variant);
    if (!terms) byVariant.set(variant, (terms = new Set()));
    terms.add(term);
  };
  for (const { variant, term } of found) add(variant, term);
  if (queued.length) for (const [variant, term] of termRows(vocabularyOf(queued.map((q) => q.name)))) if (variants.has(variant)) add(variant, term);
  // Only a whole read is kept: more queued names than one read takes would leave words out.
  if (queued.length < SEARCH_QUEUE_BATCH) keepVocabulary(variants, byVariant);
  return { plan: planFrom(analysed, lookups, byVariant), queued };
}

/** The words' alternatives (typo corrections, number forms, singulars, split halves) and the joined words, from the vocabulary rows. */
function planFrom(analysed: AnalysedQuery, { joins }: Lookups, byVariant: ReadonlyMap<string, ReadonlySet<string>>): Plan {
  const known = (word: string) => byVariant.get(deletionVariants(word, 0)[0])?.has(word) ?? false;

  const slots: SlotPlan[] = analysed.slots.map((slot) => {
    const alternatives = new Set<string>();
    alternatives.add(ftsString(slot.word, slot.prefix));
    for (const form of slot.forms) alternatives.add(ftsString(form));
    if (!slot.optional && slot.typos > 0) {
      const near = new Map<string, number>();
      for (const variant of deletionVariants(slot.word, slot.typos))
        for (const term of byVariant.get(variant) ?? []) {
          if (term === slot.word || near.has(term)) continue;
          const distance = Math.min(editDistance(slot.word, term, slot.typos), slot.prefix ? prefixDistance(slot.word, term, slot.typos) : Infinity);
          if (distance <= slot.typos) near.set(term, distance);
        }
      [...near.entries()]
        .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
        .slice(0, MAX_TYPO_TERMS)
        .forEach(([term]) => alternatives.add(ftsString(term)));
    }
    if (!slot.optional) for (const [a, b] of splits(slot.word)) if (known(a) && known(b)) alternatives.add(ftsString(`${a} ${b}`));
    alternatives.delete("");
    return { slot, alternatives: [...alternatives] };
  });
  const joinTerms = new Set<string>();
  for (const join of joins) {
    if (known(join)) joinTerms.add(join);
    const max = allowedTypos([...join].length);
    for (const variant of deletionVariants(join, max)) for (const term of byVariant.get(variant) ?? []) if (editDistance(join, term, max) <= max) joinTerms.add(term);
  }
  return { slots, joins: [...joinTerms].slice(0, MAX_TYPO_TERMS) };
}

// --- Step 2: candidates ---------------------------------------------------------------------

interface TitleRow {
  id: number;
  type: TitleType;
  name: string;
  originalName: string | null;
  slug: string;
  year: number | null;
  poster: string | null;
  popularity: number;
  /** JSON array of the title's other names. */
  aliases: string | null;
}

interface PersonRow {
  id: number;
  name: string;
  slug: string;
  knownFor: string | null;
  profile: string | null;
  popularity: number;
}

/** SELECTs per compound statement: D1 refuses more ("too many terms in compound SELECT"). */
const ARMS_PER_STATEMENT = 5;

/** The candidate SELECTs as few statements as D1 allows. */
function compound(parts: SQL[]): SQL[] {
  const statements: SQL[] = [];
  for (let i = 0; i < parts.length; i += ARMS_PER_STATEMENT) statements.push(sql.join(parts.slice(i, i + ARMS_PER_STATEMENT), sql` UNION ALL `));
  return statements;
}

/** The FTS expressions of a plan: all required words, each word alone, the joined words. */
function expressions(plan: Plan) {
  const required = plan.slots.filter((s) => !s.slot.optional && s.alternatives.length);
  const either = (s: SlotPlan) => `(${s.alternatives.join(" OR ")})`;
  const all = required.map(either).join(" AND ");
  const each = required.length > 1 ? required.map(either) : [];
  const joins = plan.joins.map((j) => ftsString(j)).filter(Boolean);
  const any = required.length > 1 ? required.map(either).join(" OR ") : all;
  return { all, each, joins, any };
}

function titleCandidates(plan: Plan, exact: string[], need: number, types: TitleType[]): SQL[] {
  const columns = sql`t.id, t.type, t.name, t.original_name AS originalName, t.slug, t.year, t.poster, t.popularity,
    (SELECT json_group_array(a2.name) FROM title_aliases a2 WHERE a2.title_id = t.id) AS aliases`;
  const typeFilter =
    types.length < TITLE_TYPES.length
      ? sql`AND t.type IN (${sql.join(
          types.map((type) => sql`${type}`),
          sql`, `,
        )})`
      : sql``;
  const { all, each, joins, any } = expressions(plan);
  const fts = (match: string, rows: number) =>
    sql`SELECT * FROM (SELECT ${columns} FROM titles_fts f JOIN titles t ON t.search_key = f.rowid
      WHERE titles_fts MATCH ${match} ${typeFilter} ORDER BY f.rowid LIMIT ${sql.raw(String(rows))})`;
  const aka = (match: string, rows: number) =>
    sql`SELECT * FROM (SELECT ${columns} FROM title_aliases_fts af JOIN title_aliases a ON a.id = af.rowid JOIN titles t ON t.id = a.title_id
      WHERE title_aliases_fts MATCH ${match} ${typeFilter} LIMIT ${sql.raw(String(rows))})`;
  const parts: SQL[] = [sql`SELECT * FROM (SELECT ${columns} FROM titles t WHERE lower(t.name) IN (${exact[0]}, ${exact[1]}) ${typeFilter} ORDER BY t.search_key LIMIT ${sql.raw(String(need))})`];
  const perWord = Math.max(PER_WORD_CANDIDATES, need);
  if (all) parts.push(fts(all, need * 2), aka(all, perWord));
  for (const match of [...each, ...joins]) parts.push(fts(match, perWord));
  if (any && any !== all) parts.push(aka(any, perWord));
  return parts;
}

function personCandidates(plan: Plan, exact: string[], need: number): SQL[] {
  const columns = sql`p.id, p.name, p.slug, p.known_for AS knownFor, p.profile, p.popularity`;
  const { all, each, joins } = expressions(plan);
  const fts = (match: string, rows: number) =>
    sql`SELECT * FROM (SELECT ${columns} FROM people_fts f JOIN people p ON p.search_key = f.rowid
      WHERE people_fts MATCH ${match} ORDER BY f.rowid LIMIT ${sql.raw(String(rows))})`;
  const parts: SQL[] = [sql`SELECT * FROM (SELECT ${columns} FROM people p WHERE lower(p.name) IN (${exact[0]}, ${exact[1]}) ORDER BY p.search_key LIMIT ${sql.raw(String(need))})`];
  const perWord = Math.max(PER_WORD_CANDIDATES, need);
  if (all) parts.push(fts(all, need * 2));
  for (const match of [...each, ...joins]) parts.push(fts(match, perWord));
  return parts;
}

function titleNames(row: TitleRow): string[] {
  const names = [row.name];
  if (row.originalName && row.originalName !== row.name) names.push(row.originalName);
  if (row.aliases) {
    try {
      for (const alias of JSON.parse(row.aliases) as unknown[]) if (typeof alias === "string" && !names.includes(alias)) names.push(alias);
    } catch {
      // A malformed list only loses the aliases.
    }
  }
  return names;
}

function toTitleHit(row: TitleRow, matchedName: string): TitleHit {
  return {
    kind: "title",
    id: row.id,
    type: row.type,
    name: row.name,
    originalName: row.originalName,
    slug: row.slug,
    year: row.year,
    poster: row.poster,
    popularity: row.popularity,
    alsoKnownAs: matchedName !== row.name ? matchedName : null,
  };
}

// --- Step 3: ranking ------------------------------------------------------------------------

export interface NameMatch {
  /** Required query words the name does not hold in any spelling. */
  missing: number;
  /** 0: the whole name is the query; 1: the same but for articles ("matrix", "The Matrix"); 2: the name starts with it; 3: the words are elsewhere in it. */
  tier: 0 | 1 | 2 | 3;
  /** Edits forgiven (Damerau–Levenshtein, summed over the words). */
  typos: number;
  /** For each query slot, the name's word(s) it matched ("" when missing or optional). */
  spelled: string[];
}

/**
 * How well one name answers the query. Each required query word finds its
 * cheapest match among the name's words: the word or another spelling of it
 * (number forms, short forms, singular), a prefix (the last word as typed),
 * a typo within the word's allowance, two neighbouring name words it splits
 * into, or, with the next query word, one name word they join into.
 */
export function matchName(analysed: AnalysedQuery, name: string): NameMatch {
  const tokens = nameWords(name);
  const used = new Set<number>();
  const spelled = analysed.slots.map(() => "");
  let missing = 0;
  let typos = 0;
  let prefixUsed = false;
  const slots = analysed.slots;
  const positions: number[] = [];
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i];
    let best: { cost: number; at: number; span: number; joined: boolean; prefix: boolean } | null = null;
    const consider = (cost: number, at: number, span: number, joined = false, prefix = false) => {
      if (!best || cost < best.cost || (cost === best.cost && used.has(best.at) && !used.has(at))) best = { cost, at, span, joined, prefix };
    };
    tokens.forEach((token, at) => {
      if (token === slot.word || slot.forms.includes(token)) consider(0, at, 1);
      else if (slot.prefix && token.startsWith(slot.word)) consider(0, at, 1, false, true);
      else if (slot.typos > 0) {
        const d = Math.min(editDistance(slot.word, token, slot.typos), slot.prefix ? prefixDistance(slot.word, token, slot.typos) : Infinity);
        if (d <= slot.typos) consider(d, at, 1);
      }
      // "walle" against "wall" "e"; "schindlers" against "schindler" "s".
      const next = tokens[at + 1];
      if (next !== undefined && token + next === slot.word) consider(0.25, at, 2);
      // "brave" "heart" against "braveheart".
      const following = slots[i + 1];
      if (following && !slot.optional && !following.optional) {
        const joined = slot.word + following.word;
        const max = allowedTypos([...joined].length);
        const d = token === joined ? 0 : editDistance(joined, token, max);
        if (d <= max) consider(d + 0.25, at, 1, true);
      }
    });
    const found = best as { cost: number; at: number; span: number; joined: boolean; prefix: boolean } | null;
    if (!found) {
      if (!slot.optional) missing++;
      continue;
    }
    typos += Math.floor(found.cost);
    if (found.prefix) prefixUsed = true;
    for (let k = 0; k < found.span; k++) used.add(found.at + k);
    positions.push(found.at);
    spelled[i] = tokens.slice(found.at, found.at + found.span).join(" ");
    if (found.joined) {
      // The next query word is part of the same name word.
      spelled[i + 1] = "";
      i++;
    }
  }
  // Articles in the name need not be typed ("departed" is the whole of "The Departed").
  const significant = tokens.filter((t) => !isOptionalWord(t)).length;
  const usedSignificant = [...used].filter((at) => !isOptionalWord(tokens[at])).length;
  const inOrder = positions.every((p, k) => k === 0 || p > positions[k - 1]);
  const firstSignificant = tokens.findIndex((t) => !isOptionalWord(t));
  const startsAtName = positions.length > 0 && (positions[0] === 0 || positions[0] === firstSignificant);
  let tier: 0 | 1 | 2 | 3 = 3;
  if (missing === 0 && typos === 0 && inOrder && startsAtName) tier = prefixUsed || usedSignificant < significant ? 2 : used.size === tokens.length ? 0 : 1;
  return { missing, tier, typos, spelled };
}

interface Ranked<R> {
  row: R;
  match: NameMatch;
  matchedName: string;
  key: number[];
}

function better(a: NameMatch, b: NameMatch): boolean {
  return a.missing !== b.missing ? a.missing < b.missing : a.tier !== b.tier ? a.tier < b.tier : a.typos < b.typos;
}

/** Best first; each row once. Rows that hold none of the required words are dropped, and rows missing some when others hold all. */
function rank<R extends { id: number; popularity: number; year?: number | null }>(candidates: { row: R; names: string[] }[], analysed: AnalysedQuery): Ranked<R>[] {
  const required = analysed.slots.filter((s) => !s.optional).length;
  const seen = new Set<number>();
  const ranked: Ranked<R>[] = [];
  for (const { row, names } of candidates) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    let bestMatch: NameMatch | null = null;
    let matchedName = names[0];
    for (const name of names) {
      const match = matchName(analysed, name);
      if (!bestMatch || better(match, bestMatch)) {
        bestMatch = match;
        matchedName = name;
      }
    }
    if (!bestMatch || (required > 0 && bestMatch.missing >= required)) continue;
    const yearMiss = analysed.year !== null && "year" in row ? (row.year === analysed.year ? 0 : row.year != null && Math.abs(row.year - analysed.year) === 1 ? 1 : 2) : 0;
    ranked.push({ row, match: bestMatch, matchedName, key: [bestMatch.missing, yearMiss, bestMatch.tier, bestMatch.typos, -row.popularity, row.id] });
  }
  // Titles missing a query word only when none holds them all (a missing or extra word is then
  // forgiven; otherwise "the dark knight" would list every Knight among the people).
  const complete = ranked.filter((r) => r.match.missing === 0);
  return (complete.length ? complete : ranked).sort((a, b) => {
    for (let k = 0; k < a.key.length; k++) if (a.key[k] !== b.key[k]) return a.key[k] - b.key[k];
    return 0;
  });
}

/**
 * "Did you mean": when no title or person holds every query word as typed,
 * the query spelled as the best match spells it.
 */
function didYouMean(analysed: AnalysedQuery, titles: Ranked<unknown>[], people: Ranked<unknown>[]): string | null {
  const clean = (r: Ranked<unknown>) => r.match.missing === 0 && r.match.typos === 0;
  if (titles.some(clean) || people.some(clean)) return null;
  const best = [titles[0], people[0]].filter(Boolean).sort((a, b) => a.match.missing - b.match.missing || a.match.typos - b.match.typos)[0];
  if (!best || best.match.missing > 0) return null;
  const words = analysed.slots.map((slot, i) => best.match.spelled[i] || (slot.optional ? slot.word : "")).filter(Boolean);
  const suggestion = words.join(" ");
  return suggestion && suggestion !== analysed.text ? suggestion : null;
}

function clampInt(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === "number" && Number.isFinite(value) ? Math.trunc(value) : fallback;
  return Math.min(max, Math.max(min, n));
}
