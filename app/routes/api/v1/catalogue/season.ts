import type { Route } from "./+types/season";
import { apiLoader, notFound, readOnlyAction } from "~/json-api/handler.server";
import { getSeason } from "~/catalogue/api-contract";
import { episodeOut, seasonOut } from "~/catalogue/api.server";
import { loadSeason } from "~/catalogue/title-page.server";

/** GET api/v1/titles/{id}/seasons/{season}: the season page's read. */
export const loader = apiLoader(getSeason, async ({ app, params }) => {
  const found = await loadSeason(app.db, Number(params.id), Number(params.season));
  if (!found) return notFound(app.t("This season does not exist."));
  return { season: { ...seasonOut(found.season), episodes: found.episodes.map(episodeOut) } };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
