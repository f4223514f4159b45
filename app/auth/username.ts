import { z } from "zod";
import { slugify } from "~/http/slug";
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from "~/constants";

/**
 * Usernames (decision 043): the member's public handle and profile
 * address, 3 to 20 of [a-z0-9_], unique ignoring case (stored lower case,
 * so the unique index on users.username is enough). Shared by the browser
 * and the server; messages are English keys.
 */
export const USERNAME_PATTERN = /^[a-z0-9_]+$/;

export const usernameField = z
  .string({ error: "Choose a username." })
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN_LENGTH, "Use 3 to 20 characters.")
  .max(USERNAME_MAX_LENGTH, "Use 3 to 20 characters.")
  .regex(USERNAME_PATTERN, "Use lowercase letters, digits and _ only.");

/** Room kept for a "_<n>" suffix when the base is taken. */
const BASE_MAX_LENGTH = USERNAME_MAX_LENGTH - 4;

/**
 * A username made from a name ("Zoë O'Brien" -> "zoe_obrien"), for accounts
 * that never chose one (existing members, social sign-in, the admin's new
 * users, the seed). Never from the e-mail address, which is private
 * (decision 021). "member" when nothing usable is left.
 */
export function usernameBase(name: string | null | undefined): string {
  const base = slugify(name ?? "", "")
    .replace(/-/g, "_")
    .slice(0, BASE_MAX_LENGTH)
    .replace(/_+$/, "");
  return base.length >= USERNAME_MIN_LENGTH && USERNAME_PATTERN.test(base) ? base : "member";
}

/** `base`, else `base_2`, `base_3`... : the first not in `taken` (all within 20 characters). */
export function firstFreeUsername(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, USERNAME_MAX_LENGTH - String(n).length - 1)}_${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
