import { describe, expect, it } from "vitest";
import { amzDate, deriveSigningKey, EMPTY_PAYLOAD_SHA256, presignUrl, sha256Hex, signCanonical, signRequest, uriEncode } from "./sigv4";

/**
 * AWS's published SigV4 examples: the expected values are AWS's, so a signer
 * that reproduces them byte for byte is accepted by S3 and R2 alike.
 */
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

describe("SigV4: the IAM ListUsers example of the signing documentation", () => {
  const credentials = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", region: "us-east-1", service: "iam" };
  const request = {
    method: "GET",
    path: "/",
    query: [
      ["Action", "ListUsers"],
      ["Version", "2010-05-08"],
    ] as [string, string][],
    headers: {
      "Content-Type": "application/x-www-form-urlencoded; charset=utf-8",
      Host: "iam.amazonaws.com",
      "X-Amz-Date": "20150830T123600Z",
    },
    payloadHash: EMPTY_PAYLOAD_SHA256,
  };

  it("derives the documented signing key", async () => {
    expect(hex(await deriveSigningKey(credentials.secretAccessKey, "20150830", "us-east-1", "iam"))).toBe(
      "c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9",
    );
  });

  it("hashes the canonical request and signs it as documented", async () => {
    const signed = await signCanonical(credentials, request, "20150830T123600Z");
    expect(await sha256Hex(signed.canonicalRequest)).toBe("f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59");
    expect(signed.signedHeaders).toBe("content-type;host;x-amz-date");
    expect(signed.stringToSign).toBe(
      "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/iam/aws4_request\nf536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59",
    );
    expect(signed.signature).toBe("5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7");
  });
});

describe("SigV4: the S3 examples (examplebucket, 24 May 2013)", () => {
  const credentials = { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1", service: "s3" };
  const now = new Date("2013-05-24T00:00:00Z");

  it("reproduces the presigned URL example parameter for parameter", async () => {
    const url = await presignUrl(credentials, { method: "GET", url: "https://examplebucket.s3.amazonaws.com/test.txt", expiresInSeconds: 86400, now });
    expect(url).toBe(
      "https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404",
    );
  });

  it("reproduces the header-signed GET Object example (with a Range header)", async () => {
    const signed = await signCanonical(
      credentials,
      {
        method: "GET",
        path: "/test.txt",
        query: [],
        headers: { host: "examplebucket.s3.amazonaws.com", range: "bytes=0-9", "x-amz-content-sha256": EMPTY_PAYLOAD_SHA256, "x-amz-date": "20130524T000000Z" },
        payloadHash: EMPTY_PAYLOAD_SHA256,
      },
      "20130524T000000Z",
    );
    expect(signed.signature).toBe("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
  });

  it("signs a part upload's own query (partNumber, uploadId), so changing either breaks the URL", async () => {
    const base = "https://acc.r2.cloudflarestorage.com/bucket/files/abc";
    const url = new URL(
      await presignUrl(credentials, { method: "PUT", url: `${base}?partNumber=3&uploadId=${encodeURIComponent("up/1+2=")}`, expiresInSeconds: 3600, now }),
    );
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
