/**
 * Signed upload URLs, the Worker's own stand-in for S3 presigned URLs.
 * A URL carries what it is for (one part of one multipart upload, or one
 * whole object), the upload id, the R2 key, the part number and an expiry,
 * and an HMAC-SHA256 over all of them with a key derived from APP_KEY. Change
 * any of them and the signature no longer matches; after the expiry it is
 * refused even when it matches.
 */
export const PART_UPLOAD_PATH = "/api/v1/s3/multipart/part";
export const OBJECT_UPLOAD_PATH = "/api/v1/s3/simple/object";

export type SignedUploadTarget = { kind: "part"; uploadId: string; key: string; partNumber: number } | { kind: "object"; uploadId: string; key: string };

export type VerifiedUpload = { ok: true; target: SignedUploadTarget; expires: number } | { ok: false; reason: "invalid" | "expired" };

const encoder = new TextEncoder();
const keyCache = new Map<string, Promise<CryptoKey>>();

/** HKDF from APP_KEY with its own label, so these signatures mean nothing to any other part of the app. */
function signingKey(appKey: string | undefined): Promise<CryptoKey> {
  if (!appKey || appKey.length < 32) {
    throw new Error("APP_KEY is missing or too short: set 32+ random bytes (base64) as a secret.");
  }
  let key = keyCache.get(appKey);
  if (!key) {
    key = (async () => {
      const material = await crypto.subtle.importKey("raw", encoder.encode(appKey), "HKDF", false, ["deriveKey"]);
      return crypto.subtle.deriveKey(
        { name: "HKDF", hash: "SHA-256", salt: encoder.encode("media-catalogue"), info: encoder.encode("upload-urls-v1") },
        material,
        { name: "HMAC", hash: "SHA-256", length: 256 },
        false,
        ["sign", "verify"],
      );
    })();
    keyCache.set(appKey, key);
  }
  return key;
}

function canonical(target: SignedUploadTarget, expires: number): Uint8Array<ArrayBuffer> {
  const partNumber = target.kind === "part" ? target.partNumber : 0;
  return encoder.encode(JSON.stringify(["v1", target.kind, target.uploadId, target.key, partNumber, expires]));
}

function toBase64url(bytes: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return null;
  const binary = atob(`${text.replace(/-/g, "+").replace(/_/g, "/")}=`);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** An absolute URL on `origin` that lets its holder upload exactly `target` until `expires` (seconds). */
export async function signUploadUrl(appKey: string | undefined, origin: string, target: SignedUploadTarget, expires: number): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await signingKey(appKey), canonical(target, expires));
  const url = new URL(target.kind === "part" ? PART_UPLOAD_PATH : OBJECT_UPLOAD_PATH, origin);
  url.searchParams.set("uploadId", target.uploadId);
  url.searchParams.set("key", target.key);
  if (target.kind === "part") url.searchParams.set("partNumber", String(target.partNumber));
  url.searchParams.set("expires", String(expires));
  url.searchParams.set("signature", toBase64url(signature));
  return url.toString();
}

/** Checks a signed URL of the given kind; the signature first, then the expiry. */
export async function verifyUploadUrl(appKey: string | undefined, url: URL, kind: SignedUploadTarget["kind"], nowSeconds = Math.floor(Date.now() / 1000)): Promise<VerifiedUpload> {
  const params = url.searchParams;
  const uploadId = params.get("uploadId");
  const key = params.get("key");
  const expiresText = params.get("expires");
  const signature = fromBase64url(params.get("signature") ?? "");
  if (!uploadId || !key || !expiresText || !/^\d{1,12}$/.test(expiresText) || !signature) {
    return { ok: false, reason: "invalid" };
  }
  let target: SignedUploadTarget;
  if (kind === "part") {
    const partText = params.get("partNumber") ?? "";
    if (!/^[1-9]\d{0,4}$/.test(partText)) return { ok: false, reason: "invalid" };
    target = { kind, uploadId, key, partNumber: Number(partText) };
  } else {
    target = { kind, uploadId, key };
  }
  const expires = Number(expiresText);
  const valid = await crypto.subtle.verify("HMAC", await signingKey(appKey), signature, canonical(target, expires));
  if (!valid) return { ok: false, reason: "invalid" };
  if (expires < nowSeconds) return { ok: false, reason: "expired" };
  return { ok: true, target, expires };
}
