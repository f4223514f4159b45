/**
 * Small cryptographic building blocks on WebCrypto, shared by sessions,
 * verification codes and two-factor secrets. Everything keyed is derived
 * from APP_KEY with HKDF, one key per purpose, so a leak of one purpose's
 * output says nothing about another.
 */
const encoder = new TextEncoder();

export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** A URL-safe random token carrying `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return base64url(randomBytes(bytes));
}

/** Uniform random characters from `alphabet` (rejection sampling, no modulo bias). */
export function randomString(length: number, alphabet: string): string {
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

export async function sha256(text: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text))));
}

/** Compares two strings in time that depends only on their length. */
export function timingSafeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  let diff = left.length ^ right.length;
  const length = Math.max(left.length, right.length);
  for (let i = 0; i < length; i++) diff |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return diff === 0;
}

export interface AppKeys {
  /** HMAC-SHA256 for signed cookies. */
  signing: CryptoKey;
  /** AES-256-GCM for secrets stored at rest (two-factor secrets). */
  encryption: CryptoKey;
}

const keyCache = new Map<string, Promise<AppKeys>>();

/** Derives the per-purpose keys from APP_KEY (cached per isolate). */
export function appKeys(appKey: string | undefined): Promise<AppKeys> {
  if (!appKey || appKey.length < 32) {
    throw new Error("APP_KEY is missing or too short: set 32+ random bytes (base64) as a secret.");
  }
  let keys = keyCache.get(appKey);
  if (!keys) {
    keys = deriveKeys(appKey);
    keyCache.set(appKey, keys);
  }
  return keys;
}

async function deriveKeys(appKey: string): Promise<AppKeys> {
  const material = await crypto.subtle.importKey("raw", encoder.encode(appKey), "HKDF", false, ["deriveKey"]);
  const derive = (info: string, algorithm: HmacKeyGenParams | AesKeyGenParams, usages: KeyUsage[]) =>
    crypto.subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: encoder.encode(info) }, material, algorithm, false, usages);
  const [signing, encryption] = await Promise.all([
    derive("reelbase/cookie-signing/v1", { name: "HMAC", hash: "SHA-256", length: 256 }, ["sign", "verify"]),
    derive("reelbase/at-rest-encryption/v1", { name: "AES-GCM", length: 256 }, ["encrypt", "decrypt"]),
  ]);
  return { signing, encryption };
}

/** "<value>.<signature>"; the value must not contain a dot. */
export async function signValue(keys: AppKeys, value: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", keys.signing, encoder.encode(value));
  return `${value}.${base64url(new Uint8Array(signature))}`;
}

/** The value when the signature is ours, else null (verification is constant-time). */
export async function unsignValue(keys: AppKeys, signed: string | null | undefined): Promise<string | null> {
  if (!signed || signed.length > 1024) return null;
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const signature = fromBase64url(signed.slice(dot + 1));
  if (signature?.length !== 32) return null;
  const ok = await crypto.subtle.verify("HMAC", keys.signing, signature, encoder.encode(value));
  return ok ? value : null;
}

/** AES-GCM with a random 96-bit nonce: "v1.<iv>.<ciphertext+tag>". */
export async function encryptString(keys: AppKeys, plaintext: string): Promise<string> {
  const iv = randomBytes(12);
  const ciphertext = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, keys.encryption, encoder.encode(plaintext));
  return `v1.${base64url(iv)}.${base64url(new Uint8Array(ciphertext))}`;
}

export async function decryptString(keys: AppKeys, sealed: string): Promise<string | null> {
  const [version, ivText, dataText] = sealed.split(".");
  if (version !== "v1" || !ivText || !dataText) return null;
  const iv = fromBase64url(ivText);
  const data = fromBase64url(dataText);
  if (!iv || !data) return null;
  try {
    const plaintext = await crypto.subtle.decrypt({ name: "AES-GCM", iv }, keys.encryption, data);
    return new TextDecoder().decode(plaintext);
  } catch {
    return null;
  }
}
