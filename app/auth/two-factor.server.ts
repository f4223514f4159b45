import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";
import { RECOVERY_CODE_COUNT, TOTP_PERIOD_S, TOTP_WINDOW_STEPS, TWO_FACTOR_CODE_LENGTH } from "~/constants";
import type { Database } from "~/db/client.server";
import { decryptString, encryptString, randomString, sha256, timingSafeEqual, type AppKeys } from "./crypto.server";
import { users } from "./users.tables";

/**
 * Two-factor authentication with TOTP (RFC 6238: SHA-1, 6 digits, 30-second
 * steps, one step of drift either way), as every authenticator app expects.
 * The secret is stored encrypted with a key derived from APP_KEY; recovery
 * codes are stored as SHA-256 hashes and each works once.
 */
const RECOVERY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

type UserRow = typeof users.$inferSelect;

function totpFor(secretBase32: string, label = "", issuer = "") {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: TWO_FACTOR_CODE_LENGTH,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** Step 0 -> 1: a new secret, not yet confirmed. Any earlier two-factor setup is replaced. */
export async function enableTwoFactor(db: Database, keys: AppKeys, userId: number) {
  const secret = new Secret({ size: 20 }).base32;
  await db
    .update(users)
    .set({
      twoFactorSecret: await encryptString(keys, secret),
      twoFactorConfirmedAt: null,
      twoFactorRecoveryCodes: null,
      twoFactorLastStep: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  return secret;
}

export async function readTwoFactorSecret(keys: AppKeys, user: Pick<UserRow, "twoFactorSecret">) {
  return user.twoFactorSecret ? decryptString(keys, user.twoFactorSecret) : null;
}

/** What the setup screen shows: the QR code (SVG) of the otpauth:// URI, and the key to type in by hand. */
export function twoFactorSetup(secret: string, account: string, issuer: string) {
  const uri = totpFor(secret, account, issuer).toString();
  return { secret, uri, svg: renderSVG(uri, { border: 1 }) };
}

/**
 * The time step of a valid code, or null. A code from a step at or before the
 * last accepted one is refused, so an observed code cannot be replayed.
 */
export function matchTotp(secret: string, code: string, lastStep: number | null, now = Date.now()) {
  if (!new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`).test(code)) return null;
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW_STEPS });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}

/** Records the accepted step; false when another request used this or a later step first. */
async function claimStep(db: Database, userId: number, step: number) {
  const updated = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  return updated.length === 1;
}

export async function verifyTotpForUser(db: Database, keys: AppKeys, user: UserRow, code: string) {
  const secret = await readTwoFactorSecret(keys, user);
  if (!secret) return false;
  const step = matchTotp(secret, code, user.twoFactorLastStep);
  return step !== null && claimStep(db, user.id, step);
}

export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT) {
  return Array.from({ length: count }, () => `${randomString(10, RECOVERY_ALPHABET)}-${randomString(10, RECOVERY_ALPHABET)}`);
}

async function storeRecoveryCodes(db: Database, userId: number, codes: string[], extra: Partial<UserRow> = {}) {
  const hashes = await Promise.all(codes.map((code) => sha256(code)));
  await db
    .update(users)
    .set({ ...extra, twoFactorRecoveryCodes: hashes, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * Step 1 -> 2: the user proves their app works with a code; two-factor is on
 * and the recovery codes are issued (returned once, stored hashed).
 */
export async function confirmTwoFactor(db: Database, keys: AppKeys, user: UserRow, code: string) {
  if (!user.twoFactorSecret) return null;
  if (!(await verifyTotpForUser(db, keys, user, code))) return null;
  const codes = generateRecoveryCodes();
  await storeRecoveryCodes(db, user.id, codes, { twoFactorConfirmedAt: new Date() });
  return codes;
}

export async function regenerateRecoveryCodes(db: Database, userId: number) {
  const codes = generateRecoveryCodes();
  await storeRecoveryCodes(db, userId, codes);
  return codes;
}

export function disableTwoFactor(db: Database, userId: number) {
  return db
    .update(users)
    .set({
      twoFactorSecret: null,
      twoFactorConfirmedAt: null,
      twoFactorRecoveryCodes: null,
      twoFactorLastStep: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/**
 * Uses up one recovery code. The list is replaced only if nobody changed it
 * in the meantime, so the same code cannot succeed twice even concurrently.
 */
export async function useRecoveryCode(db: Database, user: UserRow, code: string) {
  const stored = user.twoFactorRecoveryCodes ?? [];
  if (stored.length === 0 || code.length > 64) return false;
  const hash = await sha256(code.trim());
  let match = -1;
  stored.forEach((candidate, index) => {
    if (timingSafeEqual(candidate, hash)) match = index;
  });
  if (match < 0) return false;
  const remaining = stored.filter((_, index) => index !== match);
  const updated = await db
    .update(users)
    .set({ twoFactorRecoveryCodes: remaining })
    .where(and(eq(users.id, user.id), sql`${users.twoFactorRecoveryCodes} = ${JSON.stringify(stored)}`))
    .returning({ id: users.id });
  return updated.length === 1;
}

export function hasTwoFactor(user: Pick<UserRow, "twoFactorSecret" | "twoFactorConfirmedAt">) {
  return Boolean(user.twoFactorSecret && user.twoFactorConfirmedAt);
}
