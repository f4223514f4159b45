import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { contentDisposition, parseRange, serveR2Object } from "./serve-r2-object.server";

const KEY = "catalogue/tests/sample.mp4";
const SIZE = 10_000;
const bytes = Uint8Array.from({ length: SIZE }, (_, i) => i % 251);

function get(headers: Record<string, string> = {}, method = "GET") {
  return serveR2Object(env.FILES, KEY, new Request(`https://example.test/media/tests/sample.mp4`, { method, headers }));
}

async function body(response: Response) {
  return new Uint8Array(await response.arrayBuffer());
}

beforeAll(async () => {
  await env.FILES.put(KEY, bytes, { httpMetadata: { contentType: "video/mp4" } });
  await env.FILES.put("catalogue/tests/page.html", "<script>alert(1)</script>", { httpMetadata: { contentType: "text/html" } });
  await env.FILES.put("catalogue/tests/unknown.webm", new Uint8Array(10));
  await env.FILES.put("catalogue/tests/empty.txt", new Uint8Array(0));
});

describe("serveR2Object", () => {
  it("serves the whole file with type, validators, caching and range support", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("video/mp4");
    expect(response.headers.get("Content-Length")).toBe(String(SIZE));
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("ETag")).toMatch(/^"[0-9a-f]+"$/);
    expect(response.headers.get("Last-Modified")).toMatch(/GMT$/);
    expect(response.headers.get("Cache-Control")).toMatch(/^public/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Disposition")).toBe(`inline; filename="sample.mp4"; filename*=UTF-8''sample.mp4`);
    expect(await body(response)).toEqual(bytes);
  });

  it("bytes=0-0 returns the first byte", async () => {
    const response = await get({ Range: "bytes=0-0" });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe(`bytes 0-0/${SIZE}`);
    expect(response.headers.get("Content-Length")).toBe("1");
    expect(await body(response)).toEqual(bytes.slice(0, 1));
  });

  it("bytes=-500 returns the last 500 bytes", async () => {
    const response = await get({ Range: "bytes=-500" });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe(`bytes ${SIZE - 500}-${SIZE - 1}/${SIZE}`);
    expect(await body(response)).toEqual(bytes.slice(SIZE - 500));
  });

  it("bytes=100- returns everything from byte 100", async () => {
    const response = await get({ Range: "bytes=100-" });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe(`bytes 100-${SIZE - 1}/${SIZE}`);
    expect(response.headers.get("Content-Length")).toBe(String(SIZE - 100));
    expect(await body(response)).toEqual(bytes.slice(100));
  });

  it("clamps a range that runs past the end, and a suffix longer than the file", async () => {
    const response = await get({ Range: `bytes=9990-20000` });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe(`bytes 9990-${SIZE - 1}/${SIZE}`);
    expect(await body(response)).toEqual(bytes.slice(9990));
    const suffix = await get({ Range: "bytes=-999999" });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("Content-Range")).toBe(`bytes 0-${SIZE - 1}/${SIZE}`);
  });

  it("answers 416 with the size for ranges beyond the file", async () => {
    for (const range of [`bytes=${SIZE}-`, `bytes=${SIZE + 5}-${SIZE + 10}`, "bytes=-0", "bytes=99999999999999999999-"]) {
      const response = await get({ Range: range });
      expect(response.status, range).toBe(416);
      expect(response.headers.get("Content-Range")).toBe(`bytes */${SIZE}`);
      await response.arrayBuffer();
    }
  });

  it("ignores malformed, multiple and foreign-unit ranges and serves the whole file", async () => {
    for (const range of ["bytes=abc", "bytes=5-1", "bytes=-", "bytes=", "bytes 0-10", "items=0-5", "bytes=0-1,5-6", "bytes=1.5-2", "bytes=--5", "bytes=0-1x"]) {
      const response = await get({ Range: range });
      expect(response.status, range).toBe(200);
      expect(response.headers.get("Content-Length")).toBe(String(SIZE));
      await response.arrayBuffer();
    }
  });

  it("answers If-None-Match with 304 when the ETag matches (and * or weak forms)", async () => {
    const etag = (await get({}, "HEAD")).headers.get("ETag")!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const response = await get({ "If-None-Match": header });
      expect(response.status, header).toBe(304);
      expect(response.headers.get("ETag")).toBe(etag);
      expect(response.body).toBeNull();
    }
    expect((await get({ "If-None-Match": '"stale"' })).status).toBe(200);
  });

  it("answers If-Modified-Since with 304 unless the file is newer; If-None-Match wins", async () => {
    const lastModified = (await get({}, "HEAD")).headers.get("Last-Modified")!;
    expect((await get({ "If-Modified-Since": lastModified })).status).toBe(304);
    const before = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    const response = await get({ "If-Modified-Since": before });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const both = await get({ "If-Modified-Since": lastModified, "If-None-Match": '"stale"' });
    expect(both.status).toBe(200);
    await both.arrayBuffer();
  });

  it("honours If-Range: the range when the validator is current, the whole file otherwise", async () => {
    const head = await get({}, "HEAD");
    const etag = head.headers.get("ETag")!;
    const lastModified = head.headers.get("Last-Modified")!;
    const current = await get({ Range: "bytes=0-9", "If-Range": etag });
    expect(current.status).toBe(206);
    expect(await body(current)).toEqual(bytes.slice(0, 10));
    expect((await get({ Range: "bytes=0-9", "If-Range": lastModified })).status).toBe(206);
    const stale = await get({ Range: "bytes=0-9", "If-Range": '"something-else"' });
    expect(stale.status).toBe(200);
    expect(await body(stale)).toEqual(bytes);
    const weak = await get({ Range: "bytes=0-9", "If-Range": `W/${etag}` });
    expect(weak.status).toBe(200);
    await weak.arrayBuffer();
  });

  it("answers If-Match with 412 when the ETag differs", async () => {
    expect((await get({ "If-Match": '"nope"' })).status).toBe(412);
    const etag = (await get({}, "HEAD")).headers.get("ETag")!;
    const ok = await get({ "If-Match": etag, Range: "bytes=0-0" });
    expect(ok.status).toBe(206);
    await ok.arrayBuffer();
  });

  it("answers HEAD with headers only", async () => {
    const response = await get({ Range: "bytes=0-99" }, "HEAD");
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Length")).toBe("100");
    expect(response.body).toBeNull();
  });

  it("404s a missing key, 405s other methods", async () => {
    const missing = await serveR2Object(env.FILES, "catalogue/nope.mp4", new Request("https://example.test/"));
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();
    expect((await get({}, "DELETE")).status).toBe(405);
  });

  it("never serves active content inline, and guesses the type from the extension", async () => {
    const html = await serveR2Object(env.FILES, "catalogue/tests/page.html", new Request("https://example.test/"));
    expect(html.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    expect(html.headers.get("Content-Security-Policy")).toContain("sandbox");
    await html.arrayBuffer();
    const webm = await serveR2Object(env.FILES, "catalogue/tests/unknown.webm", new Request("https://example.test/"));
    expect(webm.headers.get("Content-Type")).toBe("video/webm");
    await webm.arrayBuffer();
  });

  it("handles an empty file: whole 200, any range 416", async () => {
    const whole = await serveR2Object(env.FILES, "catalogue/tests/empty.txt", new Request("https://example.test/"));
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Content-Length")).toBe("0");
    await whole.arrayBuffer();
    const range = await serveR2Object(env.FILES, "catalogue/tests/empty.txt", new Request("https://example.test/", { headers: { Range: "bytes=0-" } }));
    expect(range.status).toBe(416);
    await range.arrayBuffer();
  });
});

