import { slugify } from "~/catalogue/slug";

/** What a public profile is made from; `displayName` is the name the user chose, if any. */
export interface PublicNameParts {
  id: number;
  firstName: string | null;
  lastName: string | null;
  displayName?: string | null;
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
  return name || null;
}

/** /user/{id}/{slug}, the slug made from the display name by the spec's rule (section 5). */
export function profilePath(user: PublicNameParts): string {
  return `/user/${user.id}/${encodeURIComponent(slugify(publicName(user) ?? `member ${user.id}`, "member"))}`;
}
