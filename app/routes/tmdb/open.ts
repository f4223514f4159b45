import { data, redirect } from "react-router";
import type { Route } from "./+types/open";
import { requireCatalogueAccess } from "~/catalogue/access.server";
import { getApp, getWorker } from "~/request/context";
import { openTmdbMatch } from "~/tmdb/search-fallback.server";
import { tmdbServices } from "~/tmdb/tmdb.server";

/**
 * GET /tmdb/{movie|tv}/{id}: a TMDB match offered by the search page
 * ("search also asks TMDB" on): imported on first visit, then a redirect to
 * its title page. 404 while the setting is off or for an unknown item.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  requireCatalogueAccess(app, request);
  const tmdb = tmdbServices(getWorker(context).env, app.settings);
  const id = Number(params.id);
  if (!tmdb || !app.settings["tmdb.search_fallback"] || (params.type !== "movie" && params.type !== "tv") || !Number.isSafeInteger(id) || id <= 0) {
    throw data(null, { status: 404 });
  }
  const path = await openTmdbMatch(app.db, tmdb, params.type, id);
  if (!path) throw data(null, { status: 404 });
  return redirect(path);
}
