import type { ActionFunctionArgs } from "react-router";
import { dbContext } from "../context";

/**
 * POST /setup: the tables the "page-shaped" routes read and write, made once
 * by the bench before it measures: 10,000 items (a name and a line each) and
 * a views table keyed like the site's title_views (one row per item, viewer
 * and day).
 */
export async function action({ context }: ActionFunctionArgs) {
  const db = context.get(dbContext);
  await db.batch([
    db.prepare("CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, line TEXT NOT NULL, year INTEGER NOT NULL)"),
    db.prepare("CREATE TABLE IF NOT EXISTS views (item_id INTEGER NOT NULL, viewer_key TEXT NOT NULL, day INTEGER NOT NULL, PRIMARY KEY (item_id, viewer_key, day)) WITHOUT ROWID"),
    db.prepare(
      "INSERT OR IGNORE INTO items (id, name, line, year) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000) " +
        "SELECT i, 'Item number ' || i || ' with a name of ordinary length', 'A second line for item ' || i || ', a little longer than the first one.', 1950 + i % 75 FROM n",
    ),
  ]);
  return new Response("ready");
}
