import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/e2e-sql";
import { requireE2eWorker } from "~/request/e2e-only.server";
import { getWorker } from "~/request/context";

/**
 * POST /resources/e2e/sql {"sql": "SELECT …", "args"?: [...]}: runs one
 * statement on the Worker's own D1 and answers {rows}. The end-to-end
 * fixtures read and arrange rows through this (tests/e2e/fixtures/e2e-db.ts)
 * so that workerd stays the only process with the local D1 file open: a
 * second process on that file made the served requests fail with
 * SQLITE_BUSY and "Failed to get session commit token".
 *
 * Test support and nothing else: only in a local Worker started for the
 * end-to-end tests (APP_ENV=local and E2E=1); everywhere else a 404.
 */
const body = z.object({
  sql: z.string().trim().min(1).max(20_000),
  args: z
    .array(z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .max(100)
    .default([]),
});

export async function action({ request, context }: Route.ActionArgs) {
  const worker = getWorker(context);
  requireE2eWorker(worker);
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ message: "Send {sql, args?: (string | number | boolean | null)[]}." }, { status: 400 });
  const { sql, args } = parsed.data;
  try {
    // The binding itself, not a Sessions API session: always the primary, so the next request sees the change.
    const result = await worker.env.DB.prepare(sql)
      .bind(...args.map((arg) => (typeof arg === "boolean" ? Number(arg) : arg)))
      .all();
    return Response.json({ rows: result.results }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return Response.json({ message: error instanceof Error ? error.message : String(error) }, { status: 422 });
  }
}

export function loader() {
  throw data(null, { status: 404 });
}
