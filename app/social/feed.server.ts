import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { users } from "~/auth/users.tables";
import { episodes, titles } from "~/catalogue/tables";
import { titlePath } from "~/http/slug";
import { reviews } from "~/community/tables";
import { reviewPath } from "~/http/review-paths";
import { FEED_GROUP_WINDOW_S, FEED_PAGE_SIZE } from "~/constants";
import type { Database } from "~/db/client.server";
import { listPath } from "~/lists/lists";
import { lists } from "~/lists/tables";
import { profilePath, publicName } from "~/profiles/public-profile";
import { encodeFeedCursor, type FeedItem } from "./feed";

/**
 * The activity feed, built on read (decision 033): the acts of the members
 * I follow (active follows only; a member whose activity is "only me" is
 * left out; a block ends follows both ways), newest first, keyset on the
 * activity id. The statement walks follows_follower_idx for my follows and,
 * for each, activities_user_idx below the cursor (CROSS JOIN fixes that
 * order, so SQLite never scans activities by id instead).
 */
export interface FeedRow {
  id: number;
  user_id: number;
  kind: FeedItem["kind"];
  title_id: number | null;
  episode_id: number | null;
  subject_id: number;
  rating: number | null;
  watched_on: string | null;
  created_at: number;
}

export function feedRowsStatement(db: Database, viewerId: number, before: number | null, limit: number) {
  return db.all<FeedRow>(sql`
    SELECT a.id, a.user_id, a.kind, a.title_id, a.episode_id, a.subject_id, a.rating, a.watched_on, a.created_at
    FROM follows f
    CROSS JOIN activities a ON a.user_id = f.followee_id ${before ? sql`AND a.id < ${before}` : sql``}
    LEFT JOIN member_social ms ON ms.user_id = f.followee_id
    WHERE f.follower_id = ${viewerId} AND f.status = 'active' AND coalesce(ms.activity_visibility, 'everyone') <> 'only_me'
    ORDER BY a.id DESC
    LIMIT ${limit}`);
}

/** One page of my feed: grouped items and the cursor of the next page (null at the end). */
export async function loadFeed(db: Database, viewerId: number, { before = null as number | null, limit = FEED_PAGE_SIZE } = {}) {
  const rows = await feedRowsStatement(db, viewerId, before, limit + 1);
  const page = rows.slice(0, limit);
  const next = rows.length > limit && page.length ? encodeFeedCursor(page.at(-1)!.id) : null;
  return { items: await hydrate(db, page), next };
}

/** What the rows name (people, titles, reviews, lists, episodes): one batch of primary-key reads, no N+1. */
export async function hydrate(db: Database, rows: FeedRow[]): Promise<FeedItem[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.map((r) => r.user_id))];
  const titleIds = [...new Set(rows.map((r) => r.title_id).filter((id): id is number => id !== null))];
  const reviewIds = [...new Set(rows.filter((r) => r.kind === "review" || r.kind === "review_like").map((r) => r.subject_id))];
  const listIds = [...new Set(rows.filter((r) => r.kind === "list" || r.kind === "list_like").map((r) => r.subject_id))];
  const episodeIds = [...new Set(rows.map((r) => r.episode_id).filter((id): id is number => id !== null))];
  const none = sql`0`;
  const [people, titleRows, reviewRows, listRows, episodeRows] = await db.batch([
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, displayName: users.displayName, username: users.username, avatar: users.avatar })
      .from(users)
      .where(and(inArray(users.id, userIds), isNull(users.bannedAt))),
    db
      .select({ id: titles.id, name: titles.name, slug: titles.slug, type: titles.type, year: titles.year, poster: titles.poster })
      .from(titles)
      .where(titleIds.length ? inArray(titles.id, titleIds) : none),
    db
      .select({ id: reviews.id, headline: reviews.headline, score: reviews.score, titleId: reviews.titleId, episodeId: reviews.episodeId })
      .from(reviews)
      .where(and(reviewIds.length ? inArray(reviews.id, reviewIds) : none, eq(reviews.status, "published"))),
    db
      .select({ id: lists.id, name: lists.name, slug: lists.slug })
      .from(lists)
      .where(and(listIds.length ? inArray(lists.id, listIds) : none, eq(lists.public, true))),
    db
      .select({ id: episodes.id, season: episodes.seasonNumber, episode: episodes.episodeNumber })
      .from(episodes)
      .where(episodeIds.length ? inArray(episodes.id, episodeIds) : none),
  ]);
  const personOf = new Map(people.map((p) => [p.id, { id: p.id, name: publicName(p) ?? `#${p.id}`, path: profilePath(p), avatar: p.avatar }]));
  const titleOf = new Map(titleRows.map((t) => [t.id, { ...t, path: titlePath(t) }]));
  const reviewOf = new Map(reviewRows.map((r) => [r.id, r]));
  const listOf = new Map(listRows.map((l) => [l.id, { id: l.id, name: l.name, path: listPath(l) }]));
  const episodeOf = new Map(episodeRows.map((e) => [e.id, `S${e.season}E${e.episode}`]));

  const items: FeedItem[] = [];
  let lastAt = 0;
  for (const row of rows) {
    const person = personOf.get(row.user_id);
    if (!person) continue;
    const title = row.title_id !== null ? titleOf.get(row.title_id) : undefined;
    let review: FeedItem["review"] = null;
    let list: FeedItem["list"] = null;
    if (row.kind === "review" || row.kind === "review_like") {
      const found = reviewOf.get(row.subject_id);
      if (!found || !title) continue; // held, hidden or gone
      review = { id: found.id, headline: found.headline, score: row.kind === "review" ? found.score : null, path: reviewPath(title, found.id) };
    }
    if (row.kind === "list" || row.kind === "list_like") {
      list = listOf.get(row.subject_id) ?? null;
      if (!list) continue; // private now, or deleted
    }
    if ((row.kind === "rating" || row.kind === "watch") && !title) continue;
    const entry = title
      ? [
          {
            ...title,
            rating: row.kind === "rating" ? row.rating : null,
            watchedOn: row.kind === "watch" ? row.watched_on : null,
            episode: row.episode_id ? (episodeOf.get(row.episode_id) ?? null) : null,
          },
        ]
      : [];
    const previous = items.at(-1);
    // Grouping: the same member, the same kind (ratings or watches), close together in time.
    if (previous && (row.kind === "rating" || row.kind === "watch") && previous.kind === row.kind && previous.person.id === row.user_id && Math.abs(lastAt - row.created_at) <= FEED_GROUP_WINDOW_S) {
      previous.titles.push(...entry);
      lastAt = row.created_at;
      continue;
    }
    lastAt = row.created_at;
    items.push({ key: `a${row.id}`, kind: row.kind, person, at: new Date(row.created_at * 1000).toISOString(), titles: entry, review, list });
  }
  return items;
}
