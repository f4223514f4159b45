/**
 * AWS Signature Version 4 (the scheme R2's S3 API speaks), with WebCrypto
 * only, so it runs in the Worker and in Node alike. Two uses:
 * - query presigning (`presignUrl`): a URL that lets its holder make exactly
 *   one kind of request (PUT of one object, or of one part of one multipart
 *   upload) until it expires, with an unsigned payload;
 * - header signing (`signRequest`): the Worker's own calls to the S3 API
 *   (ListParts), which the R2 binding does not offer.
 *
 * Checked against AWS's published examples in sigv4.test.ts.
 */

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export const UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
export const EMPTY_PAYLOAD_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const ALGORITHM = "AWS4-HMAC-SHA256";
/** SigV4 presigned URLs may live at most seven days. */
export const MAX_PRESIGN_EXPIRY_S = 7 * 24 * 60 * 60;

const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

async function hmac(key: ArrayBuffer | Uint8Array<ArrayBuffer>, data: string): Promise<ArrayBuffer> {
  const imported = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", imported, encoder.encode(data));
}

/** kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request"). */
export async function deriveSigningKey(secretAccessKey: string, date: string, region: string, service: string): Promise<ArrayBuffer> {
  const kDate = await hmac(encoder.encode(`AWS4${secretAccessKey}`), date);
  const kRegion = await hmac(kDate, region);
  const kService = await hmac(kRegion, service);
  return hmac(kService, "aws4_request");
}

/** RFC 3986 encoding as SigV4 wants it: only A-Z a-z 0-9 - _ . ~ stay; "/" too when encoding a path. */
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
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

export interface CanonicalInput {
  method: string;
  /** The URL path as sent, already encoded (S3 does not encode it twice). */
  path: string;
  query: [string, string][];
  /** Lower-case names; every header listed is signed. */
  headers: Record<string, string>;
  payloadHash: string;
}

export function canonicalRequest({ method, path, query, headers, payloadHash }: CanonicalInput) {
  const encodedQuery = query
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const names = Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const canonicalHeaders = names.map((name) => `${name}:${lower[name].trim().replace(/\s+/g, " ")}\n`).join("");
  const signedHeaders = names.join(";");
  return {
    text: [method.toUpperCase(), path || "/", encodedQuery, canonicalHeaders, signedHeaders, payloadHash].join("\n"),
    signedHeaders,
  };
}

/** The signature of a canonical request made at `date` (YYYYMMDDTHHMMSSZ). */
export async function signCanonical(credentials: SigV4Credentials, input: CanonicalInput, date: string) {
  const { text, signedHeaders } = canonicalRequest(input);
  const day = date.slice(0, 8);
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = [ALGORITHM, date, scope, await sha256Hex(text)].join("\n");
  const key = await deriveSigningKey(credentials.secretAccessKey, day, credentials.region, credentials.service);
  return { signature: hex(await hmac(key, stringToSign)), signedHeaders, scope, canonicalRequest: text, stringToSign };
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
  const date = amzDate(now);
  const scope = `${date.slice(0, 8)}/${credentials.region}/${credentials.service}/aws4_request`;
  const query: [string, string][] = [
    ...target.searchParams.entries(),
    ["X-Amz-Algorithm", ALGORITHM],
    ["X-Amz-Credential", `${credentials.accessKeyId}/${scope}`],
    ["X-Amz-Date", date],
    ["X-Amz-Expires", String(Math.floor(expiresInSeconds))],
    ["X-Amz-SignedHeaders", "host"],
  ];
  const { signature } = await signCanonical(
    credentials,
    { method, path: target.pathname, query, headers: { host: target.host }, payloadHash: UNSIGNED_PAYLOAD },
    date,
  );
  const search = [...query, ["X-Amz-Signature", signature]].map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`).join("&");
  return `${target.origin}${target.pathname}?${search}`;
}

/** Headers (Authorization, X-Amz-Date, X-Amz-Content-Sha256) for a request without a body. */
export async function signRequest(
  credentials: SigV4Credentials,
  { method, url, now = new Date() }: { method: string; url: string | URL; now?: Date },
): Promise<Record<string, string>> {
  const target = new URL(url);
  const date = amzDate(now);
  const headers = { host: target.host, "x-amz-content-sha256": EMPTY_PAYLOAD_SHA256, "x-amz-date": date };
  const { signature, signedHeaders, scope } = await signCanonical(
    credentials,
    { method, path: target.pathname, query: [...target.searchParams.entries()], headers, payloadHash: EMPTY_PAYLOAD_SHA256 },
    date,
  );
  return {
    Authorization: `${ALGORITHM} Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    "X-Amz-Date": date,
    "X-Amz-Content-Sha256": EMPTY_PAYLOAD_SHA256,
  };
}
