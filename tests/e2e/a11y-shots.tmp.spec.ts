import { test } from "@playwright/test";
import { E2E_BASE_URL } from "../../playwright.config";
import { contextFor, pageType } from "./fixtures/page-types";

const SHOTS: [string, string, boolean][] = [
  ["reviews", "fr", false],
  ["review", "es", true],
  ["history", "fr", true],
  ["account settings", "en", true],
  ["search", "en", false],
  ["title", "fr", true],
];
for (const [name, language, dark] of SHOTS) {
  for (const width of [1280, 390] as const) {
    test(`shot ${name} ${language} ${dark ? "dark" : "light"} ${width}`, async ({ browser }) => {
      const page = await pageType(name);
      const context = await contextFor(browser, page.member, { signedIn: true, dark, width });
      await context.addCookies([{ name: "be-locale", value: language, url: E2E_BASE_URL, sameSite: "Lax" }]);
      const tab = await context.newPage();
      await tab.goto(page.path);
      await tab.waitForLoadState("load");
      await tab.screenshot({ path: `/tmp/a11y/shots/${name.replace(" ", "-")}-${language}-${dark ? "dark" : "light"}-${width}.png`, fullPage: false });
      await context.close();
    });
  }
}
