import { slugify } from "~/http/slug";

/** What a public profile is made from; `displayName` is the name the user chose, if any. */
export interface PublicNameParts {
  id: number;
  firstName: string | null;
  lastName: string | null;
  displayName?: string | null;
  /** The username (decision 043): the profile's slug, and the public name when no other is given. */
  username?: string | null;
}

/**
 * The public face of a user: the name others may see. The display name the
 * user chose, else first and last name; a user who gave none shows as a
 * member number, so the e-mail address (the private display-name fallback)
 * never reaches a public page or URL.
 */
export function publicName(user: PublicNameParts): string | null {
  if (user.displayName?.trim()) return user.displayName.trim();
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name || user.username || null;
}

/**
 * /user/{id}/{username} (decision 043); before usernames (or for a row
 * without one) the slug of the public name. The profile answers any other
 * slug with a 301 to this one, so old links keep working.
 */
export function profilePath(user: PublicNameParts): string {
  if (user.username) return `/user/${user.id}/${encodeURIComponent(user.username)}`;
  return `/user/${user.id}/${encodeURIComponent(slugify(publicName(user) ?? `member ${user.id}`, "member"))}`;
}
