import { describe, expect, it } from "vitest";
import { amzDate, presignUrl, signRequest, uriEncode } from "./sigv4";

/**
 * AWS's published SigV4 examples: the expected values are AWS's, so signing
 * that reproduces them is accepted by S3 and R2 alike.
 */

describe("SigV4: the S3 examples (examplebucket, 24 May 2013)", () => {
  const credentials = { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1", service: "s3" };
  const now = new Date("2013-05-24T00:00:00Z");

  it("reproduces the presigned URL example parameter for parameter", async () => {
    const url = new URL(await presignUrl(credentials, { method: "GET", url: "https://examplebucket.s3.amazonaws.com/test.txt", expiresInSeconds: 86400, now }));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
      "X-Amz-Credential": "AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request",
      "X-Amz-Date": "20130524T000000Z",
      "X-Amz-Expires": "86400",
      "X-Amz-SignedHeaders": "host",
      "X-Amz-Signature": "aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404",
    });
    expect(`${url.origin}${url.pathname}`).toBe("https://examplebucket.s3.amazonaws.com/test.txt");
  });

  it("signs a part upload's own query (partNumber, uploadId), so changing either breaks the URL", async () => {
    const base = "https://acc.r2.cloudflarestorage.com/bucket/files/abc";
    const url = new URL(await presignUrl(credentials, { method: "PUT", url: `${base}?partNumber=3&uploadId=${encodeURIComponent("up/1+2=")}`, expiresInSeconds: 3600, now }));
    expect(url.searchParams.get("partNumber")).toBe("3");
    expect(url.searchParams.get("uploadId")).toBe("up/1+2=");
    const other = new URL(await presignUrl(credentials, { method: "PUT", url: `${base}?partNumber=4&uploadId=${encodeURIComponent("up/1+2=")}`, expiresInSeconds: 3600, now }));
    expect(other.searchParams.get("X-Amz-Signature")).not.toBe(url.searchParams.get("X-Amz-Signature"));
  });

  it("refuses expiries SigV4 does not allow", async () => {
    await expect(presignUrl(credentials, { method: "PUT", url: "https://x.test/a", expiresInSeconds: 8 * 86400, now })).rejects.toThrow(RangeError);
  });

  it("signs bodyless API requests with the empty payload hash", async () => {
    const headers = await signRequest(credentials, { method: "GET", url: "https://examplebucket.s3.amazonaws.com/test.txt?uploadId=x", now });
    expect(headers["X-Amz-Date"]).toBe("20130524T000000Z");
    expect(headers.Authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/20130524\/us-east-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });
});

describe("SigV4 helpers", () => {
  it("encodes as RFC 3986 wants", () => {
    expect(uriEncode("a b/c~d*e")).toBe("a%20b%2Fc~d%2Ae");
    expect(uriEncode("a b/c", { keepSlash: true })).toBe("a%20b/c");
    expect(uriEncode("é")).toBe("%C3%A9");
  });

  it("formats dates", () => {
    expect(amzDate(new Date("2015-08-30T12:36:00.123Z"))).toBe("20150830T123600Z");
  });
});
