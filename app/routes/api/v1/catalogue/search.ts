import type { Route } from "./+types/search";
import { perPageOf } from "~/api/query";
import { apiLoader, readOnlyAction } from "~/json-api/handler.server";
import { searchCatalogueEndpoint, SEARCH_TYPES } from "~/catalogue/api-contract";
import { personSummary } from "~/catalogue/api.server";
import { searchCatalogue } from "~/catalogue/search.server";
import { titlePath } from "~/http/slug";

/** GET api/v1/search?query=&types=movie,person&page=&per_page= */
export const loader = apiLoader(searchCatalogueEndpoint, async ({ app, query }) => {
  const found = await searchCatalogue(app.db, query.query, {
    limit: perPageOf(query),
    offset: (query.page - 1) * perPageOf(query),
    types: query.types.length ? query.types : SEARCH_TYPES,
  });
  return {
    query: found.query,
    titles: found.titles.map((t) => ({ id: t.id, type: t.type, name: t.name, slug: t.slug, year: t.year, poster: t.poster, url: titlePath(t), also_known_as: t.alsoKnownAs })),
    people: found.people.map(personSummary),
    more_titles: found.moreTitles,
    more_people: found.morePeople,
    did_you_mean: found.didYouMean,
  };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
