import { describe, expect, it } from "vitest";
import { isAllowedTokenWrite, preflightResponse, withCorsHeaders } from "./cors";

/** CORS for api/v1 (decision 036): allowed origins echoed without credentials, others get nothing. */
const SITE = "https://reelbase.test";
const request = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) => new Request(`${SITE}${path}`, init);
const preflight = (origin: string) =>
  request("/api/v1/titles", { method: "OPTIONS", headers: { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type" } });

describe("CORS for api/v1", () => {
  it("answers a preflight from an allowed origin with that origin, the methods and headers, and never credentials", () => {
    const response = preflightResponse(preflight("https://app.example"), ["https://app.example"]);
    expect(response.status).toBe(204);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("https://app.example");
    expect(response.headers.get("Access-Control-Allow-Methods")).toContain("PATCH");
    expect(response.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
    expect(response.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(response.headers.get("Vary")).toContain("Origin");
  });

  it("gives an origin that is not listed no CORS header at all, on the preflight and on the answer", () => {
    const refused = preflightResponse(preflight("https://evil.example"), ["https://app.example"]);
    expect([...refused.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([]);
    const answer = withCorsHeaders(Response.json({ ok: true }), request("/api/v1/titles", { headers: { Origin: "https://evil.example" } }), ["https://app.example"]);
    expect([...answer.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([]);
  });

  it("a listed * answers * and still no credentials; an empty list allows nobody", () => {
    const any = withCorsHeaders(new Response("x"), request("/api/v1/titles", { headers: { Origin: "https://else.example" } }), ["*"]);
    expect(any.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(any.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(any.headers.get("Access-Control-Expose-Headers")).toContain("Upload-Offset");
    const none = preflightResponse(preflight("https://app.example"), []);
    expect(none.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("lets a cross-origin write through only from an allowed origin, to api/v1, with a bearer token", () => {
    const write = (path: string, origin: string, auth?: string) => request(path, { method: "POST", headers: { Origin: origin, ...(auth ? { Authorization: auth } : {}) } });
    const allowed = ["https://app.example"];
    expect(isAllowedTokenWrite(write("/api/v1/lists", "https://app.example", "Bearer abc"), allowed)).toBe(true);
    expect(isAllowedTokenWrite(write("/api/v1/lists", "https://app.example"), allowed)).toBe(false);
    expect(isAllowedTokenWrite(write("/api/v1/lists", "https://evil.example", "Bearer abc"), allowed)).toBe(false);
    expect(isAllowedTokenWrite(write("/account-settings", "https://app.example", "Bearer abc"), allowed)).toBe(false);
  });
});
