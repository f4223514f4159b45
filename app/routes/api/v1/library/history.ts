import type { Route } from "./+types/history";
import { apiAction, apiLoader, on } from "~/json-api/handler.server";
import { LIBRARY_PAGE_SIZE } from "~/constants";
import { listHistoryEndpoint, markWatchedEndpoint } from "~/library/api-contract";
import { asApi, snakeCase } from "~/json-api/domain-error.server";
import { episodeRef, titleRef } from "~/library/api.server";
import { listHistory, markWatched } from "~/library/history.server";

/** GET api/v1/history?page → what I watched. */
export const loader = apiLoader(listHistoryEndpoint, async ({ app, query }) => {
  const { items, hasMore } = await listHistory(app.db, app.user!.id, { page: query.page });
  return {
    data: items.map((row) => ({ id: row.id, watched_on: row.watchedOn, title: titleRef(row), episode: episodeRef(row) })),
    page: query.page,
    per_page: LIBRARY_PAGE_SIZE,
    has_more: hasMore,
  };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

/** POST api/v1/history {title_id, scope, season?, episode?, watched_on?}. */
export const action = apiAction(
  on(markWatchedEndpoint, async ({ app, body }) => {
    const result = await asApi(
      app.t,
      () => markWatched(app.db, app.user!.id, { titleId: body.title_id, scope: body.scope, season: body.season, episode: body.episode, watchedOn: body.watched_on }),
      snakeCase,
    );
    return Response.json({ message: app.t("Marked :name watched", { name: result.titleName }), title_id: result.titleId, watched_on: result.watchedOn }, { status: 201 });
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
