import type { Route } from "./+types/episode";
import { apiLoader, notFound, readOnlyAction } from "~/json-api/handler.server";
import { getEpisode } from "~/catalogue/api-contract";
import { creditOut, episodeOut } from "~/catalogue/api.server";
import { loadEpisode } from "~/catalogue/title-page.server";

/** GET api/v1/titles/{id}/seasons/{season}/episodes/{episode}: the episode page's read. */
export const loader = apiLoader(getEpisode, async ({ app, params }) => {
  const found = await loadEpisode(app.db, Number(params.id), Number(params.season), Number(params.episode));
  if (!found) return notFound(app.t("This episode does not exist."));
  const neighbour = (n: typeof found.next) => (n ? { season_number: n.seasonNumber, episode_number: n.episodeNumber, name: n.name } : null);
  return {
    episode: {
      ...episodeOut(found.episode),
      credits: { cast: found.cast.map(creditOut), crew: found.crew.map(creditOut) },
      videos: found.videos.map((v) => ({ id: v.id, name: v.name, category: v.category, thumbnail: v.thumbnail, duration: v.duration, url: `/watch/${v.id}` })),
    },
    previous: neighbour(found.previous),
    next: neighbour(found.next),
  };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
