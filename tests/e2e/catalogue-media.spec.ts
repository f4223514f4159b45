import { expect, test } from "@playwright/test";

/**
 * The catalogue media routes of the built Worker: the seeded sample video
 * from local R2 (/media/...) with byte ranges and validators, and generated
 * artwork (/artwork/...). HTTP only; the pages' players are tested elsewhere.
 */
const VIDEO = "/media/videos/sample-test-pattern.mp4";

test.describe("catalogue media", () => {
  test("serves the seeded sample video with ranges, validators and public caching", async ({ request }) => {
    const whole = await request.get(VIDEO);
    expect(whole.status()).toBe(200);
    const headers = whole.headers();
    const size = Number(headers["content-length"]);
    expect(size).toBeGreaterThan(100_000);
    expect(headers["content-type"]).toBe("video/mp4");
    expect(headers["accept-ranges"]).toBe("bytes");
    expect(headers["cache-control"]).toMatch(/^public/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["content-disposition"]).toMatch(/^inline; filename="sample-test-pattern.mp4"/);
    const body = await whole.body();
    expect(body.length).toBe(size);
    expect(body.subarray(4, 8).toString("latin1")).toBe("ftyp");

    const first = await request.get(VIDEO, { headers: { Range: "bytes=0-0" } });
    expect(first.status()).toBe(206);
    expect(first.headers()["content-range"]).toBe(`bytes 0-0/${size}`);
    expect((await first.body()).length).toBe(1);

    const tail = await request.get(VIDEO, { headers: { Range: "bytes=-500" } });
    expect(tail.status()).toBe(206);
    expect(await tail.body()).toEqual(body.subarray(size - 500));

    const from = await request.get(VIDEO, { headers: { Range: "bytes=100-" } });
    expect(from.status()).toBe(206);
    expect(from.headers()["content-range"]).toBe(`bytes 100-${size - 1}/${size}`);

    const beyond = await request.get(VIDEO, { headers: { Range: `bytes=${size}-` } });
    expect(beyond.status()).toBe(416);
    expect(beyond.headers()["content-range"]).toBe(`bytes */${size}`);

    const malformed = await request.get(VIDEO, { headers: { Range: "bytes=oops" } });
    expect(malformed.status()).toBe(200);

    const cached = await request.get(VIDEO, { headers: { "If-None-Match": headers.etag } });
    expect(cached.status()).toBe(304);

    const head = await request.head(VIDEO);
    expect(head.status()).toBe(200);
    expect(head.headers()["content-length"]).toBe(String(size));
  });

  test("404s unknown or implausible media keys", async ({ request }) => {
    for (const path of ["/media/videos/missing.mp4", "/media/", "/media/videos//x.mp4", "/media/%2e%2e/secret"]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });

  test("serves generated artwork with known sizes, cacheable, and 404s bad ids", async ({ request }) => {
    const poster = await request.get("/artwork/poster/1.svg");
    expect(poster.status()).toBe(200);
    expect(poster.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(poster.headers()["cache-control"]).toMatch(/^public/);
    const svg = await poster.text();
    expect(svg).toContain('width="400" height="600"');
    expect(svg).toContain("GENERATED ARTWORK");
    expect((await request.get("/artwork/poster/1.svg", { headers: { "If-None-Match": poster.headers().etag } })).status()).toBe(304);
    expect((await request.get("/artwork/backdrop/1.svg")).status()).toBe(200);
    expect((await request.get("/artwork/profile/1.svg")).status()).toBe(200);
    expect((await request.get("/artwork/still/1.svg")).status()).toBe(200);
    expect((await request.get("/artwork/season/1.svg")).status()).toBe(200);
    for (const path of ["/artwork/poster/abc.svg", "/artwork/poster/0.svg", "/artwork/poster/99999999.svg", "/artwork/banner/1.svg", "/artwork/poster/1.png"]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });
});
