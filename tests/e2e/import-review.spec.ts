import { expect, test, type Browser, type Page } from "@playwright/test";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { zipSync } from "fflate";
import { queryE2e } from "./fixtures/e2e-db";
import { api, createSignedInUser, signedInContext, waitForApp, type SignedInUser } from "./social/helpers";

/**
 * Imports you can trust (decision 027): the fixture exports (Letterboxd's ZIP,
 * IMDb's ratings; tests/e2e/fixtures/imports) go through the review screen,
 * where the two deliberate misses are fixed by searching; the import runs on
 * the queue with a progress bar; the diary, history and reviews then show the
 * files' dates, not today's. The same file twice changes no row; an undo
 * removes exactly what the import added; bad files change nothing.
 */

const FIXTURES = "tests/e2e/fixtures/imports";

function tree(root: string, at = ""): Record<string, Uint8Array> {
  return Object.assign(
    {},
    ...readdirSync(join(root, at)).map((name) =>
      statSync(join(root, at, name)).isDirectory() ? tree(root, `${at}${name}/`) : { [`${at}${name}`]: new Uint8Array(readFileSync(join(root, at, name))) },
    ),
  );
}

async function titleId(name: string, year: number) {
  const [row] = await queryE2e<{ id: number; slug: string }>("SELECT id, slug FROM titles WHERE name = ? AND year BETWEEN ? AND ? ORDER BY popularity DESC LIMIT 1", [name, year - 1, year + 1]);
  if (!row) throw new Error(`the seed has no ${name}`);
  return row;
}

async function libraryRows(userId: number) {
  const [ratings, history, watchlist, reviews, lists] = await Promise.all([
    queryE2e("SELECT title_id, rating, date(created_at, 'unixepoch') AS day FROM ratings WHERE user_id = ? ORDER BY title_id", [userId]),
    queryE2e("SELECT title_id, watched_on, watched_at FROM watch_history WHERE user_id = ? ORDER BY watched_on, id", [userId]),
    queryE2e("SELECT title_id, date(created_at, 'unixepoch') AS day FROM watchlist_items WHERE user_id = ? ORDER BY title_id", [userId]),
    queryE2e("SELECT title_id, status, spoiler, date(created_at, 'unixepoch') AS day FROM reviews WHERE user_id = ? ORDER BY title_id", [userId]),
    queryE2e("SELECT l.name, i.position, i.title_id, i.note FROM lists l JOIN list_items i ON i.list_id = l.id WHERE l.user_id = ? ORDER BY l.id, i.position", [userId]),
  ]);
  return { ratings, history, watchlist, reviews, lists };
}

async function importPage(browser: Browser, user: SignedInUser, javaScriptEnabled = true) {
  const context = await signedInContext(browser, user, { javaScriptEnabled });
  const page = await context.newPage();
  await page.goto("/library/import");
  if (javaScriptEnabled) await waitForApp(page);
  return page;
}

async function upload(page: Page, name: string, buffer: Buffer, mimeType = "text/csv") {
  await page.getByTestId("import-file").setInputFiles({ name, mimeType, buffer });
  await page.getByTestId("import-submit").click();
}

async function waitDone(page: Page, javaScriptEnabled = true) {
  const progress = page.getByTestId("import-progress");
  if (javaScriptEnabled) await expect(progress).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  else {
    // Without JavaScript the page reloads itself (meta refresh) until the import is done.
    await expect(async () => {
      await page.reload();
      await expect(progress).toHaveAttribute("data-status", "done", { timeout: 1000 });
    }).toPass({ timeout: 60_000 });
  }
}

test("a Letterboxd ZIP: two misses fixed on the review screen, then history and reviews show the file's dates", async ({ browser }) => {
  test.setTimeout(120_000);
  const user = await createSignedInUser("lb-review");
  const page = await importPage(browser, user);
  await upload(page, "letterboxd-export.zip", Buffer.from(zipSync(tree(`${FIXTURES}/letterboxd`))), "application/zip");
  await expect(page).toHaveURL(/\/library\/import\/\d+$/);
  await expect(page.getByRole("heading", { name: "Review your import" })).toBeVisible();
  // Nothing is written before the member says so.
  expect((await libraryRows(user.userId)).ratings).toEqual([]);
  const misses = page.getByTestId("import-attention");
  await expect(misses).toHaveCount(2);
  const typo = page.locator('[data-testid=import-attention][data-name="The Shawshank Redemtion"]');
  const otherName = page.locator(`[data-testid=import-attention][data-name="Amores perros: Love's a Bitch"]`);
  await expect(typo).toContainText("The Shawshank Redemtion (1994)");
  await expect(otherName).toContainText("Amores perros: Love's a Bitch (2000)");

  const shawshank = await titleId("The Shawshank Redemption", 1994);
  const amores = await titleId("Amores Perros", 2000);
  await typo.getByTestId("import-search-input").fill("Shawshank");
  await typo.getByTestId("import-search").click();
  await expect(typo.getByRole("radio", { name: /The Shawshank Redemption \(1994\)/ })).toBeChecked();
  await page.getByTestId("import-save").click();
  await otherName.getByTestId("import-search-input").fill("Amores Perros");
  await otherName.getByTestId("import-search").click();
  await expect(otherName.getByRole("radio", { name: /Amores Perros/ })).toBeChecked();
  // The saved choice is still there after the second search.
  await expect(typo.getByRole("radio", { name: /The Shawshank Redemption \(1994\)/ })).toBeChecked();
  await page.getByTestId("import-start").click();
  await waitDone(page);
  await expect(page.getByTestId("import-added")).toContainText("Viewings added: 6");

  const fight = await titleId("Fight Club", 1999);
  const spirited = await titleId("Spirited Away", 2001);
  const rows = await libraryRows(user.userId);
  expect(rows.history).toEqual(
    expect.arrayContaining([
      { title_id: fight.id, watched_on: "2021-03-13", watched_at: null },
      { title_id: fight.id, watched_on: "2022-11-01", watched_at: null },
      { title_id: shawshank.id, watched_on: "2020-02-08", watched_at: null },
      { title_id: spirited.id, watched_on: "2021-06-19", watched_at: null },
    ]),
  );
  expect(rows.history).toHaveLength(6);
  expect(rows.watchlist).toContainEqual({ title_id: amores.id, day: "2023-02-01" });
  expect(rows.ratings).toContainEqual({ title_id: fight.id, rating: 9, day: "2021-03-14" });
  expect(rows.reviews).toEqual(
    expect.arrayContaining([
      { title_id: spirited.id, status: "draft", spoiler: 1, day: "2021-06-21" },
      { title_id: fight.id, status: "draft", spoiler: 0, day: "2021-03-15" },
    ]),
  );
  expect(rows.lists.map((r) => (r as { note: string }).note)).toEqual(["Start here", "", "Pay attention"]);

  // The history page shows the file's days.
  await page.goto("/history");
  await expect(page.getByText("Watched November 1, 2022")).toBeVisible();
  await expect(page.getByText("Watched February 8, 2020")).toBeVisible();

  // Reviews stay private until published; then the title's reviews page shows the file's date.
  await page.goBack();
  await page.getByTestId("import-publish").click();
  await expect(page.getByTestId("import-publish")).toHaveCount(1);
  await expect.poll(async () => (await libraryRows(user.userId)).reviews.map((r) => (r as { status: string }).status)).toEqual(["published", "published"]);
  await page.goto(`/titles/${spirited.id}/${spirited.slug}/reviews`);
  await expect(page.locator("time", { hasText: "June 21, 2021" }).first()).toBeVisible();
});

