import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "../../playwright.config";
import { queryE2e } from "./fixtures/e2e-db";
import { createSignedInUser, signedInContext } from "./social/helpers";

/**
 * The follow and feed screens as a member sees them, desktop (1280) and
 * phone (390), light and dark: the demo members' feed, a demo member's
 * profile with its follow button, her followers page, and a title page's
 * "People you follow". Nothing may run off the side of the screen; each
 * screen is saved under test-results/ for a person to look at.
 */
const sizes = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
];

for (const size of sizes) {
  for (const dark of [false, true]) {
    test(`${size.name}, ${dark ? "dark" : "light"}: feed, profile, followers and friends on a title fit the screen`, async ({ browser }) => {
      const me = await createSignedInUser("screens");
      const demo = await queryE2e<{ id: number }>(`SELECT id FROM users WHERE email LIKE '%@members.demo.reelbase.test' ORDER BY id`);
      expect(demo.length).toBeGreaterThanOrEqual(5);
      for (const m of demo) await queryE2e(`INSERT OR IGNORE INTO follows (follower_id, followee_id, status) VALUES (?, ?, 'active')`, [me.userId, m.id]);
      const [rated] = await queryE2e<{ id: number; slug: string }>(
        `SELECT t.id, t.slug FROM titles t JOIN ratings r ON r.title_id = t.id AND r.episode_id IS NULL WHERE r.user_id = ? ORDER BY r.id LIMIT 1`,
        [demo[0]!.id],
      );
      const context = await signedInContext(browser, me, { viewport: { width: size.width, height: size.height } });
      if (dark) {
        const [theme] = await queryE2e<{ id: number }>(`SELECT id FROM themes WHERE is_dark = 1 ORDER BY default_dark DESC, id LIMIT 1`);
        await context.addCookies([{ name: "be-active-theme", value: String(theme!.id), url: E2E_BASE_URL }]);
      }
      const page = await context.newPage();
      const shots: [string, string, string][] = [
        ["feed", "/feed", "feed-items"],
        ["profile", `/user/${demo[0]!.id}/x`, "profile-social"],
        ["followers", `/user/${demo[0]!.id}/x/followers`, "follow-list"],
        ["title-friends", `/titles/${rated!.id}/${rated!.slug}`, "title-friends"],
      ];
      for (const [name, path, testId] of shots) {
        await page.goto(path);
        const part = page.getByTestId(testId);
        await expect(part).toBeVisible();
        await part.scrollIntoViewIfNeeded();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${name} runs off the side`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `test-results/follows-screens/${name}-${size.name}-${dark ? "dark" : "light"}.png` });
      }
      await context.close();
    });
  }
}
