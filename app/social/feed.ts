import { z } from "zod";

/**
 * The feed's opaque cursor: "f1." and the last activity id read, base64url.
 * Anything else is refused with a field error (400), never a 500.
 */
export function encodeFeedCursor(id: number): string {
  return btoa(`f1.${id}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeFeedCursor(cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(cursor)) return null;
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const match = /^f1\.([1-9][0-9]{0,14})$/.exec(text);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : null;
}

export const feedQuerySchema = z.object({
  cursor: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return null;
      const id = decodeFeedCursor(value);
      if (id === null) {
        ctx.addIssue({ code: "custom", message: "This is not a feed cursor." });
        return z.NEVER;
      }
      return id;
    }),
});

export interface FeedPerson {
  id: number;
  name: string;
  path: string;
  avatar: string | null;
}

export interface FeedTitle {
  id: number;
  name: string;
  slug: string;
  type: "movie" | "series";
  year: number | null;
  poster: string | null;
  path: string;
}

/** One line of the feed: a single act, or several of one kind by one member close together ("Nina rated 5 films"). */
export interface FeedItem {
  key: string;
  kind: "rating" | "watch" | "review" | "list" | "list_like" | "review_like";
  person: FeedPerson;
  at: string;
  /** The titles concerned (several for a group), each with the member's rating or watch date when there is one. */
  titles: (FeedTitle & { rating: number | null; watchedOn: string | null; episode: string | null })[];
  review: { id: number; headline: string; path: string; score: number | null } | null;
  list: { id: number; name: string; path: string } | null;
}
