import { describe, expect, it } from "vitest";
import { IMPORT_REQUEST_MAX_BYTES, MAX_REQUEST_BODY_BYTES } from "~/constants";
import { applySecurityHeaders, bodyLimitFor, isCrossOriginWrite, limitRequestBody, PayloadTooLargeError, asFormWrite } from "./security";

const site = "https://films.example";

describe("isCrossOriginWrite", () => {
  it("allows reads from anywhere", () => {
    expect(isCrossOriginWrite(new Request(`${site}/`, { headers: { Origin: "https://evil.example" } }))).toBe(false);
  });

  it("refuses a POST whose Origin is another site", () => {
    const request = new Request(`${site}/resources/theme`, { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(isCrossOriginWrite(request)).toBe(true);
  });

  it("refuses an opaque origin (sandboxed frames, data: URLs)", () => {
    const request = new Request(`${site}/x`, { method: "POST", headers: { Origin: "null" } });
    expect(isCrossOriginWrite(request)).toBe(true);
  });

  it("accepts our own origin", () => {
    const request = new Request(`${site}/x`, { method: "DELETE", headers: { Origin: site } });
    expect(isCrossOriginWrite(request)).toBe(false);
  });

  it("falls back to Sec-Fetch-Site when there is no Origin", () => {
    const cross = new Request(`${site}/x`, { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } });
    const same = new Request(`${site}/x`, { method: "POST", headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(isCrossOriginWrite(cross)).toBe(true);
    expect(isCrossOriginWrite(same)).toBe(false);
  });

  it("lets non-browser clients through (they carry no ambient cookies to abuse)", () => {
    expect(isCrossOriginWrite(new Request(`${site}/api/v1/x`, { method: "POST" }))).toBe(false);
  });
});

describe("request body limits", () => {
  it("exempts streaming upload endpoints only", () => {
    expect(bodyLimitFor("/api/v1/tus/upload")).toBeNull();
    expect(bodyLimitFor("/api/v1/s3/multipart/create")).toBeNull();
    expect(bodyLimitFor("/login")).toBe(MAX_REQUEST_BODY_BYTES);
  });

  it("lets a library import carry a 20 MB export (and only the import paths)", () => {
    expect(bodyLimitFor("/library/import")).toBe(IMPORT_REQUEST_MAX_BYTES);
    expect(bodyLimitFor("/api/v1/library/import")).toBe(IMPORT_REQUEST_MAX_BYTES);
    expect(IMPORT_REQUEST_MAX_BYTES).toBeGreaterThan(20 * 1024 * 1024);
    expect(bodyLimitFor("/library/import/12")).toBe(MAX_REQUEST_BODY_BYTES);
  });

  it("rejects a declared length over the limit without reading", async () => {
    const request = new Request(`${site}/x`, { method: "POST", body: "x".repeat(20), headers: { "Content-Length": "20" } });
    await expect(limitRequestBody(request, 10)).rejects.toBeInstanceOf(PayloadTooLargeError);
  });

  it("rejects a nonsense Content-Length", async () => {
    const request = new Request(`${site}/x`, { method: "POST", body: "abc", headers: { "Content-Length": "abc" } });
    await expect(limitRequestBody(request, 10)).rejects.toBeInstanceOf(PayloadTooLargeError);
  });

  it("counts a streamed body without a length and keeps it readable", async () => {
    const stream = (text: string) =>
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        },
      });
    const small = new Request(`${site}/x`, { method: "POST", body: stream("hello"), duplex: "half" } as RequestInit);
    expect(await (await limitRequestBody(small, 10)).text()).toBe("hello");
    const big = new Request(`${site}/x`, { method: "POST", body: stream("x".repeat(11)), duplex: "half" } as RequestInit);
    await expect(limitRequestBody(big, 10)).rejects.toBeInstanceOf(PayloadTooLargeError);
  });

  it("locally reads a refused body to its end (the dev proxy fails a half-read request), in production never", async () => {
    const pulls = { count: 0 };
    const chunked = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulls.count += 1;
          if (pulls.count > 5) controller.close();
          else controller.enqueue(new Uint8Array(8));
        },
      });
    const post = () => new Request(`${site}/x`, { method: "POST", body: chunked(), headers: { "Content-Length": "40" }, duplex: "half" } as RequestInit);
    await expect(limitRequestBody(post(), 10, { drainRefused: true })).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(pulls.count).toBe(6);
    pulls.count = 0;
    await expect(limitRequestBody(post(), 10)).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(pulls.count).toBeLessThan(6);
  });
});

describe("applySecurityHeaders", () => {
  const options = { nonce: "abc123", requestId: "req-1", isLocal: false };

  it("puts a nonce-based CSP on HTML and the baseline headers on everything", () => {
    const html = applySecurityHeaders(new Response("<p>", { headers: { "Content-Type": "text/html; charset=utf-8" } }), options);
    const csp = html.headers.get("Content-Security-Policy")!;
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(html.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(html.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(html.headers.get("Permissions-Policy")).toContain("camera=()");
    expect(html.headers.get("X-Request-Id")).toBe("req-1");
    expect(html.headers.get("Strict-Transport-Security")).toContain("max-age=");

    const json = applySecurityHeaders(Response.json({}), options);
    expect(json.headers.get("Content-Security-Policy")).toBeNull();
    expect(json.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("does not send HSTS from a local server", () => {
    const response = applySecurityHeaders(new Response(""), { ...options, isLocal: true });
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
  });
});

describe("asFormWrite", () => {
  const post = (path: string, body: BodyInit | null, type?: string) => new Request(`https://films.example${path}`, { method: "POST", body, headers: type ? { "Content-Type": type } : {} });

  it("refuses JSON, text and untyped bodies to a form route", async () => {
    expect(await asFormWrite(post("/login", '{"email":"a@b.c"}', "application/json"), "/login")).toBeNull();
    expect(await asFormWrite(post("/register", "email=a", "text/plain"), "/register")).toBeNull();
    expect(await asFormWrite(post("/admin/titles", "x"), "/admin/titles")).toBeNull();
    expect(await asFormWrite(post("/account-settings.data", "[]", "application/json"), "/account-settings.data")).toBeNull();
  });

  it("lets forms through and turns a bodiless write into an empty form", async () => {
    const form = post("/login", "email=a", "application/x-www-form-urlencoded");
    expect(await asFormWrite(form, "/login")).toBe(form);
    const bare = await asFormWrite(post("/auth/logout-not-api", null), "/notifications/settings");
    expect(bare).not.toBeNull();
    expect([...(await bare!.formData()).keys()]).toEqual([]);
  });

  it("leaves JSON routes alone", async () => {
    const json = post("/api/v1/workspaces", "{}", "application/json");
    expect(await asFormWrite(json, "/api/v1/workspaces")).toBe(json);
    const login = post("/auth/login", "{}", "application/json");
    expect(await asFormWrite(login, "/auth/login")).toBe(login);
    const editor = post("/admin/appearance", "{}", "application/json");
    expect(await asFormWrite(editor, "/admin/appearance")).toBe(editor);
  });
});
