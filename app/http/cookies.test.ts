import { describe, expect, it } from "vitest";
import { parseCookies, serializeCookie } from "./cookies";

describe("parseCookies", () => {
  it("reads ordinary cookies and keeps the first of duplicates", () => {
    const jar = parseCookies("a=1; b=two%20words; a=3");
    expect(jar.get("a")).toBe("1");
    expect(jar.get("b")).toBe("two words");
  });

  it("never throws on malformed input", () => {
    expect(() => parseCookies("=; ;;; x=%E0%A4%A; y")).not.toThrow();
    const jar = parseCookies("=; ;;; x=%E0%A4%A; y=ok");
    expect(jar.has("x")).toBe(false);
    expect(jar.get("y")).toBe("ok");
  });

  it("ignores absurdly large headers", () => {
    expect(parseCookies(`a=${"x".repeat(20_000)}`).size).toBe(0);
  });
});

describe("serializeCookie", () => {
  it("is HttpOnly and SameSite=Lax, Secure only over HTTPS", () => {
    const local = serializeCookie(new Request("http://localhost:8787/"), "n", "v", { maxAge: 60 });
    expect(local).toBe("n=v; Path=/; SameSite=Lax; Max-Age=60; HttpOnly");
    const prod = serializeCookie(new Request("https://films.example/"), "n", "v");
    expect(prod).toContain("Secure");
  });

  it("can leave a cookie readable by scripts when asked", () => {
    expect(serializeCookie(new Request("http://localhost/"), "n", "v", { httpOnly: false })).not.toContain("HttpOnly");
  });
});
