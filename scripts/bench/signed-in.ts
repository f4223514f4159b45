import { loadavg } from "node:os";
import type { BenchContext, BenchRow } from "../lib/bench-context";
import { openLocalD1 } from "../lib/local-d1";
import { createSignedInUser } from "../lib/signed-in-user";

/**
 * Signed-in pages under load (decision 026: a signed-in title page at most 1.3x
 * an uncached guest one; decision 026): the same distinct title pages as a
 * guest (no cache can answer them) and as a member, the shell alone (a 404
 * page) for both, one member's title page asked for over and over (one
 * session's requests overlapping), and /account-settings. Each row beside the
 * static file of the same run.
 *
 *   npm run bench -- --only signed-in [--duration 5 --connections 10]
 */
export default async function signedIn(bench: BenchContext) {
  const { client } = openLocalD1(bench.persistTo);
  let titles: { id: number; slug: string }[];
  try {
    titles = (await client.execute("SELECT id, slug FROM titles ORDER BY popularity DESC LIMIT 2000")).rows as unknown as { id: number; slug: string }[];
  } finally {
    client.close();
  }
  if (titles.length === 0) throw new Error("the state holds no catalogue");
  const run = Date.now().toString(36);
  // Guest and member rows each get their own run tag: every URL is new to the page cache.
  const distinct = (tag: string) => titles.map((t) => `/titles/${t.id}/${encodeURIComponent(t.slug)}?r=${run}-${tag}`);
  const member = await createSignedInUser(bench.persistTo, "bench-signed-in");
  const cookie = { Cookie: member.cookieHeader };
  bench.note(`signed-in: ${titles.length} distinct title pages per row; load average at start ${loadavg()[0].toFixed(1)}`);

  const statik = await bench.measure("signed-in: static file", "/favicon.svg");
  const guestShell = await bench.measure("signed-in: shell only (404), guest", "/bench-no-such-page");
  const memberShell = await bench.measure("signed-in: shell only (404), member", { path: "/bench-no-such-page", headers: cookie });
  const guestTitles = await bench.measure("signed-in: distinct title pages, guest (no cache)", { path: distinct("g")[0], paths: distinct("g") });
  const memberTitles = await bench.measure("signed-in: distinct title pages, member", { path: distinct("m")[0], paths: distinct("m"), headers: cookie });
  const sameTitle = await bench.measure("signed-in: one title page, member", { path: `/titles/${titles[0].id}/${encodeURIComponent(titles[0].slug)}`, headers: cookie });
  const settings = await bench.measure("signed-in: /account-settings, member", { path: "/account-settings", headers: cookie });

  const ratio = (row: BenchRow, base: BenchRow) => (base.p50Ms > 0 ? (row.p50Ms / base.p50Ms).toFixed(2) : "n/a");
  for (const row of [guestShell, memberShell, guestTitles, memberTitles, sameTitle, settings]) {
    bench.note(
      `${row.name}: ${row.requestsPerSecond} req/s, p50 ${row.p50Ms} ms = ${ratio(row, statik)} x static, ${ratio(row, guestTitles)} x the guest title pages${row.non2xx ? `, ${row.non2xx} not 2xx` : ""}`,
    );
  }
  bench.note(
    `signed-in: member title pages / guest title pages (target <= 1.3): p50 ${ratio(memberTitles, guestTitles)}, req/s ${(guestTitles.requestsPerSecond / Math.max(memberTitles.requestsPerSecond, 1)).toFixed(2)}x fewer; load ${loadavg()[0].toFixed(1)}`,
  );
}
