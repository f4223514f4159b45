/**
 * AWS Signature Version 4 (the scheme R2's S3 API speaks), signed by
 * aws4fetch (the library Cloudflare's R2 documentation uses; WebCrypto only,
 * so it runs in the Worker and in Node alike). Two uses:
 * - query presigning (`presignUrl`): a URL that lets its holder make exactly
 *   one kind of request (PUT of one object, or of one part of one multipart
 *   upload) until it expires, with an unsigned payload;
 * - header signing (`signRequest`): the Worker's own calls to the S3 API
 *   (ListParts), which the R2 binding does not offer.
 *
 * Checked against AWS's published examples in sigv4.test.ts.
 */
import { AwsV4Signer } from "aws4fetch";

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

/** SigV4 presigned URLs may live at most seven days. */
export const MAX_PRESIGN_EXPIRY_S = 7 * 24 * 60 * 60;

const encoder = new TextEncoder();

/** RFC 3986 encoding as S3 paths want it: only A-Z a-z 0-9 - _ . ~ stay; "/" too when encoding a path. */
export function uriEncode(text: string, { keepSlash = false } = {}): string {
  let out = "";
  for (const byte of encoder.encode(text)) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === "/")) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** "YYYYMMDDTHHMMSSZ" */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

function signer(credentials: SigV4Credentials, init: { method: string; url: URL; signQuery?: boolean; now: Date }) {
  return new AwsV4Signer({
    ...credentials,
    method: init.method,
    url: init.url.toString(),
    signQuery: init.signQuery,
    datetime: amzDate(init.now),
    // S3 paths are encoded once (objectUrl encodes each segment already).
    singleEncode: true,
  });
}

/**
 * A presigned URL for `method` on `url` (its own query parameters, such as
 * partNumber and uploadId, are part of what is signed). Only the host header
 * is signed, so the holder may send any Content-Type; the payload is unsigned.
 */
export async function presignUrl(
  credentials: SigV4Credentials,
  { method, url, expiresInSeconds, now = new Date() }: { method: string; url: string | URL; expiresInSeconds: number; now?: Date },
): Promise<string> {
  if (!(expiresInSeconds >= 1 && expiresInSeconds <= MAX_PRESIGN_EXPIRY_S)) {
    throw new RangeError(`A presigned URL lives between 1 second and 7 days, not ${expiresInSeconds} s.`);
  }
  const target = new URL(url);
  target.searchParams.set("X-Amz-Expires", String(Math.floor(expiresInSeconds)));
  const signed = await signer(credentials, { method, url: target, signQuery: true, now }).sign();
  return signed.url.toString();
}

/** Headers (Authorization, X-Amz-Date, X-Amz-Content-Sha256) for a request without a body. */
export async function signRequest(credentials: SigV4Credentials, { method, url, now = new Date() }: { method: string; url: string | URL; now?: Date }): Promise<Record<string, string>> {
  const signed = await signer(credentials, { method, url: new URL(url), now }).sign();
  return {
    Authorization: signed.headers.get("authorization") ?? "",
    "X-Amz-Date": signed.headers.get("x-amz-date") ?? "",
    "X-Amz-Content-Sha256": signed.headers.get("x-amz-content-sha256") ?? "",
  };
}
