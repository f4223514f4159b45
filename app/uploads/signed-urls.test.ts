import { describe, expect, it } from "vitest";
import { signUploadUrl, verifyUploadUrl } from "./signed-urls.server";

const KEY = "dGVzdC1rZXktdGVzdC1rZXktdGVzdC1rZXktdGVzdC1rZXk=";
const ORIGIN = "https://example.test";
const NOW = 1_900_000_000;

async function signedPart(partNumber = 3, expires = NOW + 60) {
  return new URL(await signUploadUrl(KEY, ORIGIN, { kind: "part", uploadId: "up_1", key: "uploads/abc", partNumber }, expires));
}

function tamper(url: URL, name: string, value: string) {
  const copy = new URL(url);
  copy.searchParams.set(name, value);
  return copy;
}

describe("signed upload URLs", () => {
  it("verifies an untouched part URL and returns what it is for", async () => {
    const url = await signedPart();
    expect(url.pathname).toBe("/api/v1/s3/multipart/part");
    expect(await verifyUploadUrl(KEY, url, "part", NOW)).toEqual({
      ok: true,
      expires: NOW + 60,
      target: { kind: "part", uploadId: "up_1", key: "uploads/abc", partNumber: 3 },
    });
  });

  it("refuses another part number, key or upload id", async () => {
    const url = await signedPart();
    expect(await verifyUploadUrl(KEY, tamper(url, "partNumber", "4"), "part", NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyUploadUrl(KEY, tamper(url, "key", "uploads/other"), "part", NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyUploadUrl(KEY, tamper(url, "uploadId", "up_2"), "part", NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses an expired URL, and a pushed-back expiry", async () => {
    const url = await signedPart(3, NOW - 1);
    expect(await verifyUploadUrl(KEY, url, "part", NOW)).toEqual({ ok: false, reason: "expired" });
    expect(await verifyUploadUrl(KEY, tamper(url, "expires", String(NOW + 3600)), "part", NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses a URL signed with another key, a part URL used for an object, and garbage", async () => {
    const url = await signedPart();
    expect(await verifyUploadUrl(`${KEY}x`, url, "part", NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyUploadUrl(KEY, url, "object", NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyUploadUrl(KEY, tamper(url, "signature", "not-base64!"), "part", NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyUploadUrl(KEY, tamper(url, "partNumber", "0"), "part", NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyUploadUrl(KEY, new URL(ORIGIN), "part", NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("signs whole-object URLs separately", async () => {
    const url = new URL(await signUploadUrl(KEY, ORIGIN, { kind: "object", uploadId: "up_9", key: "public/x" }, NOW + 5));
    expect(url.pathname).toBe("/api/v1/s3/simple/object");
    expect((await verifyUploadUrl(KEY, url, "object", NOW)).ok).toBe(true);
    expect((await verifyUploadUrl(KEY, url, "part", NOW)).ok).toBe(false);
  });
});
