import { expect, test, type APIRequestContext } from "@playwright/test";
import routes from "../../app/routes";
import { createApiClient } from "./fixtures/api-client";
import { createSignedInUser } from "./fixtures/signed-in-user";
import { adminDb, createAdmin, createUserWithPermissions } from "./admin/fixtures";

/**
 * Every /admin route in app/routes.ts, walked as a guest, as a signed-in
 * user without admin rights, and with API tokens: each loader (page and
 * .data request) and each action must refuse — a redirect to /login for
 * guests (tokens are only read on /api/v1, so a token is a guest here),
 * the 404 page for signed-in users without the permission — and leave the
 * data alone. Then a role with only titles.update: titles yes, users and
 * settings no.
 */

interface RouteEntry {
  path?: string;
  children?: RouteEntry[];
  index?: boolean;
}

function collect(entries: RouteEntry[], parent = ""): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    if (entry.index || (entry.path && !entry.children)) out.push(path || "/");
    if (entry.children) out.push(...collect(entry.children, path));
  }
  return out;
}

const ADMIN_PATHS = [...new Set(collect(routes as RouteEntry[]).filter((p) => p === "/admin" || p.startsWith("/admin/")))];

async function concretePaths() {
  const [[title], [series], [person], [page], [plan], [role]] = await Promise.all([
    adminDb<{ id: number }>("SELECT id FROM titles WHERE type = 'movie' ORDER BY id LIMIT 1"),
    adminDb<{ id: number }>("SELECT id FROM titles WHERE type = 'series' ORDER BY id LIMIT 1"),
    adminDb<{ id: number }>("SELECT id FROM people ORDER BY id LIMIT 1"),
    adminDb<{ id: number }>("SELECT id FROM custom_pages ORDER BY id LIMIT 1"),
    adminDb<{ id: number }>("SELECT id FROM products ORDER BY id LIMIT 1"),
    adminDb<{ id: number }>("SELECT id FROM roles ORDER BY id LIMIT 1"),
  ]);
  const values: Record<string, string> = {
    titleId: String(series?.id ?? title.id),
    seasonNumber: "1",
    personId: String(person.id),
    userId: "1",
    roleId: String(role.id),
    pageId: String(page.id),
    planId: String(plan?.id ?? 1),
    group: "general",
    menuId: "primary",
    language: "es",
    workspaceId: "1",
  };
  return ADMIN_PATHS.map((path) => path.replace(/:(\w+)\??/g, (_, name: string) => values[name] ?? "1").replace(/\*$/, "no-such-screen"));
}

async function expectGuestRefused(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  const page = await request.get(path, { headers, maxRedirects: 0 });
  expect(page.status(), `GET ${path}`).toBe(302);
  expect(page.headers().location, `GET ${path}`).toMatch(/^\/login/);
  const posted = await request.post(path, { headers, form: { intent: "delete", ids: "1", confirmed: "yes" }, maxRedirects: 0 });
  expect(posted.status(), `POST ${path}`).toBe(302);
  expect(posted.headers().location, `POST ${path}`).toMatch(/^\/login/);
}

