import { expect, test } from "@playwright/test";
import { setSettings } from "./fixtures/e2e-db";
import { adminDb, createAdmin, createTestTitle, signIn } from "./admin/fixtures";

/**
 * The editors that sit beside a list on one page (credits, videos, a
 * season's facts, menu items) save with JavaScript on: each form's id is
 * its own, not also a section's (the defect was a silent no-op on submit).
 * And an administrator cannot take away their own admin access.
 */
test.use({ javaScriptEnabled: true });

const unique = (text: string) => `${text} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test("a credit is edited in place", async ({ page, context, baseURL }) => {
  const admin = await createAdmin("edit-credit");
  await signIn(context, baseURL, admin);
  const title = await createTestTitle(unique("Credit Edit"));
  const [person] = await adminDb<{ id: number }>("SELECT id FROM people ORDER BY id LIMIT 1");
  const [credit] = await adminDb<{ id: number }>(
    "INSERT INTO credits (title_id, person_id, kind, character, position, department, job) VALUES (?, ?, 'cast', 'Old Role', 0, 'Acting', 'Actor') RETURNING id",
    [title.id, person.id],
  );
  await page.goto(`/admin/titles/${title.id}/credits?edit=${credit.id}`);
  await expect(page.getByRole("heading", { name: "Edit credit" })).toBeVisible();
  await page.getByLabel("Character").fill("New Role");
  await page.getByRole("button", { name: "Save credit" }).click();
  await expect(page.getByTestId("cast")).toContainText("New Role");
  expect(await adminDb<{ character: string }>("SELECT character FROM credits WHERE id = ?", [credit.id])).toEqual([{ character: "New Role" }]);
});

test("a video is edited in place", async ({ page, context, baseURL }) => {
  const admin = await createAdmin("edit-video");
  await signIn(context, baseURL, admin);
  const title = await createTestTitle(unique("Video Edit"));
  const [video] = await adminDb<{ id: number }>("INSERT INTO videos (title_id, name, category, source, src) VALUES (?, 'Old teaser', 'teaser', 'youtube', 'dQw4w9WgXcQ') RETURNING id", [title.id]);
  await page.goto(`/admin/titles/${title.id}/videos?edit=${video.id}`);
  await expect(page.getByRole("heading", { name: "Edit video" })).toBeVisible();
  await page.getByLabel("Name").fill("Final trailer");
  await page.getByLabel("Kind").selectOption("trailer");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("title-videos")).toContainText("Final trailer");
  expect(await adminDb<{ name: string; category: string }>("SELECT name, category FROM videos WHERE id = ?", [video.id])).toEqual([{ name: "Final trailer", category: "trailer" }]);
});

test("a season's facts are saved", async ({ page, context, baseURL }) => {
  const admin = await createAdmin("edit-season");
  await signIn(context, baseURL, admin);
  const title = await createTestTitle(unique("Season Edit"), "series");
  await adminDb("INSERT INTO seasons (title_id, number, name) VALUES (?, 1, 'Season 1')", [title.id]);
  await page.goto(`/admin/titles/${title.id}/seasons/1`);
  await page.getByLabel("Name", { exact: true }).first().fill("The Beginning");
  await page.getByRole("button", { name: "Save season" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "The Beginning" })).toBeVisible();
  await expect.poll(async () => (await adminDb<{ name: string }>("SELECT name FROM seasons WHERE title_id = ? AND number = 1", [title.id]))[0]?.name).toBe("The Beginning");
});

test("a menu item is added and edited; channels are offered as destinations", async ({ page, context, baseURL, request }) => {
  const [saved] = await adminDb<{ value: string }>("SELECT value FROM settings WHERE key = 'menus'");
  const admin = await createAdmin("edit-menu");
  await signIn(context, baseURL, admin);
  try {
    await page.goto("/admin/menus");
    const menuLink = page.locator('a[href^="/admin/menus/"]').first();
    const href = await menuLink.getAttribute("href");
    expect(href).toBeTruthy();
    await page.goto(href!);
    const label = unique("E2E item");
    // Menus can link to channels (decision 022): the seeded public channels' pages are suggested.
    await expect(page.locator('#menu-destinations option[value="/channel/popular-movies"]')).toHaveCount(1);
    await page.getByLabel("Label").fill(label);
    await page.getByLabel("Goes to").fill("/channel/popular-movies");
    await page.getByRole("button", { name: "Add item" }).click();
    await expect(page.getByTestId("menu-items")).toContainText(label);

    await page.getByTestId("menu-items").locator("li", { hasText: label }).getByRole("link", { name: "Edit" }).click();
    await expect(page.getByRole("heading", { name: "Edit item" })).toBeVisible();
    await page.getByLabel("Label").fill(`${label} edited`);
    await page.getByRole("button", { name: "Save item" }).click();
    await expect(page.getByTestId("menu-items")).toContainText(`${label} edited`);
    const [row] = await adminDb<{ value: string }>("SELECT value FROM settings WHERE key = 'menus'");
    expect(row.value).toContain(`${label} edited`);
    expect(row.value).toContain("/channel/popular-movies");
  } finally {
    await setSettings(request, { menus: saved ? JSON.parse(saved.value) : undefined });
  }
});

test("an administrator cannot take the admin role off themselves", async ({ page, context, baseURL }) => {
  const admin = await createAdmin("self-lockout");
  await signIn(context, baseURL, admin);
  await page.goto(`/admin/users/${admin.userId}`);
  await page.getByRole("checkbox", { name: "admin", exact: true }).uncheck();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("You cannot remove your own admin access. Ask another administrator.")).toBeVisible();
  const roles = await adminDb<{ name: string }>("SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ?", [admin.userId]);
  expect(roles.map((r) => r.name)).toContain("admin");
  // The admin area still opens.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a role is created with its permissions, then a user with that role and a direct permission", async ({ page, context, baseURL }) => {
  const admin = await createAdmin("roles-users");
  await signIn(context, baseURL, admin);
  const roleName = unique("Editors").replace(/\s+/g, "-");
  await page.goto("/admin/roles/new");
  await page.getByLabel("Name", { exact: true }).fill(roleName);
  await page.locator('input[name="permissions"][value="admin.access"]').check();
  await page.locator('input[name="permissions"][value="titles.update"]').check();
  await page.getByRole("button", { name: "Save role" }).click();
  await expect(page).toHaveURL(/\/admin\/roles\/\d+$/);
  const [role] = await adminDb<{ id: number }>("SELECT id FROM roles WHERE name = ?", [roleName]);
  const granted = await adminDb<{ name: string }>("SELECT p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = ? ORDER BY p.name", [role.id]);
  expect(granted.map((g) => g.name)).toEqual(["admin.access", "titles.update"]);

  const email = `${roleName.toLowerCase()}@example.test`;
  await page.goto("/admin/users/new");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("a long enough passphrase");
  await page.locator(`input[name="roles"][value="${role.id}"]`).check();
  await page.locator('input[name="permissions"][value="files.create"]').check();
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  const [created] = await adminDb<{ id: number }>("SELECT id FROM users WHERE email = ?", [email]);
  expect(await adminDb<{ role_id: number }>("SELECT role_id FROM user_roles WHERE user_id = ?", [created.id])).toContainEqual({ role_id: role.id });
  const direct = await adminDb<{ name: string }>("SELECT p.name FROM user_permissions up JOIN permissions p ON p.id = up.permission_id WHERE up.user_id = ?", [created.id]);
  expect(direct.map((d) => d.name)).toEqual(["files.create"]);
});