describe("parseRange and contentDisposition", () => {
  it("parse single ranges per RFC 9110", () => {
    expect(parseRange(null, 10)).toBeNull();
    expect(parseRange("bytes=0-0", 10)).toEqual({ offset: 0, length: 1 });
    expect(parseRange("bytes = 2 - 4", 10)).toEqual({ offset: 2, length: 3 });
    expect(parseRange("BYTES=2-", 10)).toEqual({ offset: 2, length: 8 });
    expect(parseRange("bytes=-3", 10)).toEqual({ offset: 7, length: 3 });
    expect(parseRange("bytes=10-", 10)).toBe("unsatisfiable");
    expect(parseRange("bytes=3-1", 10)).toBeNull();
  });

  it("make safe Content-Disposition values", () => {
    expect(contentDisposition("attachment", 'evil"; name=x.mp4')).toBe(`attachment; filename="evil__ name=x.mp4"; filename*=UTF-8''evil%22%3B%20name%3Dx.mp4`);
    expect(contentDisposition("inline", "Amélie.mp4")).toBe(`inline; filename="Am_lie.mp4"; filename*=UTF-8''Am%C3%A9lie.mp4`);
    expect(contentDisposition("inline", "a\r\nb/../c.mp4")).toBe(`inline; filename="ab..c.mp4"; filename*=UTF-8''ab..c.mp4`);
  });
});
