import { expect, test } from "@playwright/test";
import { axeOn } from "./fixtures/axe";
import { contextFor, PAGE_TYPE_NAMES, pageType, type Look } from "./fixtures/page-types";

/**
 * axe-core (WCAG 2.0/2.1 A and AA) on every page type, signed out where the
 * page is public and signed in, in the light and the dark theme, at desktop
 * (1280) and phone (390) width: no serious or critical violation
 * (decision 031). One page load per combination; each test is one page type,
 * one sign-in state and one theme (both widths), so the two workers share
 * the combinations.
 */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/**
 * Rules outside those tags that the new user's audit named: the accessible
 * name of a control that shows text contains that text (axe marks it
 * experimental), landmarks of one kind are told apart by their labels, and
 * one top-level <main>.
 */
const ALSO = ["label-content-name-mismatch", "landmark-unique", "landmark-no-duplicate-main", "landmark-main-is-top-level", "landmark-one-main"];

for (const [name, isPublic] of PAGE_TYPE_NAMES) {
  for (const signedIn of isPublic ? [false, true] : [true]) {
    for (const dark of [false, true]) {
      test(`${name}, ${signedIn ? "signed in" : "signed out"}, ${dark ? "dark" : "light"}: no serious or critical axe violation`, async ({ browser }) => {
        // Two page loads and two axe runs, and the worker's first test also makes the member's data.
        test.setTimeout(120_000);
        const page = await pageType(name);
        const found: string[] = [];
        for (const width of [1280, 390] as const) {
          const look: Look = { signedIn, dark, width };
          const context = await contextFor(browser, page.member, look);
          try {
            const tab = await context.newPage();
            const response = await tab.goto(page.path);
            expect(response?.status(), `${page.path} at ${width}`).toBe(200);
            await tab.waitForLoadState("load");
            // One run: the tags, plus the named rules switched on beside them (they count as serious).
            const results = await axeOn(tab)
              // Only violations are read: axe then keeps one node per passed or inapplicable rule instead of all of them.
              .options({ rules: Object.fromEntries(ALSO.map((id) => [id, { enabled: true }])), resultTypes: ["violations"] })
              .withTags(TAGS)
              .analyze();
            for (const violation of results.violations) if (ALSO.includes(violation.id) && violation.impact !== "critical") violation.impact = "serious";
            for (const violation of results.violations) {
              if (violation.impact !== "serious" && violation.impact !== "critical") continue;
              for (const node of violation.nodes) {
                found.push(`${width}px ${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(0, 2).join(" ")}`);
              }
            }
          } finally {
            await context.close();
          }
        }
        expect(found, `${page.path}\n${found.join("\n")}`).toEqual([]);
      });
    }
  }
}
