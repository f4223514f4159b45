import { expect, test, type Page } from "@playwright/test";

/**
 * Timing and behaviour of the shared primitives on the UI
 * kit page /_dev/ui: select/combobox filtering and empty text, type-ahead
 * reset, tooltip delay, hover-popover close delay, dialogs, toasts and the
 * navigation progress bar.
 */

async function openKit(page: Page) {
  await page.goto("/_dev/ui");
  await expect(page.getByTestId("example-form").getByRole("button", { name: "Show password" })).toBeVisible();
  // React Aria opens hover UI only once it knows a pointer is in use, as after any real click.
  await page.mouse.click(2, 300);
}

test.beforeEach(async ({ page }) => openKit(page));

test("a searchable select filters by case-insensitive substring and says when nothing matches", async ({ page }) => {
  await page.getByRole("button", { name: "Select an item Genre", exact: true }).click();
  const search = page.getByRole("searchbox");
  await expect(search).toBeFocused();
  await search.fill("FI");
  const options = page.getByRole("listbox").getByRole("option");
  await expect(options).toHaveText(["Science Fiction"]);
  await search.fill("ma");
  await expect(options).toHaveText(["Animation", "Drama", "Romance"]);
  await search.fill("zzz");
  // React Aria announces the empty state as the list's only entry.
  await expect(options).toHaveText(["There are no items matching your query"]);
  await search.fill("west");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Western Genre", exact: true })).toBeVisible();
});

test("a combobox filters while typing and shows the empty text", async ({ page }) => {
  const input = page.getByRole("combobox", { name: "Genre search" });
  await input.click();
  await input.pressSequentially("OR", { delay: 30 });
  await expect(input).toHaveValue("OR");
  await expect(page.getByRole("listbox").getByRole("option")).toHaveText(["History", "Horror"]);
  await input.pressSequentially("zzz", { delay: 30 });
  await expect(page.getByRole("listbox").getByRole("option")).toHaveText(["There are no items matching your query"]);
});

