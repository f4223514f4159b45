import { expect, test, type Browser, type Page } from "@playwright/test";
import { axeOn } from "./fixtures/axe";
import { queryE2e } from "./fixtures/e2e-db";
import { createSignedInUser, type SignedInUser } from "./fixtures/signed-in-user";
import { api, signedInContext, waitForApp } from "./social/helpers";

/**
 * Decision 034, end to end with JavaScript on and off: the diary groups a
 * member's viewings by month, the owner edits an entry's day and rewatch flag
 * and deletes one (another member can do neither: 404, nothing changes), the
 * year in review's figures equal the sums of the logged rows, a bad year is
 * a 400 with the field's message, and the calendar feed's address is created
 * and revoked (404 after).
 */

type Film = { id: number; slug: string; name: string; runtime: number };
const YEAR = new Date().getUTCFullYear() - 1;

/** Seeded films with a runtime, distinct per test mode so parallel runs never share them. */
async function films(offset: number, count: number): Promise<Film[]> {
  return queryE2e<Film>("SELECT id, slug, name, runtime FROM titles WHERE type = 'movie' AND runtime IS NOT NULL ORDER BY popularity DESC LIMIT ? OFFSET ?", [count, 400 + offset * 10]);
}

async function logWatch(request: Parameters<typeof api>[0], user: SignedInUser, titleId: number, watchedOn: string) {
  const answer = await api(request, user, "POST", "/history", { title_id: titleId, watched_on: watchedOn });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

async function page(browser: Browser, user: SignedInUser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await signedInContext(browser, user, { javaScriptEnabled });
  return context.newPage();
}

async function ready(p: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await waitForApp(p);
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
  const offset = javaScriptEnabled ? 0 : 1;

  test.describe(mode, () => {
    test("the diary groups entries by month; the owner edits and deletes them, another member cannot", async ({ browser, request }) => {
      const [a, b, c] = await films(offset, 3);
      const owner = await createSignedInUser("diarist");
      await logWatch(request, owner, a.id, `${YEAR}-03-05`);
      await logWatch(request, owner, b.id, `${YEAR}-03-20`);
      await logWatch(request, owner, c.id, `${YEAR}-07-14`);
      await logWatch(request, owner, a.id, `${YEAR}-07-15`);

      const p = await page(browser, owner, javaScriptEnabled);
      // Any slug: the page redirects to the member's own, keeping the year.
      await p.goto(`/user/${owner.userId}/any-slug/diary?year=${YEAR}`);
      await ready(p, javaScriptEnabled);
      expect(new URL(p.url()).search).toBe(`?year=${YEAR}`);
      const months = p.getByTestId("diary-month");
      await expect(months).toHaveCount(2);
      await expect(months.nth(0)).toHaveAttribute("data-month", `${YEAR}-07`);
      await expect(months.nth(1)).toHaveAttribute("data-month", `${YEAR}-03`);
      await expect(months.nth(0).getByTestId("diary-entry")).toHaveCount(2);
      await expect(months.nth(1).getByTestId("diary-entry")).toHaveCount(2);
      // The second viewing of the same film is a rewatch.
      const rewatch = months.nth(0).getByTestId("diary-entry").filter({ hasText: a.name });
      await expect(rewatch.getByTestId("diary-entry-rewatch")).toBeVisible();

      // Edit: move b from March to September and mark it a rewatch.
      const entryB = p.getByTestId("diary-entry").filter({ hasText: b.name });
      const idB = Number(await entryB.getAttribute("data-entry-id"));
      await entryB.getByTestId("diary-edit").locator("summary").click();
      await entryB.getByTestId("diary-edit-date").fill(`${YEAR}-09-01`);
      await entryB.getByTestId("diary-edit-rewatch").check();
      await entryB.getByTestId("diary-edit-save").click();
      await expect(months).toHaveCount(3);
      await expect(months.nth(0)).toHaveAttribute("data-month", `${YEAR}-09`);
      await expect(months.nth(0).getByTestId("diary-entry-rewatch")).toBeVisible();
      expect(await queryE2e("SELECT watched_on, rewatch FROM watch_history WHERE id = ?", [idB])).toEqual([{ watched_on: `${YEAR}-09-01`, rewatch: 1 }]);

      // Delete c.
      await p.getByTestId("diary-entry").filter({ hasText: c.name }).getByTestId("diary-delete").click();
      await expect(p.getByTestId("diary-entry")).toHaveCount(3);
      await expect(p.getByTestId("diary-entry").filter({ hasText: c.name })).toHaveCount(0);

      // Another member sees the diary (a public profile) without controls, and cannot change it.
      const other = await createSignedInUser("intruder");
      const q = await page(browser, other, javaScriptEnabled);
      await q.goto(`/user/${owner.userId}/x/diary?year=${YEAR}`);
      await expect(q.getByTestId("diary-entry")).toHaveCount(3);
      await expect(q.getByTestId("diary-edit")).toHaveCount(0);
      const before = await queryE2e("SELECT id, watched_on, rewatch FROM watch_history WHERE user_id = ? ORDER BY id", [owner.userId]);
      const diaryPath = new URL(p.url()).pathname;
      const attempts: Record<string, string>[] = [
        { intent: "edit", id: String(idB), watchedOn: `${YEAR}-01-01` },
        { intent: "delete", id: String(idB) },
      ];
      for (const form of attempts) {
        const refused = await request.post(`${diaryPath}?year=${YEAR}`, { form, headers: { Cookie: other.cookieHeader } });
        expect(refused.status()).toBe(404);
      }
      expect((await api(request, other, "DELETE", `/diary/${idB}`)).status).toBe(404);
      const patch = (user: SignedInUser, data: unknown) => request.fetch(`/api/v1/diary/${idB}`, { method: "PATCH", headers: { Accept: "application/json", Cookie: user.cookieHeader }, data });
      expect((await patch(other, { rewatch: false })).status()).toBe(404);
      expect((await patch(owner, { watched_on: "not a day" })).status()).toBe(422);
      // Bad input from the owner: a future day and a non-number id are refused (422).
      const future = await request.post(`${diaryPath}?year=${YEAR}`, { form: { intent: "edit", id: String(idB), watchedOn: "2999-01-01" }, headers: { Cookie: owner.cookieHeader } });
      expect(future.status()).toBe(422);
      const notId = await request.post(`${diaryPath}?year=${YEAR}`, { form: { intent: "delete", id: "abc" }, headers: { Cookie: owner.cookieHeader } });
      expect(notId.status()).toBe(422);
      expect(await queryE2e("SELECT id, watched_on, rewatch FROM watch_history WHERE user_id = ? ORDER BY id", [owner.userId])).toEqual(before);
      await p.context().close();
      await q.context().close();
    });

    test("the year in review's figures equal the logged rows' sums; a bad year is a 400", async ({ browser, request }) => {
      const picked = await films(offset + 2, 3);
      const user = await createSignedInUser("reviewer");
      const days = [`${YEAR}-01-10`, `${YEAR}-01-20`, `${YEAR}-06-02`];
      for (const [i, film] of picked.entries()) await logWatch(request, user, film.id, days[i]);
      await logWatch(request, user, picked[0].id, `${YEAR}-11-11`);
      const expectedMinutes = picked.reduce((sum, film) => sum + film.runtime, 0) + picked[0].runtime;

      const p = await page(browser, user, javaScriptEnabled);
      await p.goto(`/user/${user.userId}/x/stats?year=${YEAR}`);
      await ready(p, javaScriptEnabled);
      await expect(p.getByTestId("stats-films")).toHaveText("4");
      await expect(p.getByTestId("stats-episodes")).toHaveText("0");
      await expect(p.getByTestId("stats-hours")).toHaveText(String(Math.round(expectedMinutes / 6) / 10));
      await expect(p.getByTestId("stats-titles")).toHaveText("3");
      // The month chart's table: January 2, June 1, November 1, the rest 0.
      const cells = p.getByTestId("stats-months").locator("tbody tr td");
      await expect(cells).toHaveText(["2", "0", "0", "0", "0", "1", "0", "0", "0", "0", "1", "0"]);
      await expect(p.getByTestId("stats-months").locator("svg")).toBeAttached();
      // The share image for social previews is a PNG.
      const image = await p.locator('meta[property="og:image"]').getAttribute("content");
      expect(image).toMatch(new RegExp(`/stats/${YEAR}/share\\.png$`));
      const png = await request.get(new URL(image!).pathname);
      expect(png.status()).toBe(200);
      expect(png.headers()["content-type"]).toBe("image/png");
      expect([...(await png.body()).subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join("")).toBe("PNG");

      for (const bad of ["-1", "99999", "abc"]) {
        const answer = await p.goto(`/user/${user.userId}/x/stats?year=${bad}`);
        expect(answer!.status(), bad).toBe(400);
        await expect(p.getByTestId("stats-year-error")).toHaveText("Choose a year from 1888 to 2200.");
      }
      const apiAnswer = await api(request, user, "GET", `/users/${user.userId}/stats?year=-1`);
      expect(apiAnswer.status).toBe(422);
      expect(apiAnswer.body.errors.year).toBeDefined();
      await p.context().close();
    });

    test("the calendar feed's address is created in account settings and answers 404 once revoked", async ({ browser, request }) => {
      const user = await createSignedInUser("calendar");
      const p = await page(browser, user, javaScriptEnabled);
      await p.goto("/account-settings#calendar-feed");
      await ready(p, javaScriptEnabled);
      const section = p.getByTestId("calendar-feed-section");
      await section.getByTestId("calendar-feed-rotate").click();
      const address = section.getByTestId("calendar-feed-address");
      await expect(address).toHaveValue(/\/calendar\/[\w-]{43}\.ics$/);
      const feed = new URL(await address.inputValue()).pathname;
      const ics = await request.get(feed);
      expect(ics.status()).toBe(200);
      expect(ics.headers()["content-type"]).toContain("text/calendar");
      expect(await ics.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);

      await p.goto("/calendar");
      await expect(p.getByTestId("calendar-feed-url")).toHaveValue(new RegExp(`${feed.replace(/[.]/g, "\\.")}$`));
      await p.goto("/account-settings#calendar-feed");
      await ready(p, javaScriptEnabled);
      await section.getByTestId("calendar-feed-revoke").click();
      await expect(section.getByTestId("calendar-feed-address")).toHaveCount(0);
      expect((await request.get(feed)).status()).toBe(404);
      await p.context().close();
    });
  });
}

test("the diary, the year in review and the calendar pass axe in both themes, signed in and out", async ({ browser }) => {
  // Ten pages through axe: minutes on a loaded machine.
  test.setTimeout(360_000);
  const [dark] = await queryE2e<{ id: number }>("SELECT id FROM themes WHERE is_dark = 1 ORDER BY id LIMIT 1");
  const user = await createSignedInUser("axe");
  const [film] = await films(5, 1);
  for (const signedIn of [false, true]) {
    for (const theme of ["light", "dark"]) {
      const context = signedIn ? await signedInContext(browser, user) : await browser.newContext();
      if (theme === "dark") await context.addCookies([{ name: "be-active-theme", value: String(dark.id), url: test.info().project.use.baseURL! }]);
      const p = await context.newPage();
      if (signedIn) await p.request.post("/api/v1/history", { data: { title_id: film.id, watched_on: `${YEAR}-04-04` }, headers: { Accept: "application/json" } });
      const paths = [`/user/${user.userId}/x/diary?year=${YEAR}`, `/user/${user.userId}/x/stats?year=${YEAR}`, ...(signedIn ? ["/calendar"] : [])];
      for (const path of paths) {
        await p.goto(path);
        if (theme === "dark") await expect(p.locator("html")).toHaveClass(/\bdark\b/);
        const results = await axeOn(p).analyze();
        const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        expect(serious, `${path} ${theme} ${signedIn ? "signed in" : "guest"}`).toEqual([]);
      }
      await context.close();
    }
  }
});

test("a private profile's diary and year in review are shown to its owner only", async ({ request }) => {
  const owner = await createSignedInUser("hidden");
  const other = await createSignedInUser("curious");
  const [film] = await films(6, 1);
  await logWatch(request, owner, film.id, `${YEAR}-02-02`);
  const privacy = await request.post("/account-settings/profile-privacy", { form: { visibility: "private" }, headers: { Cookie: owner.cookieHeader } });
  expect(privacy.status()).toBe(200);
  for (const page of ["diary", "stats"]) {
    // The member's own slug (a request header is not carried across a redirect).
    const moved = await request.get(`/user/${owner.userId}/x/${page}?year=${YEAR}`, { headers: { Cookie: owner.cookieHeader }, maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    const path = moved.headers().location;
    const refused = await request.get(path, { headers: { Cookie: other.cookieHeader }, maxRedirects: 0 });
    expect(refused.status(), path).toBe(403);
    const marker = page === "diary" ? 'data-testid="diary-entry"' : 'data-testid="stats-films"';
    expect(await refused.text()).not.toContain(marker);
    const shown = await request.get(path, { headers: { Cookie: owner.cookieHeader }, maxRedirects: 0 });
    expect(shown.status(), path).toBe(200);
    expect(await shown.text()).toContain(marker);
  }
  expect((await api(request, other, "GET", `/users/${owner.userId}/diary?year=${YEAR}`)).status).toBe(403);
  expect((await api(request, null, "GET", `/users/${owner.userId}/stats?year=${YEAR}`)).status).toBe(403);
  expect((await api(request, owner, "GET", `/users/${owner.userId}/diary?year=${YEAR}`)).body.data).toHaveLength(1);
});