test("IMDb ratings without JavaScript: Amélie and Léon match by Original Title; the same file twice changes no row; undo removes exactly what it added", async ({ browser, request }) => {
  test.setTimeout(150_000);
  const user = await createSignedInUser("imdb-review");
  const darkKnight = await titleId("The Dark Knight", 2008);
  // The member's own rating is kept: an import never overwrites it.
  expect((await api(request, user, "POST", "/ratings", { title_id: darkKnight.id, rating: 4 })).status).toBeLessThan(300);
  const before = await libraryRows(user.userId);
  const file = readFileSync(`${FIXTURES}/imdb/ratings.csv`);
  const page = await importPage(browser, user, false);
  await upload(page, "ratings.csv", file);
  await expect(page.getByRole("heading", { name: "Review your import" })).toBeVisible();
  await expect(page.getByTestId("import-attention")).toHaveCount(0);
  await expect(page.getByTestId("import-group-counts")).toContainText("3 titles matched, 0 to choose, 0 not found");
  const firstJob = page.url();
  await page.getByTestId("import-start").click();
  await waitDone(page, false);

  const amelie = await titleId("Le Fabuleux destin d'Amélie Poulain", 2001);
  const leon = await titleId("Léon", 1994);
  const after = await libraryRows(user.userId);
  expect(after.ratings).toEqual(
    [{ title_id: amelie.id, rating: 9, day: "2020-05-06" }, { title_id: leon.id, rating: 8, day: "2020-05-07" }, ...(before.ratings as { title_id: number }[])].sort((a, b) => a.title_id - b.title_id),
  );

  // The same file again: no row changes.
  await page.goto("/library/import");
  await upload(page, "ratings.csv", file);
  await page.getByTestId("import-start").click();
  await waitDone(page, false);
  expect(await libraryRows(user.userId)).toEqual(after);

  // Undo the first import: exactly its rows go, the member's own rating stays.
  await page.goto(firstJob);
  await page.getByTestId("import-undo").click();
  await expect(page.getByTestId("import-progress")).toHaveAttribute("data-status", "undone");
  expect(await libraryRows(user.userId)).toEqual(before);
});

test("a zip bomb, a 25 MB file, a binary file named .csv and a CSV with a missing column: a clear error, no row changes", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const user = await createSignedInUser("bad-import");
  const page = await importPage(browser, user);
  const before = await libraryRows(user.userId);
  const jobs = async () => (await queryE2e<{ n: number }>("SELECT count(*) AS n FROM import_jobs WHERE user_id = ?", [user.userId]))[0]!.n;

  const bomb = zipSync({ "ratings.csv": new Uint8Array(30 * 1024 * 1024).fill(0x41) }, { level: 9 });
  await upload(page, "letterboxd.zip", Buffer.from(bomb), "application/zip");
  await expect(page.getByTestId("import-error")).toContainText("ZIP bomb");

  await upload(page, "ratings.csv", Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00]));
  await expect(page.getByTestId("import-error")).toContainText("ratings.csv is not a text file (it holds binary data)");

  await upload(page, "ratings.csv", Buffer.from("Date,Name,Letterboxd URI,Rating\r\n2021-01-01,Fight Club,x,4\r\n"));
  await expect(page.getByTestId("import-error")).toContainText("ratings.csv has no Year column");
  await expect(page.getByTestId("import-error")).toContainText("Nothing was imported.");

  // 25 MB: refused while the body streams in (413), before any of it is read.
  const big = Buffer.alloc(25 * 1024 * 1024, 0x41);
  const refused = await request.post("/api/v1/library/import", {
    headers: { Cookie: user.cookieHeader, Accept: "application/json" },
    multipart: { file: { name: "ratings.csv", mimeType: "text/csv", buffer: big } },
  });
  expect(refused.status()).toBe(413);

  expect(await libraryRows(user.userId)).toEqual(before);
  expect(await jobs()).toBe(0);
});
