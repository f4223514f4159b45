import { expect, request as requests, test } from "@playwright/test";
import { finishLinkFrom, lastMailId, latestMail, submitRegistration, uniqueEmail, uniqueIp, waitForFinishForm, waitForHydration } from "./auth/helpers";
import { createSignedInUser, signInContext } from "./fixtures/signed-in-user";

/**
 * Decision 026 on the built Worker: HEAD answers like GET, and the signed-in
 * navbar (account button, notification bell) is there at once after signing
 * in, and works without JavaScript. The cache tier and version invalidation
 * are tested inside workerd (app/http/edge-page-cache.workers.test.ts).
 */

/** Headers that differ per response by design. */
const PER_RESPONSE = new Set(["x-request-id", "content-security-policy", "x-page-cache", "date", "content-length", "transfer-encoding", "content-encoding", "vary"]);
/** Cookies by name only: a D1 bookmark's value differs per response. */
const comparable = (headers: Record<string, string>) =>
  Object.entries(headers)
    .filter(([name]) => !PER_RESPONSE.has(name))
    .map(([name, value]) =>
      name === "set-cookie"
        ? [
            name,
            value
              .split("\n")
              .map((c) => c.split("=")[0])
              .join(","),
          ]
        : [name, value],
    )
    .sort();

test("HEAD answers with GET's status and headers (Content-Type, Content-Security-Policy), without a body", async ({ baseURL }) => {
  /** Each request as a new visitor (no cookie jar shared between them). */
  const fresh = async (method: "get" | "head", path: string) => {
    const context = await requests.newContext({ baseURL });
    const response = await context[method](path);
    return { status: response.status(), headers: response.headers(), body: await response.body(), dispose: () => context.dispose() };
  };
  for (const path of ["/", "/titles", "/no-such-page-for-head"]) {
    await (await fresh("get", path)).dispose(); // the guest copy exists, so both below answer alike
    const get = await fresh("get", path);
    const head = await fresh("head", path);
    expect(head.status, path).toBe(get.status);
    expect(head.headers["content-type"], path).toBe(get.headers["content-type"]);
    expect(head.headers["content-type"], path).toMatch(/^text\/html/);
    expect(head.headers["content-security-policy"], path).toMatch(/script-src[^;]*'nonce-/);
    expect(comparable(head.headers), path).toEqual(comparable(get.headers));
    expect(head.body.length, path).toBe(0);
    expect(get.body.length, path).toBeGreaterThan(0);
    await get.dispose();
    await head.dispose();
  }
});

test("an address made only of slashes is sent to the home page (the server's route matcher and the browser's agree everywhere else)", async ({ baseURL }) => {
  // The server matches routes with React Router's route-pattern trie, the browser with its default matcher;
  // workers/route-matching.test.ts finds they differ on "//" only (home page against not found), so the
  // Worker answers it with a redirect before React Router sees it.
  const context = await requests.newContext();
  const response = await context.get(`${baseURL}//?from=slashes`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/?from=slashes");
  const home = await context.get(`${baseURL}//`);
  expect(home.status()).toBe(200);
  expect(new URL(home.url()).pathname).toBe("/");
  await context.dispose();
});

test("after signing in, the navbar shows the account button and the bell at once: their code loaded on the sign-in screen", async ({ page, context }) => {
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": uniqueIp() });
  const email = uniqueEmail("shell");
  // The signed-in controls' chunk is fetched by the registration screen, before anyone signs in.
  const chunk = page.waitForResponse((response) => /\/signed-in-controls-[^/]*\.js$/.test(new URL(response.url()).pathname));
  await page.goto("/register");
  await waitForHydration(page);
  expect((await chunk).status()).toBe(200);

  const before = await lastMailId(page.request);
  await submitRegistration(page, email, { js: true });
  // Registration does not sign in (decision 021): the mailed link's page is the sign-in screen here.
  const mail = await latestMail(page.request, email, /Finish creating/, before);
  const finishChunk = page.waitForResponse((response) => /\/signed-in-controls-[^/]*\.js$/.test(new URL(response.url()).pathname));
  // As on another device (decision 043): without the registering browser's cookie the link's page asks for one click.
  await page.context().clearCookies({ name: "registering" });
  await page.goto(finishLinkFrom(mail));
  await waitForFinishForm(page);
  expect((await finishChunk).status()).toBe(200);
  // From here on the chunk could not arrive any more: the navbar must render from what is loaded.
  await page.route(/\/signed-in-controls-[^/]*\.js$/, (route) => route.abort());
  await page.getByTestId("register-finish-form").getByRole("button", { name: "Finish creating my account" }).click();
  await expect(page).not.toHaveURL(/\/register\//, { timeout: 20_000 });
  await expect(page.locator("[data-testid=user-menu]:visible").first()).toBeVisible();
  // The bell: its link at once, replaced by the popover's button once that chunk arrives (either may be showing).
  await expect(page.locator("[data-testid=notifications-link]:visible, [data-testid=notifications-button]:visible").first()).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a signed-in visitor's page shows the account menu and the bell in its HTML, and they work", async ({ page, context, baseURL }) => {
    const user = await createSignedInUser("shell-nojs");
    await signInContext(context, baseURL!, user);
    await page.goto("/titles");
    const menu = page.locator("details[data-testid=user-menu]:visible").first();
    await expect(menu).toBeVisible();
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: "Account settings" })).toBeVisible();
    await page.locator("[data-testid=notifications-link]:visible").first().click();
    await expect(page).toHaveURL(/\/notifications$/);
  });
});