test.describe("every admin route refuses people without admin rights", () => {
  test("the walk covers the admin area", () => {
    // Every admin screen is a route here; a new one is walked automatically.
    expect(ADMIN_PATHS.length).toBeGreaterThan(40);
    for (const screen of [
      "/admin",
      "/admin/titles",
      "/admin/users",
      "/admin/roles",
      "/admin/settings/:group",
      "/admin/appearance",
      "/admin/audit-log",
      "/admin/menus",
      "/admin/localizations",
      "/admin/plans",
      "/admin/subscriptions",
      "/admin/workspaces",
      "/admin/pages",
    ]) {
      expect(ADMIN_PATHS).toContain(screen);
    }
  });

  test("guests are sent to sign in, for every loader and action", async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    for (const path of await concretePaths()) await expectGuestRefused(request, path);
    await request.dispose();
  });

  test("signed-in users without admin.access get the 404 page, for every loader, data request and action", async ({ playwright, baseURL }) => {
    const user = await createSignedInUser("not-admin");
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: user.cookieHeader } });
    const [before] = await adminDb<{ n: number }>("SELECT count(*) AS n FROM audit_log");
    for (const path of await concretePaths()) {
      const page = await request.get(path, { maxRedirects: 0 });
      expect(page.status(), `GET ${path}`).toBe(404);
      if ((page.headers()["content-type"] ?? "").includes("text/html")) expect(await page.text(), `GET ${path}`).toContain("doorway to the great nothing");
      const dataRequest = await request.get(`${path}.data`, { maxRedirects: 0 });
      expect([404, 405], `GET ${path}.data`).toContain(dataRequest.status());
      const posted = await request.post(path, { form: { intent: "delete", ids: "1", confirmed: "yes" }, maxRedirects: 0 });
      expect(posted.status(), `POST ${path}`).toBe(404);
    }
    // Nothing was changed, so nothing was logged.
    const [after] = await adminDb<{ n: number }>("SELECT count(*) AS n FROM audit_log");
    expect(Number(after.n)).toBe(Number(before.n));
    await request.dispose();
  });

  test("API tokens do not open the admin area, with or without admin rights", async ({ playwright, baseURL }) => {
    const plain = await createApiClient({ role: "users" });
    const admin = await createApiClient({ role: "admin" });
    const request = await playwright.request.newContext({ baseURL });
    // The tokens work where tokens belong.
    expect((await request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${plain.token}` } })).status()).toBe(200);
    for (const path of await concretePaths()) {
      await expectGuestRefused(request, path, { Authorization: `Bearer ${plain.token}` });
      await expectGuestRefused(request, path, { Authorization: `Bearer ${admin.token}` });
    }
    await request.dispose();
  });
});

test.describe("part of the admin area", () => {
  test("a role with only titles.update edits titles but gets the 404 page on users and settings", async ({ page, context, baseURL }) => {
    const editor = await createUserWithPermissions(["admin.access", "titles.update"], "titles-editor");
    await context.addCookies([{ name: "session", value: encodeURIComponent(editor.cookieValue), url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
    const [title] = await adminDb<{ id: number; name: string }>("SELECT id, name FROM titles WHERE type = 'movie' ORDER BY id DESC LIMIT 1");

    await page.goto("/admin");
    const nav = page.getByRole("navigation", { name: "Admin" }).first();
    await expect(nav.getByRole("link", { name: "Titles" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Settings" })).toHaveCount(0);

    await page.goto(`/admin/titles/${title.id}`);
    await page.getByLabel("Tagline").fill("Edited by someone who may only edit titles");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved")).toBeVisible();
    await expect(page.getByLabel("Tagline")).toHaveValue("Edited by someone who may only edit titles");
    // Deleting needs titles.delete.
    await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);

    for (const path of ["/admin/users", "/admin/users/1", "/admin/settings/general", "/admin/roles", "/admin/appearance", "/admin/audit-log"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText("Looks like you've found the doorway to the great nothing")).toBeVisible();
    }
    const refused = await page.request.post("/admin/settings/homepage", { form: { intent: "save", "homepage.type": "loginPage" }, maxRedirects: 0 });
    expect(refused.status()).toBe(404);
    const deleted = await page.request.post(`/admin/titles/${title.id}`, { form: { intent: "delete", confirmed: "yes" }, maxRedirects: 0 });
    expect(deleted.status()).toBe(404);
    expect(await adminDb("SELECT id FROM titles WHERE id = ?", [title.id])).toHaveLength(1);
  });

  test("an administrator lands in the admin area after signing in", async ({ page, context, baseURL }) => {
    const admin = await createAdmin("landing");
    await context.addCookies([{ name: "session", value: encodeURIComponent(admin.cookieValue), url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByTestId("dashboard-counts")).toBeVisible();
    await expect(page.getByTestId("bar-chart")).toHaveCount(2);
  });
});
