import { eq, sql, type SQL } from "drizzle-orm";
import { genres } from "~/catalogue/tables";
import { CHANNEL_AIRING_DAYS, CHANNEL_AUTOMATIC_ITEMS } from "~/constants";
import type { Database } from "~/db/client.server";
import { runBatch, type Statement } from "~/db/change-recorder";
import { channelRuleSchema, ruleListsEpisodes, type ChannelRule, type RatingSource } from "./rules";
import { channelItems, channels } from "./tables";

/**
 * Automatic channels (decision 022): a rule runs as one INSERT ... SELECT
 * (the SELECT lists every channel_items column in table order, as drizzle's
 * insert-select writes them)
 * over the catalogue, in the same batch as the DELETE of the previous items,
 * so a page never sees a half-refreshed channel and no item list crosses the
 * Worker (D1 binds at most 100 parameters per statement). Pages only read
 * the stored rows. Run by the Cron job, on save and by "Refresh now".
 */

/** The rating and vote columns behind each rating source (a new source is one line). */
const RATING_COLUMNS: Record<RatingSource, { rating: SQL; votes: SQL }> = {
  site: { rating: sql`t.rating`, votes: sql`t.vote_count` },
  imdb: { rating: sql`t.external_rating`, votes: sql`coalesce(t.external_votes, 0)` },
  tmdb: { rating: sql`t.tmdb_rating`, votes: sql`coalesce(t.tmdb_votes, 0)` },
};

function isoDay(date: Date, addDays = 0) {
  return new Date(date.getTime() + addDays * 86_400_000).toISOString().slice(0, 10);
}

/** The rule's filters on titles `t`; `genre` is the address's genre for genre-from-address rules. */
function titleConditions(rule: ChannelRule, genre: string | null): SQL[] {
  const where: SQL[] = [];
  if (rule.type !== "both") where.push(sql`t.type = ${rule.type}`);
  const genreSlugs = genre ? [genre] : rule.genres;
  if (genreSlugs.length) {
    where.push(
      sql`t.id IN (SELECT tg.title_id FROM title_genres tg JOIN genres g ON g.id = tg.genre_id WHERE g.slug IN (${sql.join(
        genreSlugs.map((s) => sql`${s}`),
        sql`, `,
      )}))`,
    );
  }
  if (rule.keywords.length) {
    where.push(
      sql`t.id IN (SELECT tk.title_id FROM title_keywords tk JOIN keywords k ON k.id = tk.keyword_id WHERE k.slug IN (${sql.join(
        rule.keywords.map((s) => sql`${s}`),
        sql`, `,
      )}))`,
    );
  }
  if (rule.yearFrom !== undefined) where.push(sql`t.year >= ${rule.yearFrom}`);
  if (rule.yearTo !== undefined) where.push(sql`t.year <= ${rule.yearTo}`);
  if (rule.certification) where.push(sql`t.certification = ${rule.certification}`);
  if (rule.language) where.push(sql`t.language = ${rule.language}`);
  if (rule.country) where.push(sql`EXISTS (SELECT 1 FROM json_each(t.countries) WHERE json_each.value = ${rule.country})`);
  return where;
}

