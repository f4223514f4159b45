import { expect, test } from "@playwright/test";

/**
 * Every page's <title> is "<page> - <site name>" (decision 031): the 404
 * page's too, and the pages the new user's audit found without the site name
 * or with another separator.
 */
test("page titles name the page, then the site, with one separator", async ({ request }) => {
  const home = await (await request.get("/")).text();
  const siteName = /<title>([^<]*)<\/title>/.exec(home)?.[1]?.split(" - ").pop() ?? "";
  expect(siteName.length).toBeGreaterThan(0);
  const cases: [path: string, page: RegExp][] = [
    ["/no-such-page-anywhere", /^Page not found$/],
    ["/register", /^Create a new account$/],
    ["/login", /^Sign in$/],
    ["/data-sources", /^Data sources$/],
    ["/titles", /\S/],
  ];
  for (const [path, page] of cases) {
    const html = await (await request.get(path)).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
    expect(title, path).toMatch(new RegExp(` - ${siteName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    expect(title.slice(0, -(siteName.length + 3)), path).toMatch(page);
    expect(title, path).not.toContain("·");
  }
});
