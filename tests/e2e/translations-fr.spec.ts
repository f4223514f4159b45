import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "../../playwright.config";
import { contextFor, pageType } from "./fixtures/page-types";

/**
 * The screens the new user's audit found half in English, in French and
 * Spanish: none of their English-only interface words may show (decision
 * 031). The words are the interface's own, never catalogue data (plots and
 * names stay in their language).
 */
const ENGLISH_ONLY = [
  "Reviews",
  "Write a review",
  "Most helpful",
  "Newest",
  "Highest score",
  "Date added",
  "Release date",
  "Watched",
  "See all",
  "View all",
  "Sign in",
  "Sign out",
  "Export as CSV",
  "Import from",
  "Upload",
  "No reviews yet",
  "Comments",
  "Helpful",
  "Watchlist",
  "Add to list",
];

const SCREENS = ["title", "reviews", "review", "watchlist", "history", "notifications", "season", "for-you"];
const PATHS = ["/library/import"];

for (const language of ["fr", "es"]) {
  test(`${language}: the listed screens show no English interface words`, async ({ browser }) => {
    const anyPage = await pageType("title");
    const context = await contextFor(browser, anyPage.member, { signedIn: true, dark: false, width: 1280 });
    await context.addCookies([{ name: "be-locale", value: language, url: E2E_BASE_URL, sameSite: "Lax" }]);
    const found: string[] = [];
    try {
      const tab = await context.newPage();
      const paths = [...(await Promise.all(SCREENS.map(async (name) => (await pageType(name)).path))), ...PATHS];
      for (const path of paths) {
        await tab.goto(path);
        await expect(tab.locator("html")).toHaveAttribute("lang", language);
        const text = await tab.locator("body").innerText();
        for (const word of ENGLISH_ONLY) if (new RegExp(`\\b${word}\\b`).test(text)) found.push(`${path}: "${word}"`);
      }
    } finally {
      await context.close();
    }
    expect(found).toEqual([]);
  });
}
