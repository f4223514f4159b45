import { env } from "cloudflare:workers";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadDashboard } from "~/admin/dashboard.server";
import { createUser } from "~/auth/users.server";
import { users } from "~/auth/users.tables";
import { openD1 } from "~/db/client.server";

const { db } = openD1(env.DB, null);

/**
 * Decision 021: "Sign-ups per day" was always 0 (the day bucket was
 * divided by a bound parameter, a REAL, so it never matched a whole day).
 * Sign-ups on known days (in a window no other test writes to) show on those days.
 */
describe("the dashboard's sign-ups per day", () => {
  it("counts sign-ups on the day they happened", async () => {
    const now = new Date("2031-03-15T12:00:00Z");
    const at = (iso: string) => new Date(iso);
    const days = ["2031-03-15T00:00:01Z", "2031-03-15T23:00:00Z", "2031-03-14T10:00:00Z", "2031-02-14T00:00:00Z", "2031-02-13T23:59:59Z"];
    const ids: number[] = [];
    for (const when of days) {
      const user = (await createUser(db, { email: `dash-${crypto.randomUUID()}@example.test`, passwordHash: null, emailVerified: true }))!;
      await db
        .update(users)
        .set({ createdAt: at(when) })
        .where(inArray(users.id, [user.id]));
      ids.push(user.id);
    }
    const dashboard = await loadDashboard(db, now);
    const byDate = Object.fromEntries(dashboard.signups.map((d) => [d.date, d.value]));
    expect(dashboard.signups).toHaveLength(30);
    expect(byDate["2031-03-15"]).toBe(2);
    expect(byDate["2031-03-14"]).toBe(1);
    expect(byDate["2031-02-14"]).toBe(1); // the first day of the window
    expect(byDate["2031-03-13"]).toBe(0);
    // The day before the window is not counted anywhere.
    expect(dashboard.signups.reduce((sum, d) => sum + d.value, 0)).toBe(4);
  });
});
