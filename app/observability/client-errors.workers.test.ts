import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { count } from "drizzle-orm";
import { RouterContextProvider, UNSAFE_ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { openD1 } from "~/db/client.server";
import { handleError } from "~/entry.server";
import { workerContext } from "~/request/context";
import { errorLog } from "./error-log.tables";

const { db } = openD1(env.DB, null);

async function rows() {
  const [row] = await db.select({ n: count() }).from(errorLog);
  return row!.n;
}

async function report(error: unknown, method = "POST", path = "/titles") {
  const ctx = createExecutionContext();
  const context = new RouterContextProvider();
  context.set(workerContext, { env, ctx, requestId: crypto.randomUUID(), nonce: "n", isLocal: false, guestPageKey: null });
  handleError(error, { request: new Request(`http://localhost${path}`, { method }), context });
  await waitOnExecutionContext(ctx);
}

/**
 * Decision 021: a POST to a page with no action (405) was written to
 * the error log as "[object Object]"; 20 guest POSTs made 20 rows.
 */
describe("client errors and the error log", () => {
  it("405 and 404 route responses write no error-log row", async () => {
    const before = await rows();
    for (let i = 0; i < 20; i++) await report(new UNSAFE_ErrorResponseImpl(405, "Method Not Allowed", null));
    await report(new UNSAFE_ErrorResponseImpl(404, "Not Found", null), "GET", "/nothing-here");
    await report(new Response(null, { status: 403 }));
    expect(await rows()).toBe(before);
  });

  it("a server error still writes one row, with a readable message for a thrown object", async () => {
    const before = await rows();
    await report({ code: "E_ODD", detail: "not an Error" }, "GET", "/titles");
    expect(await rows()).toBe(before + 1);
    const all = await db.select({ message: errorLog.message }).from(errorLog);
    expect(all.at(-1)!.message).toContain("E_ODD");
    expect(all.map((r) => r.message)).not.toContain("[object Object]");
  });
});
