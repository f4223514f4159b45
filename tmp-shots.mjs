// Screenshots for looking at the pages (not a test): node tmp-shots.mjs <out dir> [paths...]
import { chromium } from "@playwright/test";
const base = "http://localhost:8810";
const out = process.argv[2];
const only = process.argv[3] ? process.argv[3].split(",") : null;
async function sql(q) {
  const r = await fetch(`${base}/resources/e2e/sql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ sql: q, args: [] }) });
  return (await r.json()).rows;
}
const themes = await sql("SELECT id, name, is_dark FROM themes ORDER BY id");
const dark = themes.find((t) => t.is_dark)?.id;
const light = themes.find((t) => !t.is_dark)?.id;
const [film] = await sql("SELECT id, slug FROM titles WHERE type='movie' AND poster IS NULL ORDER BY popularity DESC LIMIT 1");
const [series] = await sql("SELECT id, slug FROM titles WHERE type='series' ORDER BY popularity DESC LIMIT 1");
const [person] = await sql("SELECT p.id, p.slug FROM people p WHERE p.generated_fields LIKE '%name%' ORDER BY popularity DESC LIMIT 1");
const [realPerson] = await sql("SELECT p.id, p.slug FROM people p WHERE p.generated_fields = '[]' AND EXISTS (SELECT 1 FROM credits c WHERE c.person_id = p.id) ORDER BY popularity DESC LIMIT 1");
const pages = { home: "/", titles: "/titles", film: `/titles/${film.id}/${film.slug}`, series: `/titles/${series.id}/${series.slug}`, person: `/people/${person.id}/${person.slug}`, director: `/people/${realPerson.id}/${realPerson.slug}`, season: `/titles/${series.id}/${series.slug}/season/1`, imdb: "/titles?sort=rating-desc" };
const r = await fetch(`${base}/resources/e2e/signed-in-user`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ prefix: "shots" }) });
const user = await r.json();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
for (const signed of [false, true]) {
  for (const [theme, id] of [["light", light], ["dark", dark]]) {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, deviceScaleFactor: 1 });
      const cookies = [{ name: "be-active-theme", value: String(id), url: base }, { name: "cookie_notice", value: "1", url: base }];
      if (signed) cookies.push({ name: "session", value: encodeURIComponent(user.cookieValue), url: base });
      await context.addCookies(cookies);
      const page = await context.newPage();
      for (const [name, path] of Object.entries(pages)) {
        if (only && !only.includes(name)) continue;
        await page.goto(base + path);
        await page.waitForLoadState("networkidle").catch(() => {});
        await page.evaluate(async () => { for (let y = 0; y < document.body.scrollHeight; y += 600) { window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 60)); } window.scrollTo(0, 0); });
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${out}/${name}-${width}-${theme}-${signed ? "in" : "out"}.png`, fullPage: width === 390 ? false : false });
        await page.screenshot({ path: `${out}/${name}-${width}-${theme}-${signed ? "in" : "out"}-full.png`, fullPage: true });
      }
      await context.close();
    }
  }
}
await browser.close();
console.log(JSON.stringify(pages));
