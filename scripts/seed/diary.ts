import { sql } from "drizzle-orm";
import type { Database } from "../../app/db/client.server";
import { DEMO_LOGIN } from "../../app/auth/demo-accounts";
import { addDays } from "../../app/diary/calendar.server";
import { markWatched } from "../../app/library/history.server";
import { setRating } from "../../app/library/ratings.server";

/**
 * The demo user's diary (decision 034), so the diary, the year in review and
 * the calendar are not empty after `npm start`: films logged on days spread
 * over this year and last (some rated, one rewatched), and one of the
 * invented series (decision 020) in progress whose next episode airs in two
 * days. What is made up is the demo member's own viewing and ratings, never
 * a fact about a film; the only catalogue change is the air date of an
 * invented episode, a field already flagged generated. Runs once: a demo
 * user with viewings is left as it is, except that the next episode is kept
 * a couple of days ahead so the calendar always has something coming.
 */

const FILMS = 24;
const DEMO_RATINGS = [8, 9, 7, 10, 6, 8, 5, 9, 7];

export async function seedDiary(db: Database, now = new Date()) {
  const user = await db.get<{ id: number }>(sql`SELECT id FROM users WHERE email = ${DEMO_LOGIN.email}`);
  if (!user) return { logged: 0, upcoming: null as string | null };
  const today = now.toISOString().slice(0, 10);
  const thisYear = now.getUTCFullYear();
  const existing = await db.get<{ n: number }>(sql`SELECT count(*) AS n FROM watch_history WHERE user_id = ${user.id}`);
  // An invented series (no TMDB id, generated episodes) with at least four episodes in season 1: the
  // last one, as tests that borrow seeded series take them from the first.
  const series = await db.get<{ id: number }>(sql`
    SELECT t.id FROM titles t WHERE t.type = 'series' AND t.tmdb_id IS NULL
      AND (SELECT count(*) FROM episodes e WHERE e.title_id = t.id AND e.season_number = 1) >= 4
    ORDER BY t.id DESC LIMIT 1`);
  let logged = 0;
  if (Number(existing?.n ?? 0) === 0) {
    const films = await db.all<{ id: number }>(sql`
      SELECT id FROM titles WHERE type = 'movie' AND runtime IS NOT NULL AND release_date <= ${today}
      ORDER BY popularity DESC, id LIMIT ${FILMS}`);
    const currentMonth = now.getUTCMonth() + 1;
    for (const [i, film] of films.entries()) {
      // Even films last year (any month), odd ones this year (months up to this one).
      const year = i % 2 === 0 ? thisYear - 1 : thisYear;
      const month = year === thisYear ? ((i * 5) % currentMonth) + 1 : ((i * 5) % 12) + 1;
      const day = ((i * 7) % 27) + 1;
      const watchedOn = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
      await markWatched(db, user.id, { titleId: film.id, watchedOn: watchedOn > today ? today : watchedOn });
      logged++;
      // Ratings between 5 and 10: guests see this one vote on the title page as "Reelbase users", and a
      // 1/10 on the catalogue's most popular film is not a demo anyone should meet first.
      if (i % 3 !== 2) await setRating(db, user.id, { titleId: film.id, rating: DEMO_RATINGS[i % DEMO_RATINGS.length] });
    }
    // A rewatch: the first film of this year, again, on a later day.
    if (films[1]) {
      await markWatched(db, user.id, { titleId: films[1].id, watchedOn: addDays(today, -3) });
      logged++;
    }
    if (series) {
      for (const episode of [1, 2, 3]) {
        await markWatched(db, user.id, { titleId: series.id, season: 1, episode, watchedOn: addDays(today, -20 + episode * 5) });
        logged++;
      }
    }
  }
  let upcoming: string | null = null;
  if (series) {
    // The first episode the demo user has not watched airs in two days (unless one already airs ahead).
    const ahead = await db.get<{ n: number }>(sql`SELECT count(*) AS n FROM episodes WHERE title_id = ${series.id} AND air_date > ${today}`);
    upcoming = addDays(today, 2);
    if (Number(ahead?.n ?? 0) === 0) {
      await db.run(sql`UPDATE episodes SET air_date = ${upcoming} WHERE id = (
        SELECT e.id FROM episodes e WHERE e.title_id = ${series.id} AND e.season_number > 0
          AND NOT EXISTS (SELECT 1 FROM watch_history h WHERE h.user_id = ${user.id} AND h.episode_id = e.id)
        ORDER BY e.season_number, e.episode_number LIMIT 1)`);
    }
  }
  return { logged, upcoming };
}
