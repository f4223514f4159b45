import { inArray, sql } from "drizzle-orm";
import { users } from "~/auth/users.tables";
import { TRACKING_ALERT_LOOKBACK_DAYS } from "~/constants";
import type { Database } from "~/db/client.server";
import { escapeHtml } from "~/mail/templates";
import { notify, type NotificationMessage, type Recipient } from "~/notifications/deliver.server";
import type { NotificationServices } from "~/notifications/services.server";
import { addDays } from "./calendar.server";

/**
 * Alerts for what a member tracks (decision 034), run by the scheduled job:
 * - a new episode (season > 0) of a series in their progress or on their
 *   watchlist aired in the last TRACKING_ALERT_LOOKBACK_DAYS days (today
 *   included);
 * - a watchlisted title's release date is in that window.
 * Exactly once per member and episode/title: the job first claims its alerts
 * with INSERT OR IGNORE ... RETURNING into `tracking_alerts` (primary key
 * member, kind, subject), so a second run, or two runs at the same time,
 * claims nothing already claimed; only claimed rows are notified, through
 * the member's channel choices for the type (app/notifications). A claim
 * whose delivery then fails is not retried (at most once, never twice).
 */

const strong = (value: string) => `<strong>${escapeHtml(value)}</strong>`;

function newEpisodeMessage(item: { series: string; season: number; episode: number; episodeName: string; path: string }): NotificationMessage {
  return {
    type: "tracking.new_episode",
    render({ t, baseUrl }) {
      const code = `S${item.season} E${item.episode}`;
      const plain = t("New episode of :series: :code :name", { series: item.series, code, name: item.episodeName });
      return {
        data: {
          lines: [{ type: "primary", content: t("New episode of :series: :code :name", { series: strong(item.series), code, name: escapeHtml(item.episodeName) }), icon: "notifications" }],
          mainAction: { label: t("Open the episode"), action: item.path },
        },
        mail: { subject: plain, block: { paragraphs: [plain], button: { label: t("Open the episode"), url: `${baseUrl}${item.path}` } } },
      };
    },
  };
}

function releaseMessage(item: { name: string; path: string }): NotificationMessage {
  return {
    type: "tracking.release",
    render({ t, baseUrl }) {
      const plain = t(":name from your watchlist is out", { name: item.name });
      return {
        data: {
          lines: [{ type: "primary", content: t(":name from your watchlist is out", { name: strong(item.name) }), icon: "notifications" }],
          mainAction: { label: t("Open the title"), action: item.path },
        },
        mail: { subject: plain, block: { paragraphs: [plain], button: { label: t("Open the title"), url: `${baseUrl}${item.path}` } } },
      };
    },
  };
}

/**
 * Claims the window's unsent alerts (rows inserted now are the ones to send).
 * Each statement starts from the window's episodes or titles (their air or
 * release date index) and seeks who tracks them (by title); a member who both
 * follows and watchlisted a series is claimed by the first, ignored by the second.
 */
async function claimAlerts(db: Database, from: string, to: string) {
  const claim = (tracking: "series_progress" | "watchlist_items") =>
    db.all<{ user_id: number; subject_id: number }>(sql`
      INSERT OR IGNORE INTO tracking_alerts (user_id, kind, subject_id, created_at)
      SELECT tr.user_id, 'episode', e.id, unixepoch() FROM episodes e
      JOIN titles t ON t.id = e.title_id
      JOIN ${sql.raw(tracking)} tr ON tr.title_id = e.title_id
      WHERE e.air_date BETWEEN ${from} AND ${to} AND e.season_number > 0 AND t.type = 'series'
      RETURNING user_id, subject_id`);
  const fromProgress = await claim("series_progress");
  const fromWatchlist = await claim("watchlist_items");
  const releases = await db.all<{ user_id: number; subject_id: number }>(sql`
    INSERT OR IGNORE INTO tracking_alerts (user_id, kind, subject_id, created_at)
    SELECT w.user_id, 'release', t.id, unixepoch() FROM titles t
    JOIN watchlist_items w ON w.title_id = t.id
    WHERE t.release_date BETWEEN ${from} AND ${to}
    RETURNING user_id, subject_id`);
  return { episodes: [...fromProgress, ...fromWatchlist], releases };
}

/** id IN (...) in chunks under D1's 100-parameter limit. */
async function inChunks<T>(ids: number[], read: (chunk: ReturnType<typeof sql>) => Promise<T[]>) {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 90) {
    out.push(
      ...(await read(
        sql.join(
          ids.slice(i, i + 90).map((id) => sql`${id}`),
          sql`, `,
        ),
      )),
    );
  }
  return out;
}

function bySubject(rows: { user_id: number; subject_id: number }[]) {
  const out = new Map<number, number[]>();
  for (const row of rows) {
    const list = out.get(row.subject_id) ?? [];
    list.push(row.user_id);
    out.set(row.subject_id, list);
  }
  return out;
}

export async function runTrackingAlerts(services: NotificationServices, now = new Date()) {
  const { db } = services;
  const today = now.toISOString().slice(0, 10);
  const from = addDays(today, -TRACKING_ALERT_LOOKBACK_DAYS);
  const claimed = await claimAlerts(db, from, today);
  const episodeUsers = bySubject(claimed.episodes);
  const releaseUsers = bySubject(claimed.releases);
  const userIds = [...new Set([...claimed.episodes, ...claimed.releases].map((row) => row.user_id))];
  if (userIds.length === 0) return { episodeAlerts: 0, releaseAlerts: 0 };

  const recipients = new Map<number, Recipient>();
  for (let i = 0; i < userIds.length; i += 90) {
    const rows = await db
      .select({ id: users.id, email: users.email, language: users.language })
      .from(users)
      .where(inArray(users.id, userIds.slice(i, i + 90)));
    for (const row of rows) recipients.set(row.id, row);
  }
  const pick = (ids: number[]) => ids.map((id) => recipients.get(id)).filter((r): r is Recipient => r !== undefined);

  if (episodeUsers.size > 0) {
    const ids = [...episodeUsers.keys()];
    const rows = await inChunks(ids, (list) =>
      db.all<{ id: number; title_id: number; series: string; slug: string; season_number: number; episode_number: number; name: string }>(sql`
        SELECT e.id, e.title_id, t.name AS series, t.slug, e.season_number, e.episode_number, e.name FROM episodes e JOIN titles t ON t.id = e.title_id
        WHERE e.id IN (${list})`),
    );
    for (const row of rows) {
      const path = `/titles/${row.title_id}/${row.slug}/season/${row.season_number}/episode/${row.episode_number}`;
      await notify(services, pick(episodeUsers.get(row.id) ?? []), newEpisodeMessage({ series: row.series, season: row.season_number, episode: row.episode_number, episodeName: row.name, path }));
    }
  }
  if (releaseUsers.size > 0) {
    const ids = [...releaseUsers.keys()];
    const rows = await inChunks(ids, (list) => db.all<{ id: number; name: string; slug: string }>(sql`SELECT id, name, slug FROM titles WHERE id IN (${list})`));
    for (const row of rows) await notify(services, pick(releaseUsers.get(row.id) ?? []), releaseMessage({ name: row.name, path: `/titles/${row.id}/${row.slug}` }));
  }
  return { episodeAlerts: claimed.episodes.length, releaseAlerts: claimed.releases.length };
}