test("type-ahead in a select resets after 500 ms", async ({ page }) => {
  // The page's clock stands still unless the test moves it, so the timing is exact however loaded the machine is.
  await withPausedClock(page);
  const trigger = page.getByRole("button", { name: "Select an item Genre (type-ahead)" });
  await trigger.click();
  const listbox = page.getByRole("listbox");
  await expect(listbox).toBeVisible();
  // Opening moves focus into the list on the next animation frame.
  await page.clock.runFor(50);
  await expect.poll(() => listbox.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  // "d" then "r": "dr" → Drama.
  await page.keyboard.type("dr");
  await expect(page.getByRole("option", { name: "Drama" })).toBeFocused();
  // 600 ms later (more than 500 ms, less than react-aria's own 1 s) a new search starts: "w" → War.
  await page.clock.runFor(600);
  await page.keyboard.type("w");
  await expect(page.getByRole("option", { name: "War" })).toBeFocused();
  // Within 500 ms the letters still add up: "we" → Western.
  await page.clock.runFor(400);
  await page.keyboard.type("e");
  await expect(page.getByRole("option", { name: "Western" })).toBeFocused();
});

/**
 * Times, in the page's own clock, when the pointer first reached a place and
 * when an element appeared or disappeared, so the checks do not depend on
 * how fast the test runner talks to the browser.
 */
async function recordTimes(page: Page, testId: string) {
  await page.evaluate((id) => {
    const w = window as unknown as { times: { moves: { x: number; y: number; at: number }[]; shown?: number; hidden?: number } };
    w.times = { moves: [] };
    document.addEventListener("pointermove", (e) => w.times.moves.push({ x: e.clientX, y: e.clientY, at: performance.now() }), true);
    let present = !!document.querySelector(`[data-testid="${id}"]`);
    new MutationObserver(() => {
      const now = !!document.querySelector(`[data-testid="${id}"]`);
      if (now && !present) w.times.shown ??= performance.now();
      if (!now && present) w.times.hidden ??= performance.now();
      present = now;
    }).observe(document.body, { childList: true, subtree: true });
  }, testId);
  return () => page.evaluate(() => (window as unknown as { times: { moves: { x: number; y: number; at: number }[]; shown?: number; hidden?: number } }).times);
}

test("a tooltip opens only after 1500 ms of hover", async ({ page }) => {
  const trigger = page.getByTestId("tooltip-trigger");
  await trigger.scrollIntoViewIfNeeded();
  const box = (await trigger.boundingBox())!;
  await page.evaluate(() => {
    const w = window as unknown as { tooltipShown?: number };
    new MutationObserver(() => {
      if (document.querySelector('[role="tooltip"]')) w.tooltipShown ??= performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  const times = await recordTimes(page, "unused");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByRole("tooltip")).toHaveText("A helpful hint", { timeout: 4000 });
  const arrived = (await times()).moves.find((m) => m.x >= box.x && m.x <= box.x + box.width)!.at;
  const shown = await page.evaluate(() => (window as unknown as { tooltipShown: number }).tooltipShown);
  expect(shown - arrived).toBeGreaterThanOrEqual(1450);
  expect(shown - arrived).toBeLessThan(5000);
});

test("a hover popover stays while the pointer moves into it and closes 150 ms after it leaves", async ({ page }) => {
  await page.getByTestId("hover-trigger").hover();
  const content = page.getByTestId("hover-content");
  await expect(content).toBeVisible();
  await content.hover();
  await page.waitForTimeout(400);
  await expect(content).toBeVisible();
  const times = await recordTimes(page, "hover-content");
  await page.mouse.move(5, 5);
  await expect(content).toBeHidden({ timeout: 4000 });
  const recorded = await times();
  const left = recorded.moves.find((m) => m.x <= 10)!.at;
  expect(recorded.hidden! - left).toBeGreaterThanOrEqual(140);
  expect(recorded.hidden! - left).toBeLessThan(3000);
});

test("a dialog traps focus, closes on Escape and gives focus back", async ({ page }) => {
  const opener = page.getByTestId("open-dialog");
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "A dialog" });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("a confirm dialog waits for its action and then closes", async ({ page }) => {
  await page.getByTestId("open-confirm").click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this item?" });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("confirm-dialog-confirm").click();
  await expect(page.getByTestId("toast")).toContainText("Deleted");
  await expect(dialog).toHaveCount(0);
});

test("a menu opens from its button and works with the keyboard", async ({ page }) => {
  await page.getByTestId("open-menu").click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(menu).toHaveCount(0);
  await expect(page.getByTestId("toast")).toContainText("Edit");
});

test.describe("toasts", () => {
  // Durations run on Playwright's clock: each test moves time on instead of sleeping.
  test.beforeEach(async ({ page }) => page.clock.install());

  test("one at a time: a new toast replaces the old one, and one with the same id replaces it in place", async ({ page }) => {
    await page.getByTestId("show-toast").click();
    await expect(page.getByTestId("toast")).toHaveCount(1);
    await page.getByRole("button", { name: "Loading toast" }).click();
    await expect(page.getByTestId("toast")).toHaveCount(1);
    const toast = page.getByTestId("toast");
    await expect(toast).toHaveAttribute("data-type", "loading");
    // Loading toasts have no close button and do not close by themselves.
    await expect(toast.getByRole("button", { name: "Close" })).toHaveCount(0);
    await page.clock.runFor(3500);
    await expect(toast).toBeVisible();
    // Same id, new content: it takes the place and restarts with the positive duration.
    await page.getByRole("button", { name: "Finish loading" }).click();
    await expect(page.getByTestId("toast")).toHaveCount(1);
    await expect(toast).toHaveAttribute("data-type", "positive");
    await expect(toast).toContainText("Loaded");
    await page.clock.runFor(1500);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1600);
    await expect(toast).toBeHidden();
  });

  test("a positive toast closes after 3 s, but not while hovered; it has width bounds and an action", async ({ page }) => {
    await page.getByTestId("show-toast").click();
    const toast = page.getByTestId("toast");
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(288);
    expect(box.width).toBeLessThanOrEqual(500);
    await expect(toast.getByRole("link", { name: "Undo" })).toHaveAttribute("href", "/_dev/ui");
    await toast.hover();
    await page.clock.runFor(3600);
    await expect(toast).toBeVisible();
    await page.mouse.move(5, 5);
    await page.clock.runFor(3100);
    await expect(toast).toBeHidden();
  });

  test("the close button dismisses at once", async ({ page }) => {
    await page.getByTestId("show-toast").click();
    await page.getByTestId("toast").getByRole("button", { name: "Close" }).click();
    await expect(page.getByTestId("toast")).toHaveCount(0);
  });
});

test("the navigation progress bar appears only after 500 ms and stays at least 200 ms", async ({ page }) => {
  await withPausedClock(page);
  // Hold the next client navigation's data request until the test lets it go.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    await gate;
    await route.continue();
  });
  const bar = page.getByTestId("navigation-progress");
  await page.getByRole("link", { name: "Same page, new query" }).click();
  await page.clock.runFor(499);
  await expect(bar).toHaveCount(0);
  await page.clock.runFor(2);
  await expect(bar).toBeVisible();
  // The page arrives 1 ms after the bar showed: the bar stays until 200 ms have passed.
  release();
  await expect(page).toHaveURL(/\?again=1$/);
  await page.clock.runFor(190);
  await expect(bar).toBeVisible();
  await page.clock.runFor(20);
  await expect(bar).toHaveCount(0);
});

test("a navigation that finishes within 500 ms shows no progress bar at all", async ({ page }) => {
  await withPausedClock(page);
  await page.getByRole("link", { name: "Same page, new query" }).click();
  await expect(page).toHaveURL(/\?again=1$/);
  await page.clock.runFor(2000);
  await expect(page.getByTestId("navigation-progress")).toHaveCount(0);
});

/** Reloads the kit with a fake clock, then stops the page's time; only clock.runFor moves it. */
async function withPausedClock(page: Page) {
  const start = new Date("2026-01-01T10:00:00Z");
  await page.clock.install({ time: start });
  await openKit(page);
  await page.clock.pauseAt(new Date(start.getTime() + 60 * 60 * 1000));
}
