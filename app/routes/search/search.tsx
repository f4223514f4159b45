import { Suspense } from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/search";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { AdSlot } from "~/ads/ad-slot";
import { adSlots } from "~/ads/ads.server";
import { useTrans } from "~/i18n/translation-context";
import { requireCatalogueAccess } from "~/catalogue/access.server";
import { parseSearchPageParams, type SearchFilter } from "~/catalogue/search-page.server";
import { searchCatalogue, type SearchKind } from "~/catalogue/search.server";
import { SEARCH_RESULTS_PER_KIND } from "~/constants";
import { appKeys } from "~/auth/crypto.server";
import { authEnv } from "~/request/env";
import { getApp, getWorker } from "~/request/context";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { libraryAbilities } from "~/library/abilities";
import { watchlistedAmong } from "~/library/watchlist.server";
import { tmdbSearchMatches } from "~/tmdb/search-fallback.server";
import { tmdbServices } from "~/tmdb/tmdb.server";
import { StaticIsland } from "~/request/server-html";
import { serverData } from "~/request/server-html.server";
import { lazyComponent } from "~/ui/lazy-component";

/** The result cards: their own chunk, which a guest's page never loads before an interaction (decision 045). */
const SearchTitleGrid = lazyComponent(() => import("~/site/title-card-rows").then((m) => m.SearchTitleGrid));
const SearchPeopleGrid = lazyComponent(() => import("~/site/title-card-rows").then((m) => m.SearchPeopleGrid));

/** Guests share a copy of this page for a few seconds (app/request/guest-page-cache.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/** Paging stops here (searchCatalogue's own offset cap is 1,000). */
const MAX_PAGE = 50;

