import { createClient } from "@libsql/client";
import { gzipSync } from "node:zlib";
import { sha256 } from "../../app/auth/crypto.server";
import type { BenchContext } from "../lib/bench-context";
import { localD1File } from "../lib/local-d1";
import { createSignedInUser } from "../lib/signed-in-user";

/**
 * Account settings: the /account-settings page of a signed-in user (every
 * section, 400-odd time zones and 249 countries in its selects), and
 * GET /api/v1/users/me with the session cookie and with an API token
 * (`Authorization: Bearer`, resolved by the request middleware through the
 * token's API session in the same one-batch sign-in as a cookie).
 */
export default async function account(bench: BenchContext) {
  const user = await createSignedInUser(bench.persistTo, "bench-account");
  const plain = `rbt_${"b".repeat(11)}${crypto.randomUUID().replace(/-/g, "")}`;
  const db = createClient({ url: `file:${localD1File(bench.persistTo)}` });
  try {
    await db.execute("PRAGMA busy_timeout = 5000");
    await db.execute({
      sql: "INSERT INTO access_tokens (user_id, name, token_hash, prefix) VALUES (?, 'bench', ?, ?)",
      args: [user.userId, await sha256(plain), plain.slice(0, 8)],
    });
  } finally {
    db.close();
  }
  const cookie = { Cookie: user.cookieHeader };
  const page = await fetch(`${bench.baseUrl}/account-settings`, { headers: cookie });
  const html = new Uint8Array(await page.arrayBuffer());
  bench.note(`account: /account-settings HTML ${(html.length / 1024).toFixed(0)} KB, ${(gzipSync(html).length / 1024).toFixed(0)} KB gzip (status ${page.status}).`);
  await bench.measure("GET /account-settings (signed in)", { path: "/account-settings", headers: cookie });
  await bench.measure("GET /api/v1/users/me (cookie)", { path: "/api/v1/users/me", headers: cookie });
  await bench.measure("GET /api/v1/users/me (Bearer token)", { path: "/api/v1/users/me", headers: { Authorization: `Bearer ${plain}` } });
}
