import { expect, test, type Browser, type Page } from "@playwright/test";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { parseCsv } from "../../app/files/csv";
import { queryE2e } from "./fixtures/e2e-db";
import { api, createSignedInUser, signedInContext, waitForApp, type SignedInUser } from "./social/helpers";

/**
 * Import and export (decision 027): a Letterboxd-shaped ZIP (with
 * JavaScript) and an IMDb-shaped CSV (without) made here from seeded titles
 * go through the review screen (what did not match is named there and
 * skipped), then import on the queue; a malformed file changes nothing; the
 * CSV export holds the imported rows. The fixture files and the review
 * screen's fixes are in import-review.spec.ts.
 */

type Movie = { id: number; name: string; year: number };

/** Seeded movies whose name and year (±1) pick exactly one title, distinct per test through the offset. */
async function movies(offset: number, count = 4): Promise<Movie[]> {
  const rows = await queryE2e<Movie>(
    `SELECT t.id, t.name, t.year FROM titles t WHERE t.type = 'movie' AND t.year IS NOT NULL
       AND (SELECT count(*) FROM titles u WHERE lower(u.name) = lower(t.name) AND u.year BETWEEN t.year - 1 AND t.year + 1) = 1
     ORDER BY t.popularity DESC, t.id LIMIT ? OFFSET ?`,
    [count, offset],
  );
  if (rows.length < count) throw new Error("the seed has too few movies");
  return rows;
}

const csv = (rows: (string | number)[][]) => `${rows.map((row) => row.map((cell) => `"${String(cell).replace(/"/g, '""')}"`).join(",")).join("\r\n")}\r\n`;
/** A name no seeded title has (fictional). */
const NOWHERE = "The Lighthouse Keeper of Vell Street";

async function counts(userId: number) {
  const [row] = await queryE2e<{ ratings: number; watchlist: number; history: number; lists: number }>(
    `SELECT (SELECT count(*) FROM ratings WHERE user_id = ?1) AS ratings, (SELECT count(*) FROM watchlist_items WHERE user_id = ?1) AS watchlist,
            (SELECT count(*) FROM watch_history WHERE user_id = ?1) AS history, (SELECT count(*) FROM lists WHERE user_id = ?1) AS lists`,
    [userId],
  );
  return row!;
}

async function importPage(browser: Browser, user: SignedInUser, javaScriptEnabled: boolean) {
  const context = await signedInContext(browser, user, { javaScriptEnabled });
  const page = await context.newPage();
  await page.goto("/watchlist");
  await page.getByTestId("library-import-link").click();
  await expect(page.getByRole("heading", { name: "Import and export" })).toBeVisible();
  if (javaScriptEnabled) await waitForApp(page);
  return page;
}

/** Review screen: skip what did not match, import, and wait for the queue to finish (reloading without JavaScript). */
async function importReviewed(page: Page, javaScriptEnabled: boolean) {
  await expect(page.getByRole("heading", { name: "Review your import" })).toBeVisible();
  if (await page.getByTestId("import-skip-rest").count()) await page.getByTestId("import-skip-rest").check();
  await page.getByTestId("import-start").click();
  const progress = page.getByTestId("import-progress");
  if (javaScriptEnabled) await expect(progress).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  else
    await expect(async () => {
      await page.reload();
      await expect(progress).toHaveAttribute("data-status", "done", { timeout: 1000 });
    }).toPass({ timeout: 60_000 });
}

