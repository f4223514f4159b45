import { z } from "zod";
import type { Route } from "./+types/suggest";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { hasPermission } from "~/request/viewer";
import { searchCatalogue } from "~/catalogue/search.server";
import { personPath, titlePath } from "~/http/slug";
import { SUGGEST_LIMIT } from "~/constants";
import { getApp } from "~/request/context";
import type { Suggestion } from "~/site/search/navbar-search";

const querySchema = z.object({
  query: z
    .string()
    .catch("")
    .transform((q) => q.slice(0, 200)),
});

/** Of the suggestions, at most this many are people; titles fill the rest. */
const MAX_PEOPLE = 3;

/**
 * GET /search/suggest?query=: the navbar type-ahead. Titles and people with
 * their images, best matches first. Any query is safe (FTS syntax is plain
 * text to searchCatalogue); nothing to search for gives an empty list.
 */
/** Guests share a copy of this page for a few seconds (app/request/guest-page-cache.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  if (!hasPermission(app.viewer, "titles.view")) {
    return Response.json({ results: [], message: "You are not allowed to browse the catalogue." }, { status: 403 });
  }
  const { query } = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const found = await searchCatalogue(app.db, query, { limit: SUGGEST_LIMIT });
  // Titles first; people get up to MAX_PEOPLE places, or more when titles run short.
  const titles = found.titles.slice(0, SUGGEST_LIMIT - Math.min(found.people.length, MAX_PEOPLE));
  const people = found.people.slice(0, SUGGEST_LIMIT - titles.length);
  const results: Suggestion[] = [
    ...titles.map((title) => ({
      kind: "title" as const,
      id: title.id,
      name: title.name,
      description: [title.year, title.type === "series" ? app.t("TV series") : app.t("Movie"), title.alsoKnownAs ? app.t("Also known as “:name”", { name: title.alsoKnownAs }) : null]
        .filter(Boolean)
        .join(" · "),
      image: title.poster,
      url: titlePath(title),
    })),
    ...people.map((person) => ({
      kind: "person" as const,
      id: person.id,
      name: person.name,
      description: person.knownFor ? app.t(person.knownFor) : app.t("Person"),
      image: person.profile,
      url: personPath(person),
    })),
  ];
  return Response.json(
    { query: found.query, results, didYouMean: found.didYouMean },
    // Public catalogue data: browsers may reuse an answer for a short while.
    { headers: { "Cache-Control": "private, max-age=60", Vary: "Cookie" } },
  );
}
