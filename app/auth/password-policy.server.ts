import { COMMON_PASSWORDS_TEXT } from "./common-passwords.server";
import { registerServerPasswordCheck } from "./schema";

/**
 * The password policy beyond length (decision 021):
 * a new password may not be one of the common and breached passwords of the
 * bundled list (app/auth/common-passwords.server.ts), compared without case,
 * nor one character repeated ("aaaaaaaa"), nor a plain run of the alphabet,
 * digits or keyboard ("abcdefgh", "87654321", "qwertyui").
 * Registered with the shared zod field once, when this module loads on the
 * server, so every form and JSON flow that sets a password gets it.
 */
export const COMMON_PASSWORD_MESSAGE = "This password is too common or easy to guess. Choose a less predictable one.";

let common: Set<string> | null = null;

/** The list as a Set, built once per isolate on first use (about 18,000 entries). */
function commonPasswords(): Set<string> {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split("\n"));
  return common;
}

const RUNS = ["abcdefghijklmnopqrstuvwxyz", "01234567890", "qwertyuiopasdfghjklzxcvbnm", "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p"];

function isRun(password: string) {
  const lower = password.toLowerCase();
  return RUNS.some((run) => run.includes(lower) || [...run].reverse().join("").includes(lower));
}

export function weakPasswordReason(password: string): string | null {
  const lower = password.toLowerCase();
  if (/^(.)\1*$/su.test(password) || isRun(password) || commonPasswords().has(lower)) return COMMON_PASSWORD_MESSAGE;
  return null;
}

registerServerPasswordCheck(weakPasswordReason);
