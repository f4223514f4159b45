import { base64url, fromBase64url, randomBytes, timingSafeEqual } from "./crypto.server";

/**
 * Password hashing: PBKDF2-HMAC-SHA256 through WebCrypto, at the highest
 * iteration count Cloudflare's production runtime accepts (it refuses more
 * than 100,000; see docs/decisions/012-password-hashing.md for the
 * measurements and the alternatives). A stored hash asking for more is
 * treated as invalid, so a crafted row cannot make verification fail loudly.
 * Every hash records its parameters ("pbkdf2-sha256$<iterations>$<salt>$<hash>"),
 * so the count can change and old hashes are upgraded on the next sign-in.
 */
export const PASSWORD_HASH_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BYTES = 32;
const PREFIX = "pbkdf2-sha256";

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password.normalize("NFKC")), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BYTES * 8);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PASSWORD_HASH_ITERATIONS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, iterations);
  return `${PREFIX}$${iterations}$${base64url(salt)}$${base64url(hash)}`;
}

export interface PasswordCheck {
  ok: boolean;
  /** The stored hash uses weaker parameters than today's: store a new one. */
  needsRehash: boolean;
}

/**
 * Checks a password against a stored hash. With no hash (unknown e-mail or a
 * social-only account) a dummy hash is computed anyway so the answer takes
 * the same time either way.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<PasswordCheck> {
  const parsed = stored ? parseHash(stored) : null;
  if (!parsed) {
    await derive(password, new Uint8Array(SALT_BYTES), PASSWORD_HASH_ITERATIONS);
    return { ok: false, needsRehash: false };
  }
  const hash = await derive(password, parsed.salt, parsed.iterations);
  const ok = timingSafeEqual(base64url(hash), base64url(parsed.hash));
  return { ok, needsRehash: ok && parsed.iterations < PASSWORD_HASH_ITERATIONS };
}

function parseHash(stored: string) {
  const [prefix, iterationsText, saltText, hashText] = stored.split("$");
  if (prefix !== PREFIX) return null;
  const iterations = Number(iterationsText);
  const salt = fromBase64url(saltText ?? "");
  const hash = fromBase64url(hashText ?? "");
  if (!Number.isSafeInteger(iterations) || iterations < 1 || iterations > PASSWORD_HASH_ITERATIONS) return null;
  if (!salt || !hash || hash.length !== HASH_BYTES) return null;
  return { iterations, salt, hash };
}
