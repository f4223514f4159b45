import { data, redirect } from "react-router";
import type { Route } from "./+types/open";
import { appKeys } from "~/auth/crypto.server";
import { authEnv } from "~/request/env";
import { checkRateLimits, rateLimiterFor } from "~/auth/rate-limit.server";
import { requestInfo } from "~/auth/request-info.server";
import { requireCatalogueAccess } from "~/catalogue/access.server";
import { getApp, getWorker } from "~/request/context";
import { queueMatchImport } from "~/tmdb/jobs.server";
import { importedMatchPath, matchTokenValid } from "~/tmdb/search-fallback.server";
import { tmdbServices } from "~/tmdb/tmdb.server";
import { useTrans } from "~/i18n/translation-context";

/**
 * /tmdb/{movie|tv}/{id}: a TMDB match offered by the search page ("search
 * also asks TMDB" on; decision 021). GET never imports: it redirects to the
 * title once it is in the catalogue, shows "being imported" (refreshing)
 * while a signed token from the search says it was asked for, else 404. The
 * import is asked for by POST with the token the search page gave for this
 * very match, limited per address, and runs on the TMDB queue.
 */
function matchParams(params: Route.LoaderArgs["params"]) {
  const id = Number(params.id);
  if ((params.type !== "movie" && params.type !== "tv") || !/^\d{1,12}$/.test(params.id ?? "") || !Number.isSafeInteger(id) || id <= 0) return null;
  return { type: params.type as "movie" | "tv", id };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  requireCatalogueAccess(app, request);
  const match = matchParams(params);
  if (!match) throw data(null, { status: 404 });
  const path = await importedMatchPath(app.db, match.type, match.id);
  if (path) return redirect(path);
  const worker = getWorker(context);
  const token = new URL(request.url).searchParams.get("token");
  if (
    !tmdbServices(worker.env, app.settings) ||
    !app.settings["tmdb.search_fallback"] ||
    !(await matchTokenValid(await appKeys(authEnv(worker.env).APP_KEY), token, match.type, match.id, Date.now()))
  ) {
    throw data(null, { status: 404 });
  }
  return data({ pending: true }, { headers: { "Cache-Control": "private, no-store", Refresh: "3" } });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const app = getApp(context);
  requireCatalogueAccess(app, request);
  const worker = getWorker(context);
  const match = matchParams(params);
  if (!match || !tmdbServices(worker.env, app.settings) || !app.settings["tmdb.search_fallback"]) throw data(null, { status: 404 });
  const form = await request.formData().catch(() => new FormData());
  const token = form.get("token");
  if (!(await matchTokenValid(await appKeys(authEnv(worker.env).APP_KEY), token, match.type, match.id, Date.now()))) throw data(null, { status: 404 });
  const path = await importedMatchPath(app.db, match.type, match.id);
  if (path) return redirect(path, 303);
  const limited = await checkRateLimits(rateLimiterFor(worker.env, app.db), [["tmdb-open:ip", requestInfo(request).ipAddress ?? "unknown"]]);
  if (!limited.ok) {
    throw data(app.t("Too many attempts. Please try again in :seconds seconds.", { seconds: limited.retryAfter }), { status: 429, headers: { "Retry-After": String(limited.retryAfter) } });
  }
  if (!(await queueMatchImport(worker.env, match.type, match.id))) throw data(null, { status: 503 });
  return redirect(`/tmdb/${match.type}/${match.id}?token=${encodeURIComponent(String(token))}`, 303);
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** While the queue imports the match: the Refresh header reloads the page, which then redirects to the title. */
export default function TmdbMatchPending() {
  const t = useTrans();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="tmdb-pending">
      <h1 className="text-2xl font-semibold text-foreground">{t("Importing from TMDB…")}</h1>
      <p className="mt-3 text-muted" role="status">
        {t("This page opens the title by itself once it is in the catalogue.")}
      </p>
    </div>
  );
}
