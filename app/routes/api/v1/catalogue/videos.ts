import type { Route } from "./+types/videos";
import { apiLoader, notFound, readOnlyAction } from "~/json-api/handler.server";
import { listTitleVideos } from "~/catalogue/api-contract";
import { loadTitleVideosForApi } from "~/catalogue/api.server";

/** GET api/v1/titles/{id}/videos */
export const loader = apiLoader(listTitleVideos, async ({ app, params }) => {
  const videos = await loadTitleVideosForApi(app.db, Number(params.id));
  return videos ? { videos } : notFound(app.t("This title does not exist."));
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
