import { expect, test } from "@playwright/test";
import { SAMPLE_PNG } from "../support/test-images";
import { adminDb, createAdmin, createTestTitle, signIn } from "./admin/fixtures";

/**
 * The catalogue editor with and without JavaScript: facts edited in the
 * admin area show on the public title page (the guest page cache is dropped
 * by the change), posters upload to R2 through the uploader and are
 * attached, a file that is not an image is refused, a title's deletion
 * removes its credits, videos and files, and each change is in the audit log.
 */

const png = { name: "poster.png", mimeType: "image/png", buffer: Buffer.from(SAMPLE_PNG) };

function unique(name: string) {
  return `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test.describe(`title editor ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test("an admin edits a title and the public page shows the change", async ({ page, context, baseURL }) => {
      const admin = await createAdmin("catalogue-editor");
      await signIn(context, baseURL, admin);
      const title = await createTestTitle(unique("Admin Edit"));
      // A guest sees the page first, so the old version sits in the guest page cache.
      const guest = await context.browser()!.newContext({ javaScriptEnabled });
      const guestPage = await guest.newPage();
      await guestPage.goto(`${baseURL}/titles/${title.id}/${title.slug}`);
      await expect(guestPage.getByTestId("title-name")).toContainText(title.name);

      await page.goto("/admin/titles");
      await page.getByRole("searchbox", { name: "Search" }).fill(String(title.id));
      await page.getByRole("button", { name: "Search" }).click();
      await page.getByRole("link", { name: title.name }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/titles/${title.id}$`));

      const renamed = `${title.name} Returns`;
      await page.getByLabel("Name", { exact: true }).fill(renamed);
      await page.getByLabel("Tagline").fill("One more time, with feeling.");
      await page.getByLabel("Plot").fill("A plot rewritten in the admin area.");
      await page.getByLabel("Runtime (minutes)").fill("123");
      await page.getByRole("checkbox", { name: "Drama" }).check();
      await page.getByLabel("Keywords", { exact: true }).fill("heist, sequel, Heist");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Saved").first()).toBeVisible();
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue(renamed);
      await expect(page.getByLabel("Keywords", { exact: true })).toHaveValue("heist, sequel");

      // The public page, for the guest: new name (new slug: the old address redirects), tagline, plot.
      await guestPage.goto(`${baseURL}/titles/${title.id}/${title.slug}`);
      await expect(guestPage).toHaveURL(new RegExp(`/titles/${title.id}/admin-edit-`));
      await expect(guestPage.getByTestId("title-name")).toContainText(renamed);
      await expect(guestPage.getByText("One more time, with feeling.")).toBeVisible();
      await expect(guestPage.getByTestId("title-plot")).toContainText("A plot rewritten in the admin area.");
      await guest.close();

      const [log] = await adminDb<{ action: string; before: string; after: string; user_email: string }>(
        "SELECT action, before, after, user_email FROM audit_log WHERE subject_type = 'title' AND subject_id = ? ORDER BY id DESC LIMIT 1",
        [String(title.id)],
      );
      expect(log.action).toBe("titles.update");
      expect(log.user_email).toBe(admin.email);
      expect(JSON.parse(log.before)).toMatchObject({ name: title.name, runtime: null });
      expect(JSON.parse(log.after)).toMatchObject({ name: renamed, runtime: 123, keywords: ["heist", "sequel"] });
    });

    test("bad input gets messages on its fields and changes nothing", async ({ page, context, baseURL }) => {
      const admin = await createAdmin("catalogue-bad");
      await signIn(context, baseURL, admin);
      const title = await createTestTitle(unique("Admin Bad Input"));
      await page.goto(`/admin/titles/${title.id}`);
      await page.getByLabel("Name", { exact: true }).fill("");
      await page.getByLabel("Countries").fill("USA, Narnia");
      await page.getByLabel("Poster").fill("javascript:alert(1)");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("This field is required.")).toBeVisible();
      await expect(page.getByText("Use a path on this site (/…) or an https:// address.")).toBeVisible();
      const [row] = await adminDb<{ name: string; poster: string | null }>("SELECT name, poster FROM titles WHERE id = ?", [title.id]);
      expect(row).toEqual({ name: title.name, poster: null });
    });

    test("a poster is uploaded to storage and shown on the title page", async ({ page, context, baseURL }) => {
      const admin = await createAdmin("poster");
      await signIn(context, baseURL, admin);
      const title = await createTestTitle(unique("Admin Poster"));
      await page.goto(`/admin/titles/${title.id}/images`);
      await expect(page.getByText("No poster yet.")).toBeVisible();
      const poster = page.locator("#poster");
      if (javaScriptEnabled) {
        // The uploader replaces the no-JavaScript form once the page is hydrated.
        await expect(poster.getByRole("button", { name: "Choose a file" })).toBeVisible();
        await poster.locator('input[type="file"]').setInputFiles(png);
        await expect(poster.getByTestId("upload-status")).toHaveText("Uploaded");
      } else {
        await poster.locator('input[type="file"]').setInputFiles(png);
        await poster.getByRole("button", { name: "Upload", exact: true }).click();
      }
      await expect(page.getByTestId("current-poster")).toHaveAttribute("src", /^\/files\/[a-f0-9]{32}$/);
      const src = await page.getByTestId("current-poster").getAttribute("src");

      // Stored on R2 as a public file, handed over to the site (no owner: an admin's account deletion leaves it).
      const [entry] = await adminDb<{ disk: string; owner_id: number | null; mime: string }>("SELECT disk, owner_id, mime FROM file_entries WHERE file_name = ?", [src!.slice(7)]);
      expect(entry).toEqual({ disk: "public", owner_id: null, mime: "image/png" });
      const file = await page.request.get(src!);
      expect(file.status()).toBe(200);
      expect(Buffer.from(await file.body()).subarray(0, 8)).toEqual(Buffer.from(SAMPLE_PNG).subarray(0, 8));

      await page.goto(`/titles/${title.id}/${title.slug}`);
      await expect(page.getByRole("img", { name: `Poster of ${title.name}` })).toHaveAttribute("src", src!);
    });

    test("a file that is not an image is refused as a poster and removed again", async ({ page, context, baseURL }) => {
      const admin = await createAdmin("not-image");
      await signIn(context, baseURL, admin);
      const title = await createTestTitle(unique("Admin Not Image"));
      await page.goto(`/admin/titles/${title.id}/images`);
      const poster = page.locator("#poster");
      const fake = { name: "poster.png", mimeType: "image/png", buffer: Buffer.from("this is plain text, not a picture at all") };
      if (javaScriptEnabled) await expect(poster.getByRole("button", { name: "Choose a file" })).toBeVisible();
      await poster.locator('input[type="file"]').setInputFiles(fake);
      if (!javaScriptEnabled) await poster.getByRole("button", { name: "Upload", exact: true }).click();
      await expect(page.getByText(/Please select a PNG, JPEG, GIF or WebP image\.|This file type is not allowed/).first()).toBeVisible();
      await expect(page.getByText("No poster yet.")).toBeVisible();
      const [row] = await adminDb<{ poster: string | null }>("SELECT poster FROM titles WHERE id = ?", [title.id]);
      expect(row.poster).toBeNull();
    });
  });
}

test("deleting a title removes its credits, videos and files, after confirmation", async ({ page, context, baseURL }) => {
  const admin = await createAdmin("delete-title");
  await signIn(context, baseURL, admin);
  const title = await createTestTitle(unique("Admin Delete"));
  const [person] = await adminDb<{ id: number }>("SELECT id FROM people ORDER BY id LIMIT 1");
  await adminDb("INSERT INTO credits (title_id, person_id, kind, character, position, department, job) VALUES (?, ?, 'cast', 'Hero', 0, 'Acting', 'Actor')", [title.id, person.id]);
  await adminDb("INSERT INTO videos (title_id, name, category, source, src) VALUES (?, 'Teaser', 'teaser', 'youtube', 'dQw4w9WgXcQ')", [title.id]);

  // A poster uploaded through the editor: its file must go with the title.
  await page.goto(`/admin/titles/${title.id}/images`);
  await expect(page.locator("#poster").getByRole("button", { name: "Choose a file" })).toBeVisible();
  await page.locator("#poster").locator('input[type="file"]').setInputFiles(png);
  await expect(page.getByTestId("current-poster")).toHaveAttribute("src", /^\/files\//);
  const src = (await page.getByTestId("current-poster").getAttribute("src"))!;

  await page.goto(`/admin/titles/${title.id}`);
  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("It will be deleted with its credits, seasons, episodes, videos and files.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect(await adminDb("SELECT id FROM titles WHERE id = ?", [title.id])).toHaveLength(1);

  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/titles$/);
  await expect(page.getByText("Title deleted")).toBeVisible();

  expect(await adminDb("SELECT id FROM titles WHERE id = ?", [title.id])).toHaveLength(0);
  expect(await adminDb("SELECT id FROM credits WHERE title_id = ?", [title.id])).toHaveLength(0);
  expect(await adminDb("SELECT id FROM videos WHERE title_id = ?", [title.id])).toHaveLength(0);
  expect(await adminDb("SELECT id FROM file_entries WHERE file_name = ?", [src.slice(7)])).toHaveLength(0);
  expect((await page.request.get(src)).status()).toBe(404);
  expect((await page.request.get(`/titles/${title.id}/${title.slug}`)).status()).toBe(404);
  const [log] = await adminDb<{ action: string; before: string }>("SELECT action, before FROM audit_log WHERE subject_type = 'title' AND subject_id = ? ORDER BY id DESC LIMIT 1", [String(title.id)]);
  expect(log.action).toBe("titles.delete");
  expect(JSON.parse(log.before)).toMatchObject({ name: title.name });
});

test("deleting without JavaScript asks on a confirmation page first", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const admin = await createAdmin("delete-nojs");
  await signIn(context, baseURL, admin);
  const title = await createTestTitle(unique("Admin Delete NoJS"));
  await page.goto(`${baseURL}/admin/titles?q=${title.id}`);
  await page.getByRole("checkbox", { name: `Select row ${title.id}` }).check();
  await page.getByTestId("bulk-actions").getByRole("button", { name: "Delete" }).click();
  const panel = page.getByTestId("confirmation-panel");
  await expect(panel).toContainText("Delete titles?");
  expect(await adminDb("SELECT id FROM titles WHERE id = ?", [title.id])).toHaveLength(1);
  await panel.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Deleted 1 title")).toBeVisible();
  expect(await adminDb("SELECT id FROM titles WHERE id = ?", [title.id])).toHaveLength(0);
  await context.close();
});

test("cast is added through the person search", async ({ page, context, baseURL }) => {
  const admin = await createAdmin("credits");
  await signIn(context, baseURL, admin);
  const title = await createTestTitle(unique("Admin Credits"));
  const [person] = await adminDb<{ id: number; name: string }>("SELECT id, name FROM people WHERE name NOT LIKE '%''%' ORDER BY popularity DESC LIMIT 1");
  await page.goto(`/admin/titles/${title.id}/credits`);
  const combobox = page.getByRole("combobox", { name: "Person" });
  await combobox.fill(person.name);
  await page
    .getByRole("option", { name: new RegExp(person.name) })
    .first()
    .click();
  await page.getByLabel("Character").fill("The Admin");
  await page.getByRole("button", { name: "Add credit" }).click();
  await expect(page.getByText("Credit added")).toBeVisible();
  await expect(page.getByTestId("cast")).toContainText(person.name);
  await expect(page.getByTestId("cast")).toContainText("The Admin");
  await page.goto(`/titles/${title.id}/${title.slug}`);
  await expect(page.getByTestId("title-cast")).toContainText(person.name);
});
