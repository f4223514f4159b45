import { expect, test } from "@playwright/test";
import { titleWithCastAndVideo, r2Video, seriesWithEpisodes } from "./fixtures/catalogue";

/**
 * Bad input on the public catalogue: every request gets a 404, an empty
 * result, a redirect or a 416, never a 500.
 */

test("non-numeric, negative, zero and huge ids are 404s", async ({ request }) => {
  for (const path of [
    "/titles/abc/x",
    "/titles/-1/x",
    "/titles/0/x",
    "/titles/1e3/x",
    "/titles/99999999999999999999/x",
    "/titles/999999999/x",
    "/titles/1.5/x/credits",
    "/people/abc/x",
    "/people/999999999/x",
    "/watch/abc",
    "/watch/999999999",
    "/pages/0/x",
    "/user/abc/x",
    "/titles/1/x/season/abc",
    "/titles/1/x/season/1/episode/-1",
    "/sitemaps/titles-0.xml",
    "/sitemaps/titles-abc.xml",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
  }
});

test("a wrong slug redirects permanently to the canonical URL, sub-pages included", async ({ request }) => {
  const movie = await titleWithCastAndVideo();
  for (const [path, target] of [
    [`/titles/${movie.id}/wrong-slug`, `/titles/${movie.id}/${movie.slug}`],
    [`/titles/${movie.id}/wrong-slug/credits`, `/titles/${movie.id}/${movie.slug}/credits`],
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers().location).toBe(target);
  }
  const series = await seriesWithEpisodes();
  const season = await request.get(`/titles/${series.id}/nope/season/1`, { maxRedirects: 0 });
  expect(season.status()).toBe(301);
  expect(season.headers().location).toBe(`/titles/${series.id}/${series.slug}/season/1`);
  const missingSeason = await request.get(`/titles/${series.id}/${series.slug}/season/999`, { maxRedirects: 0 });
  expect(missingSeason.status()).toBe(404);
});

test("huge page numbers and malformed filters give a page, maybe empty, never an error", async ({ request }) => {
  for (const path of [
    "/titles?page=99999",
    "/titles?page=99999999999999999999999",
    "/titles?page=-3&order=drop%20table&dir=up",
    `/titles?type=podcast&genre=%3Cscript%3E&year_from=abc&year_to=99999&rating=NaN&certification=${"x".repeat(500)}`,
    "/titles?year_from=2000&year_to=1990",
    "/titles?genre=no-such-genre",
    "/people?page=1000000&department=%00&gender=robot&order=age",
    "/search?query=x&page=99999&type=everything",
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
  }
  const empty = await (await request.get("/titles?page=99999")).text();
  expect(empty).toContain('data-testid="browse-empty"');
});

test("FTS syntax characters in search are plain text", async ({ request }) => {
  for (const query of ['"', '"unbalanced', "*", "star*", "NEAR(a b)", "a NEAR b", "(((", "))", "a AND OR NOT b", "^title", "name:dark", "-", "'; DROP TABLE titles; --", "\u0000", "😀"]) {
    const page = await request.get(`/search?query=${encodeURIComponent(query)}`);
    expect(page.status(), query).toBe(200);
    const suggest = await request.get(`/search/suggest?query=${encodeURIComponent(query)}`);
    expect(suggest.status(), query).toBe(200);
    expect(Array.isArray((await suggest.json()).results)).toBe(true);
  }
  const long = await request.get(`/search/suggest?query=${"a ".repeat(2000)}`);
  expect(long.status()).toBe(200);
});

test("Range headers out of bounds get 416, odd ones the whole file or a 416, never a 500", async ({ request }) => {
  const video = await r2Video();
  const html = await (await request.get(`/watch/${video.id}`)).text();
  const src = /<source src="([^"]+)"/.exec(html)?.[1];
  expect(src).toBeTruthy();
  const whole = await request.get(src!);
  expect(whole.status()).toBe(200);
  const size = Number(whole.headers()["content-length"]);
  expect(size).toBeGreaterThan(0);

  const outOfBounds = await request.get(src!, { headers: { Range: `bytes=${size + 10}-${size + 20}` } });
  expect(outOfBounds.status()).toBe(416);
  expect(outOfBounds.headers()["content-range"]).toBe(`bytes */${size}`);

  const tail = await request.get(src!, { headers: { Range: "bytes=-100" } });
  expect(tail.status()).toBe(206);
  expect((await tail.body()).byteLength).toBe(100);

  for (const range of ["bytes=abc", "bytes=5-1", "items=0-1", "bytes=0-1,5-9", `bytes=${size}-`]) {
    const response = await request.get(src!, { headers: { Range: range } });
    expect([200, 206, 416], range).toContain(response.status());
  }
});

test("robots.txt points at the sitemap with an absolute URL, and the sitemap index lists its files", async ({ request, baseURL }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const index = await (await request.get("/sitemap.xml")).text();
  expect(index).toContain("<sitemapindex");
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(files.some((f) => f.endsWith("/sitemaps/titles-1.xml"))).toBe(true);
  expect(files.some((f) => f.endsWith("/sitemaps/people-1.xml"))).toBe(true);
  const titles = await request.get(new URL(files.find((f) => f.endsWith("/sitemaps/titles-1.xml"))!).pathname);
  expect(titles.headers()["content-type"]).toContain("xml");
  const locs = [...(await titles.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locs.length).toBeGreaterThan(100);
  expect(locs.length).toBeLessThanOrEqual(50_000);
  expect(locs[0]).toMatch(/^http:\/\/[^/]+\/titles\/\d+\/[^/]+$/);
  const movie = await titleWithCastAndVideo();
  expect(locs).toContain(`${baseURL}/titles/${movie.id}/${movie.slug}`);
  // Series' season and episode pages have their own files.
  const series = await seriesWithEpisodes();
  const fileLocs = async (kind: string) => {
    const file = files.find((f) => f.endsWith(`/sitemaps/${kind}-1.xml`));
    expect(file, kind).toBeTruthy();
    return [...(await (await request.get(new URL(file!).pathname)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  };
  expect(await fileLocs("seasons")).toContain(`${baseURL}/titles/${series.id}/${series.slug}/season/2`);
  expect(await fileLocs("episodes")).toContain(`${baseURL}/titles/${series.id}/${series.slug}/season/1/episode/1`);
  for (const path of ["/sitemaps/seasons-0.xml", "/sitemaps/episodes-999.xml"]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});
