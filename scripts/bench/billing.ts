import { createClient } from "@libsql/client";
import type { BenchContext } from "../lib/bench-context";
import { localD1File } from "../lib/local-d1";
import { createSignedInUser } from "../lib/signed-in-user";

/**
 * Billing: the pricing page for a guest, the plans API, and pages of a
 * signed-in subscriber (every signed-in request also loads the user's
 * subscriptions, in the same D1 batch as the session), including /billing.
 */
export default async function billing(bench: BenchContext) {
  await bench.measure("GET /pricing (guest)", "/pricing");
  await bench.measure("GET /api/v1/billing/products", "/api/v1/billing/products");

  const user = await createSignedInUser(bench.persistTo, "bench-billing");
  const db = createClient({ url: `file:${localD1File(bench.persistTo)}` });
  try {
    await db.execute("PRAGMA busy_timeout = 5000");
    const now = Date.now();
    await db.execute({
      sql: `INSERT INTO subscriptions (user_id, product_id, price_id, provider, provider_subscription_id, provider_customer_id,
              status, status_rank, cancel_at_period_end, current_period_start, current_period_end, provider_version)
            SELECT ?, p.id, pr.id, 'local', ?, ?, 'active', 1, 0, ?, ?, ?
            FROM products p JOIN prices pr ON pr.product_id = p.id
            WHERE p.free = 0 AND p.hidden = 0 ORDER BY p.position DESC, pr.id LIMIT 1`,
      args: [user.userId, `sub_local_bench_${user.userId}`, `cus_local_bench_${user.userId}`, Math.floor(now / 1000), Math.floor(now / 1000) + 30 * 86400, now],
    });
  } finally {
    db.close();
  }
  const signedIn = { Cookie: user.cookieHeader };
  await bench.measure("GET /pricing (subscriber)", { path: "/pricing", headers: signedIn });
  await bench.measure("GET /billing (subscriber)", { path: "/billing", headers: signedIn });
  bench.note("billing: the subscriber has an active local subscription to the top paid plan (no invoices).");
}
