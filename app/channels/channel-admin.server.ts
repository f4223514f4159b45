import { and, asc, count, desc, eq, inArray, like, ne, or, sql } from "drizzle-orm";
import { episodes, genres, keywords, people, titles, videos } from "~/catalogue/tables";
import { CHANNEL_MAX_ITEMS } from "~/constants";
import type { Database } from "~/db/client.server";
import { changedFields, isUniqueViolation, newRowId, runBatch, type ChangeRecorder, type Statement } from "~/db/change-recorder";
import type { ChannelFormInput } from "./schema";
import { findChannel } from "./channels.server";
import { refreshChannel } from "./refresh.server";
import { channelRuleSchema, type ChannelRule } from "./rules";
import { channelItems, channels, type ChannelItemType } from "./tables";
import { watchProviders } from "~/tmdb/tables";

/**
 * The admin area's channel writes (decision 022). Each write and its audit
 * record commit in one batch; automatic channels are refreshed on save.
 */

export const CHANNEL_SORTS = ["updated_at", "name", "slug", "created_at"] as const;
export type ChannelSort = (typeof CHANNEL_SORTS)[number];

const sortColumns = { updated_at: channels.updatedAt, name: channels.name, slug: channels.slug, created_at: channels.createdAt } as const;

export async function listChannelsForAdmin(db: Database, query: { q: string; source: string | null; sort: ChannelSort; dir: "asc" | "desc"; offset: number; limit: number }) {
  const where = and(query.q ? or(like(channels.name, `%${query.q}%`), like(channels.slug, `%${query.q}%`)) : undefined, query.source ? eq(channels.source, query.source as "manual") : undefined);
  const order = query.dir === "asc" ? asc(sortColumns[query.sort]) : desc(sortColumns[query.sort]);
  const [rows, total] = await db.batch([
    db
      .select({
        id: channels.id,
        name: channels.name,
        slug: channels.slug,
        source: channels.source,
        layout: channels.layout,
        public: channels.public,
        updatedAt: channels.updatedAt,
        refreshedAt: channels.refreshedAt,
      })
      .from(channels)
      .where(where)
      .orderBy(order, asc(channels.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(channels).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export function listChannelChoices(db: Database) {
  return db.select({ id: channels.id, name: channels.name, slug: channels.slug }).from(channels).orderBy(asc(channels.name)).limit(500);
}

/** The watch providers a "where to watch" rule can name, in TMDB's display order (watch_providers_display_idx). */
export function listWatchProviderChoices(db: Database) {
  return db
    .select({ id: watchProviders.id, name: watchProviders.name })
    .from(watchProviders)
    .orderBy(asc(watchProviders.displayPriority), asc(watchProviders.name), asc(watchProviders.id))
    .limit(1000);
}

export async function loadChannelForEditor(db: Database, id: number) {
  const [row] = await db.select().from(channels).where(eq(channels.id, id)).limit(1);
  return row ?? null;
}

export type ChannelSaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, string[]>; notFound?: true };

/** The rule a form describes, with field errors for genres and keywords that do not exist. */
async function ruleFromForm(db: Database, input: ChannelFormInput): Promise<{ rule: ChannelRule } | { errors: Record<string, string[]> }> {
  const errors: Record<string, string[]> = {};
  const [knownGenres, knownKeywords] = await Promise.all([
    input.ruleGenres.length ? db.select({ slug: genres.slug }).from(genres).where(inArray(genres.slug, input.ruleGenres)) : [],
    input.ruleKeywords.length ? db.select({ slug: keywords.slug }).from(keywords).where(inArray(keywords.slug, input.ruleKeywords)) : [],
  ]);
  const unknownGenres = input.ruleGenres.filter((g) => !knownGenres.some((k) => k.slug === g));
  const unknownKeywords = input.ruleKeywords.filter((g) => !knownKeywords.some((k) => k.slug === g));
  if (unknownGenres.length) errors.ruleGenres = [`Unknown genre: ${unknownGenres.join(", ")}`];
  if (unknownKeywords.length) errors.ruleKeywords = [`Unknown keyword: ${unknownKeywords.join(", ")}`];
  if (input.ruleKind === "where_to_watch") {
    if (input.ruleProvider === undefined) errors.ruleProvider = ["Choose a provider."];
    else if (!(await db.select({ id: watchProviders.id }).from(watchProviders).where(eq(watchProviders.id, input.ruleProvider)).limit(1)).length) errors.ruleProvider = ["Unknown provider."];
    if (!input.ruleRegion) errors.ruleRegion = ["A two-letter country code, e.g. US."];
  }
  if (Object.keys(errors).length) return { errors };
  const rule = channelRuleSchema.parse({
    kind: input.ruleKind,
    type: input.ruleType,
    genres: input.ruleGenres,
    keywords: input.ruleKeywords,
    yearFrom: input.ruleYearFrom,
    yearTo: input.ruleYearTo,
    certification: input.ruleCertification || undefined,
    language: input.ruleLanguage || undefined,
    country: input.ruleCountry || undefined,
    ratingSource: input.ruleRatingSource,
    minVotes: input.ruleMinVotes,
    days: input.ruleDays,
    genreFromUrl: input.ruleGenreFromUrl,
    provider: input.ruleKind === "where_to_watch" ? input.ruleProvider : undefined,
    region: input.ruleKind === "where_to_watch" ? input.ruleRegion : undefined,
  });
  return { rule };
}

async function channelValues(db: Database, input: ChannelFormInput & { slug: string }) {
  let rule: ChannelRule | null = null;
  if (input.source === "automatic") {
    const result = await ruleFromForm(db, input);
    if ("errors" in result) return { errors: result.errors };
    rule = result.rule;
  }
  return {
    values: {
      name: input.name,
      slug: input.slug,
      description: input.description || null,
      seoTitle: input.seoTitle || null,
      seoDescription: input.seoDescription || null,
      layout: input.layout,
      perPage: input.perPage,
      public: input.public,
      source: input.source,
      rule,
    },
  };
}

const SLUG_TAKEN = { slug: ["Another channel already uses this slug."] };
const NAME_TAKEN = { name: ["Another channel already has this name."] };

/** Names are unique ignoring case (channels_name_unique on lower(name), decision 043): the admin list tells channels apart by name. */
async function nameTaken(db: Database, name: string, exceptId: number | null) {
  const [row] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(sql`lower(${channels.name}) = lower(${name})`, exceptId === null ? undefined : ne(channels.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

/** Which unique index a failed write hit: the name's is an expression index, so SQLite names the index. */
function takenErrors(error: unknown) {
  return /channels_name_unique/.test(String((error as { message?: unknown })?.message ?? "") + String((error as { cause?: { message?: unknown } })?.cause?.message ?? "")) ? NAME_TAKEN : SLUG_TAKEN;
}

export async function createChannel(db: Database, input: ChannelFormInput & { slug: string }, record?: ChangeRecorder): Promise<ChannelSaveResult> {
  const built = await channelValues(db, input);
  if ("errors" in built) return { ok: false, errors: built.errors! };
  if (await nameTaken(db, input.name, null)) return { ok: false, errors: NAME_TAKEN };
  const [taken] = await db.select({ id: channels.id }).from(channels).where(eq(channels.slug, input.slug)).limit(1);
  if (taken) return { ok: false, errors: SLUG_TAKEN };
  const statements: Statement[] = [db.insert(channels).values(built.values).returning({ id: channels.id })];
  if (record) statements.push(record({ subjectId: newRowId, label: built.values.name, before: null, after: built.values }));
  try {
    const [inserted] = (await runBatch(db, statements)) as [{ id: number }[]];
    const id = inserted[0].id;
    await refreshChannel(db, { id, source: built.values.source, rule: built.values.rule });
    return { ok: true, id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, errors: takenErrors(error) };
    throw error;
  }
}

export async function updateChannel(db: Database, id: number, input: ChannelFormInput & { slug: string }, record?: ChangeRecorder): Promise<ChannelSaveResult> {
  const current = await loadChannelForEditor(db, id);
  if (!current) return { ok: false, notFound: true, errors: {} };
  const built = await channelValues(db, input);
  if ("errors" in built) return { ok: false, errors: built.errors! };
  if (input.slug !== current.slug) {
    const [taken] = await db
      .select({ id: channels.id })
      .from(channels)
      .where(and(eq(channels.slug, input.slug), ne(channels.id, id)))
      .limit(1);
    if (taken) return { ok: false, errors: SLUG_TAKEN };
  }
  if (input.name.toLowerCase() !== current.name.toLowerCase() && (await nameTaken(db, input.name, id))) return { ok: false, errors: NAME_TAKEN };
  const diff = changedFields(current, built.values);
  const statements: Statement[] = [];
  if (diff.changed) {
    statements.push(
      db
        .update(channels)
        .set({ ...built.values, updatedAt: new Date() })
        .where(eq(channels.id, id)),
    );
    // A channel that stops being automatic keeps no stale rule items; manual items are kept when the source stays.
    if (current.source !== built.values.source) statements.push(db.delete(channelItems).where(eq(channelItems.channelId, id)));
    if (record) statements.push(record({ subjectId: id, label: built.values.name, before: diff.before, after: diff.after }));
  }
  try {
    await runBatch(db, statements);
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, errors: takenErrors(error) };
    throw error;
  }
  if (built.values.source === "automatic") await refreshChannel(db, { id, source: "automatic", rule: built.values.rule });
  return { ok: true, id };
}

/**
 * The channels the home page uses (decision 043): the channel the
 * `homepage.channel` setting names and every channel below it. Deleting one
 * would empty the home page or a row of it, so the server refuses.
 */
export async function homePageChannelIds(db: Database, homepageChannel: string): Promise<Set<number>> {
  const root = homepageChannel ? await findChannel(db, homepageChannel) : null;
  if (!root) return new Set();
  const rows = (await db.all(sql`WITH RECURSIVE below(id) AS (
      SELECT ${root.id}
      UNION SELECT ci.child_channel_id FROM channel_items ci JOIN below ON ci.channel_id = below.id WHERE ci.child_channel_id IS NOT NULL
    ) SELECT id FROM below`)) as { id: number }[];
  return new Set(rows.map((r) => Number(r.id)));
}

export type DeleteChannelsResult = { ok: true; deleted: number[] } | { ok: false; inUse: string[] };

/** Deletes channels, all or none: a channel the home page uses refuses the whole request. */
export async function deleteChannels(db: Database, ids: number[], homepageChannel: string, record?: ChangeRecorder): Promise<DeleteChannelsResult> {
  if (ids.length === 0) return { ok: true, deleted: [] };
  const rows = await db.select({ id: channels.id, name: channels.name, slug: channels.slug }).from(channels).where(inArray(channels.id, ids));
  if (rows.length === 0) return { ok: true, deleted: [] };
  const used = await homePageChannelIds(db, homepageChannel);
  const inUse = rows.filter((r) => used.has(r.id)).map((r) => r.name);
  if (inUse.length) return { ok: false, inUse };
  const statements: Statement[] = [
    db.delete(channels).where(
      inArray(
        channels.id,
        rows.map((r) => r.id),
      ),
    ),
  ];
  if (record) for (const row of rows) statements.push(record({ subjectId: row.id, label: row.name, before: { name: row.name, slug: row.slug }, after: null }));
  await runBatch(db, statements);
  return { ok: true, deleted: rows.map((r) => r.id) };
}

/** "Refresh now", audit-logged. */
export async function refreshChannelNow(db: Database, id: number, record?: ChangeRecorder) {
  const channel = await loadChannelForEditor(db, id);
  if (channel?.source !== "automatic") return false;
  await refreshChannel(db, channel);
  if (record) await runBatch(db, [record({ subjectId: id, label: channel.name, before: null, after: { refreshed: true } })]);
  return true;
}

// --- Manual and nested items ------------------------------------------------------

const TARGET_COLUMN = { title: "titleId", person: "personId", episode: "episodeId", video: "videoId", channel: "childChannelId" } as const;

/** Whether `childId` holds `parentId` somewhere below it (or is it): adding it would make a cycle. */
async function wouldNest(db: Database, parentId: number, childId: number) {
  if (parentId === childId) return true;
  const rows = (await db.all(sql`WITH RECURSIVE below(id) AS (
      SELECT ${childId}
      UNION SELECT ci.child_channel_id FROM channel_items ci JOIN below ON ci.channel_id = below.id WHERE ci.child_channel_id IS NOT NULL
    ) SELECT 1 AS hit FROM below WHERE id = ${parentId} LIMIT 1`)) as unknown[];
  return rows.length > 0;
}

async function targetLabel(db: Database, kind: ChannelItemType, id: number): Promise<string | null> {
  const pick = async (rows: Promise<{ name: string }[]>) => (await rows)[0]?.name ?? null;
  switch (kind) {
    case "title":
      return pick(db.select({ name: titles.name }).from(titles).where(eq(titles.id, id)).limit(1));
    case "person":
      return pick(db.select({ name: people.name }).from(people).where(eq(people.id, id)).limit(1));
    case "episode":
      return pick(db.select({ name: episodes.name }).from(episodes).where(eq(episodes.id, id)).limit(1));
    case "video":
      return pick(db.select({ name: videos.name }).from(videos).where(eq(videos.id, id)).limit(1));
    case "channel":
      return pick(db.select({ name: channels.name }).from(channels).where(eq(channels.id, id)).limit(1));
  }
}

export type ItemChangeResult = { ok: true } | { ok: false; message: string };

/** Appends an item; nested channels take channels only, manual channels anything else; no cycles. */
export async function addChannelItem(db: Database, channelId: number, kind: ChannelItemType, targetId: number, record?: ChangeRecorder): Promise<ItemChangeResult> {
  const channel = await loadChannelForEditor(db, channelId);
  if (!channel || channel.source === "automatic") return { ok: false, message: "Automatic channels fill themselves from their rule." };
  if (channel.source === "nested" && kind !== "channel") return { ok: false, message: "A nested channel holds channels only." };
  if (kind === "channel" && (await wouldNest(db, channelId, targetId))) return { ok: false, message: "A channel cannot contain itself." };
  const label = await targetLabel(db, kind, targetId);
  if (label === null) return { ok: false, message: "That item does not exist." };
  const [{ n, last }] = await db
    .select({ n: count(), last: sql<number | null>`max(${channelItems.position})` })
    .from(channelItems)
    .where(and(eq(channelItems.channelId, channelId), eq(channelItems.variant, "")));
  if (n >= CHANNEL_MAX_ITEMS) return { ok: false, message: "This channel is full." };
  const statements: Statement[] = [
    db.insert(channelItems).values({ channelId, variant: "", position: (last ?? -1) + 1, [TARGET_COLUMN[kind]]: targetId }),
    db.update(channels).set({ updatedAt: new Date() }).where(eq(channels.id, channelId)),
  ];
  if (record) statements.push(record({ subjectId: channelId, label: channel.name, before: null, after: { added: { kind, id: targetId, name: label } } }));
  await runBatch(db, statements);
  return { ok: true };
}

export async function removeChannelItem(db: Database, channelId: number, itemId: number, record?: ChangeRecorder) {
  const [item] = await db
    .select()
    .from(channelItems)
    .where(and(eq(channelItems.id, itemId), eq(channelItems.channelId, channelId)))
    .limit(1);
  if (!item) return false;
  const statements: Statement[] = [db.delete(channelItems).where(eq(channelItems.id, itemId)), db.update(channels).set({ updatedAt: new Date() }).where(eq(channels.id, channelId))];
  if (record) statements.push(record({ subjectId: channelId, label: null, before: { removedItem: itemId }, after: null }));
  await runBatch(db, statements);
  return true;
}

/**
 * Puts a manual channel's items in the given order (ids of channel_items).
 * The list must be exactly the channel's items: a stale page (someone else
 * added or removed one meanwhile) is refused rather than half applied.
 */
export async function reorderChannelItems(db: Database, channelId: number, order: number[], record?: ChangeRecorder): Promise<ItemChangeResult> {
  const rows = await db
    .select({ id: channelItems.id, position: channelItems.position })
    .from(channelItems)
    .where(and(eq(channelItems.channelId, channelId), eq(channelItems.variant, "")))
    .orderBy(asc(channelItems.position));
  const current = rows.map((r) => r.id);
  if (order.length !== current.length || new Set(order).size !== order.length || !order.every((id) => current.includes(id))) {
    return { ok: false, message: "The list changed meanwhile: reload and try again." };
  }
  if (order.every((id, i) => current[i] === id)) return { ok: true };
  const statements: Statement[] = order.map((id, position) => db.update(channelItems).set({ position }).where(eq(channelItems.id, id)));
  statements.push(db.update(channels).set({ updatedAt: new Date() }).where(eq(channels.id, channelId)));
  if (record) statements.push(record({ subjectId: channelId, label: null, before: { order: current }, after: { order } }));
  await runBatch(db, statements);
  return { ok: true };
}

/** Moves one item a step up (-1) or down (+1): the buttons that work without JavaScript. */
export async function moveChannelItem(db: Database, channelId: number, itemId: number, step: -1 | 1, record?: ChangeRecorder): Promise<ItemChangeResult> {
  const rows = await db
    .select({ id: channelItems.id })
    .from(channelItems)
    .where(and(eq(channelItems.channelId, channelId), eq(channelItems.variant, "")))
    .orderBy(asc(channelItems.position));
  const order = rows.map((r) => r.id);
  const at = order.indexOf(itemId);
  if (at < 0) return { ok: false, message: "That item is no longer in this channel." };
  const to = at + step;
  if (to < 0 || to >= order.length) return { ok: true };
  [order[at], order[to]] = [order[to], order[at]];
  return reorderChannelItems(db, channelId, order, record);
}

/** The picker's search: titles, people, episodes, videos and channels whose name matches (at most 10 of each). */
export async function searchChannelPicker(db: Database, q: string, kinds: ChannelItemType[]) {
  const term = `%${q.replace(/[%_]/g, "")}%`;
  const limit = 10;
  const [titleRows, peopleRows, episodeRows, videoRows, channelRows] = await Promise.all([
    kinds.includes("title")
      ? db.select({ id: titles.id, name: titles.name, year: titles.year, type: titles.type }).from(titles).where(like(titles.name, term)).orderBy(desc(titles.popularity)).limit(limit)
      : [],
    kinds.includes("person") ? db.select({ id: people.id, name: people.name }).from(people).where(like(people.name, term)).orderBy(desc(people.popularity)).limit(limit) : [],
    kinds.includes("episode")
      ? db
          .select({ id: episodes.id, name: episodes.name, season: episodes.seasonNumber, episode: episodes.episodeNumber, show: titles.name })
          .from(episodes)
          .innerJoin(titles, eq(titles.id, episodes.titleId))
          .where(like(episodes.name, term))
          .orderBy(asc(episodes.name), asc(episodes.id))
          .limit(limit)
      : [],
    kinds.includes("video")
      ? db
          .select({ id: videos.id, name: videos.name, category: videos.category, title: titles.name })
          .from(videos)
          .innerJoin(titles, eq(titles.id, videos.titleId))
          .where(like(videos.name, term))
          .orderBy(asc(videos.name), asc(videos.id))
          .limit(limit)
      : [],
    kinds.includes("channel")
      ? db
          .select({ id: channels.id, name: channels.name, slug: channels.slug })
          .from(channels)
          .where(or(like(channels.name, term), like(channels.slug, term)))
          .orderBy(asc(channels.name))
          .limit(limit)
      : [],
  ]);
  return [
    ...titleRows.map((r) => ({ kind: "title" as const, id: r.id, label: `${r.name}${r.year ? ` (${r.year})` : ""}`, detail: r.type })),
    ...peopleRows.map((r) => ({ kind: "person" as const, id: r.id, label: r.name, detail: "person" })),
    ...episodeRows.map((r) => ({ kind: "episode" as const, id: r.id, label: r.name, detail: `${r.show} S${r.season}E${r.episode}` })),
    ...videoRows.map((r) => ({ kind: "video" as const, id: r.id, label: r.name, detail: `${r.title} · ${r.category}` })),
    ...channelRows.map((r) => ({ kind: "channel" as const, id: r.id, label: r.name, detail: `/channel/${r.slug}` })),
  ];
}

/** A manual channel's items for the editor, in order, with their ids. */
export async function listEditorItems(db: Database, channelId: number) {
  const rows = (await db.all(sql`SELECT ci.id AS id, ci.position AS position,
      coalesce(t.name, p.name, e.name, v.name, cc.name) AS name,
      CASE WHEN ci.title_id IS NOT NULL THEN 'title' WHEN ci.person_id IS NOT NULL THEN 'person' WHEN ci.episode_id IS NOT NULL THEN 'episode' WHEN ci.video_id IS NOT NULL THEN 'video' ELSE 'channel' END AS kind
    FROM channel_items ci
    LEFT JOIN titles t ON t.id = ci.title_id LEFT JOIN people p ON p.id = ci.person_id
    LEFT JOIN episodes e ON e.id = ci.episode_id LEFT JOIN videos v ON v.id = ci.video_id
    LEFT JOIN channels cc ON cc.id = ci.child_channel_id
    WHERE ci.channel_id = ${channelId} AND ci.variant = '' ORDER BY ci.position LIMIT ${CHANNEL_MAX_ITEMS}`)) as { id: number; position: number; name: string; kind: ChannelItemType }[];
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name), kind: r.kind }));
}