test("a Letterboxd export ZIP imports ratings, watchlist, diary and a list after review; the CSV export has them (with JavaScript)", async ({ browser }) => {
  const [a, b, c, d] = await movies(40);
  const user = await createSignedInUser("importer");
  const zip = zipSync({
    "ratings.csv": strToU8(
      csv([
        ["Date", "Name", "Year", "Letterboxd URI", "Rating"],
        ["2024-01-02", a!.name, a!.year, "https://boxd.it/a1", "3.5"],
        ["2024-01-03", b!.name, b!.year, "https://boxd.it/b1", "5"],
        ["2024-01-04", NOWHERE, 2004, "https://boxd.it/z1", "2"],
      ]),
    ),
    "watchlist.csv": strToU8(
      csv([
        ["Date", "Name", "Year", "Letterboxd URI"],
        ["2024-01-05", c!.name, c!.year, "https://boxd.it/c1"],
      ]),
    ),
    "diary.csv": strToU8(
      csv([
        ["Date", "Name", "Year", "Letterboxd URI", "Rating", "Rewatch", "Tags", "Watched Date"],
        ["2024-02-01", a!.name, a!.year, "https://boxd.it/a2", "3.5", "", "", "2024-01-30"],
        ["2024-02-09", a!.name, a!.year, "https://boxd.it/a3", "", "Yes", "", "2024-02-08"],
      ]),
    ),
    "watched.csv": strToU8(
      csv([
        ["Date", "Name", "Year", "Letterboxd URI"],
        ["2024-01-01", a!.name, a!.year, "https://boxd.it/a1"],
        ["2024-01-10", d!.name, d!.year, "https://boxd.it/d1"],
      ]),
    ),
    "lists/weekend.csv": strToU8(
      "Letterboxd list export v7\r\n" +
        csv([
          ["Date", "Name", "Tags", "URL", "Description"],
          ["2024-03-01", "Weekend picks", "", "https://boxd.it/l1", "For rainy days"],
        ]) +
        "\r\n" +
        csv([
          ["Position", "Name", "Year", "URL", "Description"],
          [1, d!.name, d!.year, "https://boxd.it/d1", "Start here"],
          [2, b!.name, b!.year, "https://boxd.it/b1", ""],
        ]),
    ),
  });
  const page = await importPage(browser, user, true);
  await page.getByTestId("import-file").setInputFiles({ name: "letterboxd-export.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
  await page.getByTestId("import-submit").click();

  await expect(page.getByTestId("import-attention")).toHaveCount(1);
  await expect(page.getByTestId("import-attention")).toContainText(`${NOWHERE} (2004)`);
  await expect(page.getByTestId("import-attention")).toContainText("ratings.csv, line 4");
  await importReviewed(page, true);
  await expect(page.getByTestId("import-added")).toContainText("Ratings added: 2");
  await expect(page.getByTestId("import-added")).toContainText("List entries added: 2");

  // Stars x2; the diary's two viewings of A (a rewatch), D from watched.csv, B rated (so watched) on its rating's day; the list in order with its note.
  expect(await queryE2e("SELECT title_id, rating FROM ratings WHERE user_id = ? ORDER BY rating", [user.userId])).toEqual([
    { title_id: a!.id, rating: 7 },
    { title_id: b!.id, rating: 10 },
  ]);
  expect(await queryE2e("SELECT title_id, watched_on FROM watch_history WHERE user_id = ? ORDER BY watched_on", [user.userId])).toEqual([
    { title_id: b!.id, watched_on: "2024-01-03" },
    { title_id: d!.id, watched_on: "2024-01-10" },
    { title_id: a!.id, watched_on: "2024-01-30" },
    { title_id: a!.id, watched_on: "2024-02-08" },
  ]);
  const [list] = await queryE2e<{ id: number; items_count: number; public: number }>("SELECT id, items_count, public FROM lists WHERE user_id = ? AND name = 'Weekend picks'", [user.userId]);
  expect(list).toMatchObject({ items_count: 2, public: 0 });
  expect(await queryE2e("SELECT title_id, note FROM list_items WHERE list_id = ? ORDER BY position", [list!.id])).toEqual([
    { title_id: d!.id, note: "Start here" },
    { title_id: b!.id, note: "" },
  ]);
  // Stored counts follow the rows.
  expect(await queryE2e("SELECT ratings_count, watchlist_count, watched_count FROM library_profiles WHERE user_id = ?", [user.userId])).toEqual([
    { ratings_count: 2, watchlist_count: 1, watched_count: 4 },
  ]);
  const [votes] = await queryE2e<{ n: number }>("SELECT count(*) AS n FROM ratings WHERE title_id = ? AND episode_id IS NULL", [b!.id]);
  expect(await queryE2e("SELECT vote_count FROM titles WHERE id = ?", [b!.id])).toEqual([{ vote_count: votes!.n }]);

  // The export downloads the imported rows as CSV.
  await page.goto("/library/import");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-ratings").click()]);
  const text = await (await import("node:fs/promises")).readFile((await download.path())!, "utf8");
  const lines = text.trim().split("\r\n");
  expect(lines[0]).toBe("Date,Name,Year,Letterboxd URI,Rating,Title ID,TMDB ID,IMDb ID,Type,Season,Episode,Rated At");
  expect(lines).toHaveLength(3);
  expect(text).toContain(`,${a!.id},`);
  // The file's date is kept (not today's); 5 stars.
  expect(lines.find((line) => line.includes(`,${b!.id},`))).toMatch(/^2024-01-03,.*,5,\d+,,,movie,,,2024-01-03T12:00:00\.000Z$/);
  const lists = await page.request.get("/library/export/lists");
  expect(lists.headers()["content-type"]).toContain("text/csv");
  expect(await lists.text()).toContain("Start here");
});

test("an IMDb ratings CSV imports without JavaScript after review; importing it again changes nothing", async ({ browser }) => {
  const [a, b] = await movies(50, 2);
  const user = await createSignedInUser("importer");
  const file = csv([
    ["Const", "Your Rating", "Date Rated", "Title", "Original Title", "URL", "Title Type", "IMDb Rating", "Runtime (mins)", "Year", "Genres", "Num Votes", "Release Date", "Directors"],
    ["tt9000001", 8, "2024-01-01", a!.name, a!.name, "https://www.imdb.com/title/tt9000001/", "Movie", "7.0", 100, a!.year, "Drama", 10, "", ""],
    ["tt9000002", 3, "2024-01-02", b!.name, b!.name, "https://www.imdb.com/title/tt9000002/", "Movie", "6.0", 90, b!.year, "Drama", 10, "", ""],
    ["tt9000003", 9, "2024-01-03", NOWHERE, NOWHERE, "https://www.imdb.com/title/tt9000003/", "Movie", "6.0", 90, 2001, "Drama", 10, "", ""],
  ]);
  const page = await importPage(browser, user, false);
  for (let round = 0; round < 2; round++) {
    await page.getByTestId("import-file").setInputFiles({ name: "ratings.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await page.getByTestId("import-submit").click();
    await expect(page.getByTestId("import-group-counts")).toContainText("2 titles matched, 0 to choose, 1 not found");
    await expect(page.getByTestId("import-attention")).toContainText(NOWHERE);
    await importReviewed(page, false);
    await expect(page.getByTestId("import-added")).toContainText(`Ratings added: ${round === 0 ? 2 : 0}`);
    await page.goto("/library/import");
  }
  expect(await queryE2e("SELECT title_id, rating FROM ratings WHERE user_id = ? ORDER BY rating", [user.userId])).toEqual([
    { title_id: b!.id, rating: 3 },
    { title_id: a!.id, rating: 8 },
  ]);
  expect(await counts(user.userId)).toEqual({ ratings: 2, watchlist: 0, history: 0, lists: 0 });
});

test("a malformed file is refused with a clear message and changes nothing (page and api/v1)", async ({ browser, request }) => {
  const [a, b] = await movies(60, 2);
  const user = await createSignedInUser("importer");
  const page = await importPage(browser, user, true);
  // A valid watchlist and list, but one rating of 6 stars: nothing of it may be written.
  const zip = zipSync({
    "watchlist.csv": strToU8(
      csv([
        ["Date", "Name", "Year", "Letterboxd URI"],
        ["2024-01-05", a!.name, a!.year, "https://boxd.it/c1"],
      ]),
    ),
    "ratings.csv": strToU8(
      csv([
        ["Date", "Name", "Year", "Letterboxd URI", "Rating"],
        ["2024-01-02", b!.name, b!.year, "https://boxd.it/a1", "4"],
        ["2024-01-03", a!.name, a!.year, "https://boxd.it/b1", "6"],
      ]),
    ),
    "lists/x.csv": strToU8(
      "Letterboxd list export v7\r\n" +
        csv([
          ["Date", "Name", "Tags", "URL", "Description"],
          ["2024-03-01", "Never made", "", "x", ""],
        ]),
    ),
  });
  await page.getByTestId("import-file").setInputFiles({ name: "letterboxd.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
  await page.getByTestId("import-submit").click();
  await expect(page.getByTestId("import-error")).toContainText('ratings.csv, line 3: "6" is not a rating from 0.5 to 5 stars. Nothing was imported.');
  await expect(page).toHaveURL(/\/library\/import$/);

  // Not a ZIP nor a CSV we know.
  await page.getByTestId("import-file").setInputFiles({ name: "notes.csv", mimeType: "text/csv", buffer: Buffer.from("hello,world\n1,2\n") });
  await page.getByTestId("import-submit").click();
  await expect(page.getByTestId("import-error")).toContainText("notes.csv has no Date, Name, Year columns");
  expect(await counts(user.userId)).toEqual({ ratings: 0, watchlist: 0, history: 0, lists: 0 });

  // api/v1: the same ZIP is a 422 naming the line; an IMDb watchlist CSV then imports and the export lists it.
  const refused = await request.post("/api/v1/library/import", {
    headers: { Cookie: user.cookieHeader, Accept: "application/json" },
    multipart: { file: { name: "letterboxd.zip", mimeType: "application/zip", buffer: Buffer.from(zip) } },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).errors.file[0]).toContain('line 3: "6" is not a rating');
  expect(await counts(user.userId)).toEqual({ ratings: 0, watchlist: 0, history: 0, lists: 0 });
  const watchlist = csv([
    ["Position", "Const", "Created", "Modified", "Description", "Title", "URL", "Title Type", "Year"],
    [1, "tt9000010", "2024-01-01", "2024-01-01", "", a!.name, "x", "Movie", a!.year],
  ]);
  const imported = await request.post("/api/v1/library/import", {
    headers: { Cookie: user.cookieHeader, Accept: "application/json" },
    multipart: { file: { name: "WATCHLIST.csv", mimeType: "text/csv", buffer: Buffer.from(watchlist) } },
  });
  expect(imported.status()).toBe(200);
  expect(await imported.json()).toMatchObject({ source: "imdb", watchlist: { matched: 1, total: 1 }, unmatched_count: 0 });
  const exported = await request.get("/api/v1/library/export/watchlist", { headers: { Cookie: user.cookieHeader } });
  expect(exported.headers()["content-type"]).toContain("text/csv");
  expect((await exported.text()).split("\r\n")[1]).toMatch(new RegExp(`^2024-01-01,.*,${a!.id},`));
});

test("the public profile shows public lists, not private ones", async ({ browser, request }) => {
  const user = await createSignedInUser("lister");
  const made = async (name: string, isPublic: boolean) => {
    const answer = await api(request, user, "POST", "/lists", { name, description: "", public: isPublic, workspace_id: 0 });
    expect(answer.status).toBe(201);
  };
  await made("Shown on my profile", true);
  await made("Kept to myself", false);
  const [profile] = await queryE2e<{ slug: string }>("SELECT lower(replace(coalesce(display_name, ''), ' ', '-')) AS slug FROM users WHERE id = ?", [user.userId]);
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/user/${user.userId}/${profile!.slug || "x"}`);
  await expect(guest.getByTestId("profile-lists")).toContainText("Shown on my profile");
  await expect(guest.getByTestId("profile-lists")).not.toContainText("Kept to myself");
});

test("downloaded exports defuse spreadsheet formulas: a list named =HYPERLINK(…) and a review starting with @SUM(…) come out escaped", async ({ browser }) => {
  const user = await createSignedInUser("csv-injection");
  const [film] = await movies(40, 1);
  const EVIL_LIST = '=HYPERLINK("http://evil.example")';
  const EVIL_REVIEW = "@SUM(1+1) and the credits rolled on an invented harbour.";
  // Written straight into the member's library (fictional texts); the screens that write them have their own tests.
  await queryE2e("INSERT INTO lists (user_id, name, slug, description, public) VALUES (?, ?, 'evil', '+a description', 0)", [user.userId, EVIL_LIST]);
  await queryE2e("INSERT INTO list_items (list_id, title_id, position, note, added_by) SELECT id, ?, 1, '-a note', ? FROM lists WHERE user_id = ?", [film!.id, user.userId, user.userId]);
  await queryE2e("INSERT INTO reviews (user_id, title_id, score, headline, body, body_html, status) VALUES (?, ?, 8, 'Harbour lights', ?, '<p>x</p>', 'draft')", [user.userId, film!.id, EVIL_REVIEW]);
  const page = await (await signedInContext(browser, user)).newPage();
  await page.goto("/library/import");
  const downloaded = async (testId: string) => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
    return new Uint8Array(await (await import("node:fs/promises")).readFile((await download.path())!));
  };
  const cellsOf = (bytes: Uint8Array) => parseCsv(strFromU8(bytes)).flat();
  const files: Record<string, string[]> = {
    "lists.csv": cellsOf(await downloaded("export-lists")),
    "reviews.csv": cellsOf(await downloaded("export-reviews")),
    "letterboxd.csv": cellsOf(await downloaded("export-letterboxd")),
  };
  for (const [name, bytes] of Object.entries(unzipSync(await downloaded("export-everything")))) files[`zip:${name}`] = cellsOf(bytes);
  // What a spreadsheet would run: a cell starting with =, +, -, @, a tab or a carriage return. None is left.
  for (const [name, cells] of Object.entries(files))
    expect(
      cells.filter((cell) => /^[=+\-@\t\r]/.test(cell)),
      name,
    ).toEqual([]);
  // Escaped as the site's CSV writer does (a leading apostrophe), the text otherwise as written.
  expect(files["lists.csv"]).toContain(`'${EVIL_LIST}`);
  expect(files["lists.csv"]).toContain("'-a note");
  expect(files["reviews.csv"]).toContain(`'${EVIL_REVIEW}`);
  expect(files["zip:lists/hyperlink-http-evil-example.csv"]).toEqual(expect.arrayContaining([`'${EVIL_LIST}`, "'+a description", "'-a note"]));
  expect(files["zip:reviews.csv"]).toContain(`'${EVIL_REVIEW}`);
  await page.context().close();
});
