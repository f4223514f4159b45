import { expect, test } from "@playwright/test";

/**
 * Hostile or broken requests get a clear 4xx or a sensible fallback, never a
 * 500 ("Bad input"). Plain HTTP, no browser.
 */

test.describe("bad input", () => {
  test("a malformed cookie header is ignored, the page renders with defaults", async ({ request }) => {
    const response = await request.get("/", {
      headers: {
        Cookie: [
          "be-active-theme=%E0%A4%A", // broken percent-encoding
          "be-locale=<script>",
          "flash-toast=!!!not-base64!!!",
          "d1-bookmark=../../etc/passwd",
          "cookie_notice",
          "=orphan",
          ";;;",
          `huge=${"x".repeat(3000)}`,
        ].join("; "),
      },
    });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="en"/);
    expect(html).not.toMatch(/<html[^>]*class="dark"/);
    // The bad bookmark was not echoed back.
    expect(response.headers()["set-cookie"] ?? "").not.toContain("etc/passwd");
  });

  test("an unknown language in the cookie falls back; posting it is refused with 422", async ({ request, baseURL }) => {
    const page = await request.get("/", { headers: { Cookie: "be-locale=xx" } });
    expect(page.status()).toBe(200);
    expect(await page.text()).toMatch(/<html lang="en"/);

    const post = await request.post("/resources/locale", { form: { language: "xx" }, headers: { Origin: baseURL! } });
    expect(post.status()).toBe(422);
    expect(await post.json()).toMatchObject({ errors: { language: [expect.any(String)] } });
    expect(post.headers()["set-cookie"] ?? "").not.toContain("be-locale=");
  });

  test("without JavaScript an unknown language goes back with a danger toast", async ({ request, baseURL }) => {
    const post = await request.post("/resources/locale", {
      form: { language: "klingon", redirectTo: "/" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(303);
    expect(post.headers().location).toBe("/");
    expect(post.headers()["set-cookie"]).toContain("flash-toast=");
  });

  test("an unknown theme id in the cookie falls back to the default theme; posting one is refused", async ({ request, baseURL }) => {
    for (const value of ["999999", "abc", "-1", "1e400"]) {
      const page = await request.get("/", { headers: { Cookie: `be-active-theme=${value}` } });
      expect(page.status()).toBe(200);
      expect(await page.text()).toMatch(/<html[^>]*data-theme-id="\d+"/);
    }
    for (const themeId of ["999999", "abc", ""]) {
      const post = await request.post("/resources/theme", { form: { themeId }, headers: { Origin: baseURL! } });
      expect(post.status()).toBe(422);
    }
  });

  test("an oversized body gets 413, with or without Content-Length", async ({ request, baseURL }) => {
    const big = "x".repeat(2 * 1024 * 1024);
    const declared = await request.post("/resources/locale", {
      data: big,
      headers: { Origin: baseURL!, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(declared.status()).toBe(413);

    // A streamed (chunked) body has no Content-Length: the Worker counts.
    const chunk = new Uint8Array(64 * 1024).fill(120);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 2 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const streamed = await fetch(`${baseURL}/resources/locale`, {
      method: "POST",
      body: stream,
      headers: { Origin: baseURL!, "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);

    const api = await request.post("/api/v1/bootstrap-data", { data: big, headers: { Origin: baseURL!, "Content-Type": "application/json" } });
    expect(api.status()).toBe(413);
    expect(await api.json()).toMatchObject({ message: expect.any(String) });
  });

  test("a cross-origin POST is refused with 403", async ({ request }) => {
    const byOrigin = await request.post("/resources/theme", { form: { themeId: "2" }, headers: { Origin: "https://evil.example" } });
    expect(byOrigin.status()).toBe(403);
    expect(byOrigin.headers()["set-cookie"] ?? "").not.toContain("be-active-theme");

    const nullOrigin = await request.post("/resources/cookie-notice", { form: {}, headers: { Origin: "null" } });
    expect(nullOrigin.status()).toBe(403);

    const bySecFetch = await request.post("/resources/locale", { form: { language: "es" }, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(bySecFetch.status()).toBe(403);

    const api = await request.post("/api/v1/bootstrap-data", { data: {}, headers: { Origin: "https://evil.example" } });
    expect(api.status()).toBe(403);
    expect(await api.json()).toMatchObject({ message: expect.any(String), request_id: expect.any(String) });
  });

  test("a body that is not what it claims to be gets 400, not 500", async ({ request, baseURL }) => {
    const badJson = await request.post("/api/v1/bootstrap-data", { data: Buffer.from("{not json"), headers: { Origin: baseURL!, "Content-Type": "application/json" } });
    expect(badJson.status()).toBe(400);
    const badMultipart = await request.post("/resources/theme", {
      data: "garbage without boundaries",
      headers: { Origin: baseURL!, "Content-Type": "multipart/form-data; boundary=zzz" },
    });
    expect(badMultipart.status()).toBe(400);
    // Well-formed JSON sent to a form action is refused with 415 and a message, never read as a form (decision 021).
    const jsonToForm = await request.post("/resources/theme", { data: { themeId: 2 }, headers: { Origin: baseURL! } });
    expect(jsonToForm.status()).toBe(415);
  });

  test("every response carries the security headers; pages a CSP with a nonce", async ({ request }) => {
    const response = await request.get("/");
    const headers = response.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"])![1];
    const html = await response.text();
    // Every inline script carries this response's nonce.
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
  });
});