/**
 * /search?query=&type=&page=: results grouped by kind (movies and series,
 * then people), prefix matching ranked by relevance then popularity. Any
 * input is safe: unknown types fall back to all, bad pages to page 1, and
 * a page past the end is simply empty.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  requireCatalogueAccess(app, request);
  const { query, type, page } = parseSearchPageParams(new URL(request.url).searchParams);
  const types: SearchKind[] = type === "all" ? ["movie", "series", "person"] : [type];
  const limit = type === "all" ? 12 : SEARCH_RESULTS_PER_KIND;
  const offset = (page - 1) * limit;
  const results =
    query.trim() && page <= MAX_PAGE && offset <= 1000
      ? await searchCatalogue(app.db, query, { limit, offset, types })
      : { query: query.trim(), titles: [], people: [], moreTitles: false, morePeople: false, didYouMean: null };
  // Members get a watchlist button on each title (decision 023): which results are listed, one indexed statement.
  const watchlisted =
    app.user && libraryAbilities(app.viewer).canTrack && results.titles.length
      ? [
          ...(await watchlistedAmong(
            app.db,
            app.user.id,
            results.titles.map((t) => t.id),
          )),
        ]
      : null;
  // "Search also asks TMDB": few local titles, so TMDB's matches are offered too.
  const tmdbMatches =
    page === 1 && type !== "person"
      ? await tmdbSearchMatches(app.db, tmdbServices(getWorker(context).env, app.settings), app.settings, query, results.titles.length, () => appKeys(authEnv(getWorker(context).env).APP_KEY))
      : [];
  const { titles, people, ...found } = results;
  return {
    query,
    watchlisted,
    type,
    page,
    results: { ...found, titleCount: titles.length, peopleCount: people.length },
    // Static HTML for the hydrating browser (decision 045): people's cards for everyone (links
    // only), the titles' for guests (a member's "+" needs the data).
    titles: app.user === null ? serverData(context, "search-titles", titles) : titles,
    people: serverData(context, "search-people", people),
    tmdbMatches,
    ads: adSlots(app.settings, getWorker(context).nonce, ["ads.general_top", "ads.general_bottom"]),
    seo: buildSeo(app, request, {
      title: query.trim() ? app.t("Search results for “:query”", { query: query.trim() }) : app.t("Search"),
      description: null,
      path: "/search",
      noindex: true,
    }),
  };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, type, page, results, titles, people, ads, watchlisted, tmdbMatches } = loaderData;
  const t = useTrans();
  const hasQuery = query.trim() !== "";
  const nothing = hasQuery && results.titleCount === 0 && results.peopleCount === 0;
  const link = (next: { type?: string; page?: number; query?: string }) => {
    const params = new URLSearchParams({ query: next.query ?? query });
    const nextType = next.type ?? type;
    if (nextType !== "all") params.set("type", nextType);
    if ((next.page ?? 1) > 1) params.set("page", String(next.page));
    return `/search?${params}`;
  };
  const tabs: { value: SearchFilter; label: string }[] = [
    { value: "all", label: t("All") },
    { value: "movie", label: t("Movies") },
    { value: "series", label: t("Series") },
    { value: "person", label: t("People") },
  ];
  const more = type !== "all" && (results.moreTitles || results.morePeople);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6" data-testid="search-page">
      <AdSlot slot="ads.general_top" html={ads["ads.general_top"]} />
      <h1 className="text-3xl font-bold tracking-tight text-foreground">{hasQuery ? t("Search results for “:query”", { query: query.trim() }) : t("Search")}</h1>
      <Form method="get" action="/search" role="search" aria-label={t("Search the catalogue")} className="mt-6 flex max-w-2xl gap-2" data-testid="search-form">
        <label htmlFor="search-page-query" className="sr-only">
          {t("Search titles and people")}
        </label>
        <input
          id="search-page-query"
          type="search"
          name="query"
          defaultValue={query}
          maxLength={200}
          placeholder={t("Search titles and people")}
          className="h-11 flex-auto rounded-theme border border-divider bg-background px-4 text-foreground focus:border-primary focus:outline-none"
        />
        {type !== "all" ? <input type="hidden" name="type" value={type} /> : null}
        <button type="submit" className="h-11 rounded-theme bg-primary px-5 font-semibold text-on-primary hover:opacity-90">
          {t("Search")}
        </button>
      </Form>

      {results.didYouMean ? (
        <p className="mt-4 text-foreground" data-testid="search-did-you-mean">
          {t("Did you mean:")}{" "}
          <Link to={link({ query: results.didYouMean, page: 1 })} className="font-semibold text-primary underline-offset-2 hover:underline">
            {results.didYouMean}
          </Link>
        </p>
      ) : null}

      {hasQuery ? (
        <nav aria-label={t("Result types")} className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {tabs.map((tab) => (
              <li key={tab.value}>
                <Link
                  to={link({ type: tab.value })}
                  aria-current={tab.value === type ? "page" : undefined}
                  className={`inline-block rounded-full border px-3 py-1 text-sm ${tab.value === type ? "border-primary bg-primary text-on-primary" : "border-divider text-foreground hover:bg-paper"}`}
                >
                  {tab.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {!hasQuery ? (
        <p className="mt-10 text-muted" data-testid="search-empty">
          {t("Type a title or a name to search the catalogue.")}
        </p>
      ) : nothing ? (
        <div className="mt-10" data-testid="search-no-results">
          <p className="text-lg font-medium text-foreground">{page > 1 ? t("No more results.") : t("No results for “:query”", { query: query.trim() })}</p>
          <p className="mt-2 text-muted">{t("Check the spelling, or try fewer or different words.")}</p>
          <Link to="/titles" className="mt-4 inline-block font-medium text-primary hover:underline">
            {t("Browse the catalogue instead")}
          </Link>
        </div>
      ) : null}

      {results.titleCount > 0 ? (
        <section aria-labelledby="titles-heading" className="mt-10" data-testid="search-titles">
          <div className="flex items-end justify-between">
            <h2 id="titles-heading" className="text-xl font-semibold text-foreground">
              {type === "movie" ? t("Movies") : type === "series" ? t("Series") : t("Movies & series")}
            </h2>
            {type === "all" && results.moreTitles ? (
              <Link to={link({ type: "movie" })} className="text-sm font-medium text-primary hover:underline">
                {t("More movies")}
              </Link>
            ) : null}
          </div>
          <StaticIsland data={titles} preload={SearchTitleGrid.preload}>
            {(found) => (
              <Suspense fallback={null}>
                <SearchTitleGrid titles={found} watchlisted={watchlisted} />
              </Suspense>
            )}
          </StaticIsland>
        </section>
      ) : null}

      {results.peopleCount > 0 ? (
        <section aria-labelledby="people-heading" className="mt-10" data-testid="search-people">
          <div className="flex items-end justify-between">
            <h2 id="people-heading" className="text-xl font-semibold text-foreground">
              {t("People")}
            </h2>
            {type === "all" && results.morePeople ? (
              <Link to={link({ type: "person" })} className="text-sm font-medium text-primary hover:underline">
                {t("More people")}
              </Link>
            ) : null}
          </div>
          <StaticIsland data={people} preload={SearchPeopleGrid.preload}>
            {(found) => (
              <Suspense fallback={null}>
                <SearchPeopleGrid people={found} />
              </Suspense>
            )}
          </StaticIsland>
        </section>
      ) : null}

      {type !== "all" && (page > 1 || more) ? (
        <nav aria-label={t("Pagination")} className="mt-10 flex justify-between">
          {page > 1 ? (
            <Link to={link({ page: page - 1 })} rel="prev" className="font-medium text-primary hover:underline">
              ← {t("Previous")}
            </Link>
          ) : (
            <span />
          )}
          {more ? (
            <Link to={link({ page: page + 1 })} rel="next" className="font-medium text-primary hover:underline">
              {t("Next")} →
            </Link>
          ) : null}
        </nav>
      ) : null}
      {tmdbMatches.length > 0 ? (
        <section aria-labelledby="tmdb-matches-heading" className="mt-10" data-testid="tmdb-matches">
          <h2 id="tmdb-matches-heading" className="text-xl font-semibold text-foreground">
            {t("More on TMDB")}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-6">
            {tmdbMatches.map((match) => (
              <li key={`${match.type}-${match.id}`}>
                {/* A POST with this match's signed token asks for its import (decision 021): never a plain link. */}
                <form method="post" action={`/tmdb/${match.type}/${match.id}`}>
                  <input type="hidden" name="token" value={match.token} />
                  <button type="submit" className="group block w-full text-left">
                    {match.poster ? (
                      <img src={match.poster} alt="" width={342} height={513} loading="lazy" className="aspect-[2/3] w-full rounded-theme bg-paper object-cover" />
                    ) : (
                      <div className="aspect-[2/3] w-full rounded-theme bg-paper" />
                    )}
                    <span className="mt-2 block font-medium text-foreground group-hover:text-primary">{match.name}</span>
                    <span className="block text-sm text-muted">{[match.year, match.type === "tv" ? t("TV series") : t("Movie")].filter(Boolean).join(" · ")}</span>
                  </button>
                </form>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-muted">{t("This product uses the TMDB API but is not endorsed or certified by TMDB.")}</p>
        </section>
      ) : null}
      <AdSlot slot="ads.general_bottom" html={ads["ads.general_bottom"]} />
    </div>
  );
}
