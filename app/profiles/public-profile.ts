import { slugify } from "~/catalogue/slug";

/**
 * The public face of a user: the name others may see. Only first and last
 * name are public; a user who gave neither shows as a member number, so the
 * e-mail address (the private display-name fallback) never reaches a public
 * page or URL.
 */
export function publicName(user: { id: number; firstName: string | null; lastName: string | null }): string | null {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name || null;
}

/** /user/{id}/{slug}, the slug made from the display name by the spec's rule (section 5). */
export function profilePath(user: { id: number; firstName: string | null; lastName: string | null }): string {
  return `/user/${user.id}/${encodeURIComponent(slugify(publicName(user) ?? `member ${user.id}`, "member"))}`;
}