/** The INSERT ... SELECT that stores one list of a rule (one variant). */
export function ruleInsertStatement(db: Database, channelId: number, rule: ChannelRule, variant: string, today: Date): Statement {
  const genre = variant || null;
  const where = titleConditions(rule, genre);
  const limit = CHANNEL_AUTOMATIC_ITEMS;
  if (ruleListsEpisodes(rule)) {
    where.push(sql`e.air_date >= ${isoDay(today)}`, sql`e.air_date < ${isoDay(today, CHANNEL_AIRING_DAYS)}`);
    const order = sql`e.air_date ASC, t.popularity DESC, e.id ASC`;
    return db.insert(channelItems).select(sql`
      SELECT NULL, ${channelId}, ${variant}, rn - 1, NULL, NULL, id, NULL, NULL FROM (
        SELECT e.id AS id, row_number() OVER (ORDER BY ${order}) AS rn
        FROM episodes e JOIN titles t ON t.id = e.title_id
        WHERE ${sql.join(where, sql` AND `)} ORDER BY ${order} LIMIT ${limit})`);
  }
  let order: SQL;
  switch (rule.kind) {
    case "trending":
      order = sql`t.trending_score DESC, t.popularity DESC, t.id ASC`;
      break;
    case "popular":
      order = sql`t.popularity DESC, t.id ASC`;
      break;
    case "top_rated": {
      const columns = RATING_COLUMNS[rule.ratingSource];
      where.push(sql`${columns.rating} IS NOT NULL`, sql`${columns.votes} >= ${rule.minVotes}`);
      order = sql`${columns.rating} DESC, ${columns.votes} DESC, t.id ASC`;
      break;
    }
    case "new_releases":
      where.push(sql`t.release_date <= ${isoDay(today)}`);
      if (rule.days !== undefined) where.push(sql`t.release_date >= ${isoDay(today, -rule.days)}`);
      order = sql`t.release_date DESC, t.popularity DESC, t.id ASC`;
      break;
    case "coming_soon":
      where.push(sql`t.release_date > ${isoDay(today)}`);
      order = sql`t.release_date ASC, t.popularity DESC, t.id ASC`;
      break;
    case "recently_added":
      order = sql`t.created_at DESC, t.id DESC`;
      break;
    case "where_to_watch":
      // The rule's schema requires both; title_watch_providers_provider_idx (provider_id, region) finds the titles.
      where.push(sql`t.id IN (SELECT twp.title_id FROM title_watch_providers twp WHERE twp.provider_id = ${rule.provider ?? 0} AND twp.region = ${rule.region ?? ""})`);
      order = sql`t.popularity DESC, t.id ASC`;
      break;
    default:
      throw new Error(`unknown rule kind ${rule.kind satisfies "airing_this_week"}`);
  }
  const condition = where.length ? sql.join(where, sql` AND `) : sql`1`;
  return db.insert(channelItems).select(sql`
    SELECT NULL, ${channelId}, ${variant}, rn - 1, id, NULL, NULL, NULL, NULL FROM (
      SELECT t.id AS id, row_number() OVER (ORDER BY ${order}) AS rn
      FROM titles t WHERE ${condition} ORDER BY ${order} LIMIT ${limit})`);
}

/**
 * Stores an automatic channel's items afresh (all lists of a
 * genre-from-address rule: one per genre). Returns false when the channel
 * is not automatic or its rule does not parse.
 */
export async function refreshChannel(db: Database, channel: { id: number; source: string; rule: unknown }, today = new Date()) {
  if (channel.source !== "automatic") return false;
  const parsed = channelRuleSchema.safeParse(channel.rule);
  if (!parsed.success) return false;
  const rule = parsed.data;
  const variants = rule.genreFromUrl ? (await db.select({ slug: genres.slug }).from(genres)).map((g) => g.slug) : [""];
  const statements: Statement[] = [db.delete(channelItems).where(eq(channelItems.channelId, channel.id))];
  for (const variant of variants) statements.push(ruleInsertStatement(db, channel.id, rule, variant, today));
  statements.push(db.update(channels).set({ refreshedAt: new Date() }).where(eq(channels.id, channel.id)));
  await runBatch(db, statements);
  return true;
}

/** Every automatic channel, one batch each (the Cron job). */
export async function refreshAutomaticChannels(db: Database, today = new Date()) {
  const rows = await db.select({ id: channels.id, source: channels.source, rule: channels.rule }).from(channels).where(eq(channels.source, "automatic"));
  let refreshed = 0;
  for (const row of rows) if (await refreshChannel(db, row, today)) refreshed++;
  return { refreshed };
}
