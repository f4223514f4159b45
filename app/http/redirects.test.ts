import { describe, expect, it } from "vitest";
import { backTo, safeRedirectPath } from "./redirects";

describe("safeRedirectPath", () => {
  it.each([
    ["/account-settings?tab=2#x", "/account-settings?tab=2#x"],
    ["https://evil.example/", "/"],
    ["//evil.example/", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["/ok\nSet-Cookie: x", "/"],
    ["", "/"],
    [null, "/"],
    // Decision 021: dot-segments resolved into a protocol-relative target.
    ["/..//evil.example", "/"],
    ["/../..//evil.example/x", "/"],
    ["/%2e%2e//evil.example", "/"],
    ["/./%2E%2e//evil.example", "/"],
    ["/a/../..//evil.example", "/"],
    ["/%2F%2Fevil.example", "/"],
    ["/%5cevil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/ok\u0000", "/"],
    ["/a/../titles?q=1", "/titles?q=1"],
  ])("%j -> %j", (input, expected) => {
    expect(safeRedirectPath(input as string | null)).toBe(expected);
  });
});

describe("backTo", () => {
  it("uses a same-origin Referer and ignores a foreign one", () => {
    const ours = new Request("https://films.example/resources/theme", { headers: { Referer: "https://films.example/titles?page=2" } });
    const theirs = new Request("https://films.example/resources/theme", { headers: { Referer: "https://evil.example/x" } });
    expect(backTo(ours, null)).toBe("/titles?page=2");
    expect(backTo(theirs, null)).toBe("/");
  });
});
