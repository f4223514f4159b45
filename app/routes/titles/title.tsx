import { Suspense } from "react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/title";
import { countGuestView, countTitleView, idParam } from "~/catalogue/page-views.server";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { AdSlot } from "~/ads/ad-slot";
import { adSlots } from "~/ads/ads.server";
import { useTrans } from "~/i18n/translation-context";
import { lazyComponent } from "~/ui/lazy-component";
import { parseId, requireCatalogueAccess } from "~/catalogue/access.server";
import { isArtworkUrl, resolveImage, seasonArtworkSubject, titleArtworkSubject } from "~/catalogue/artwork";
import { generatedNote, isGenerated, isWhollyGenerated } from "~/catalogue/generated";
import { titlePath } from "~/http/slug";
import { titlePageView } from "~/catalogue/title-page.server";
import { loadTitlePageData } from "~/composers/title-page-data.server";
import { getApp, getWorker } from "~/request/context";
import { setPageJsonLd } from "~/seo/json-ld.server";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { titleJsonLd } from "~/seo/structured-data";
import { ArtworkImage } from "~/site/artwork-image";
import { useSiteRatingSource } from "~/site/rating-badge";
import { countryName, formatCount, formatDate, formatMoney, formatRuntime, languageName, titleYears } from "~/i18n/format";
import { Fact } from "~/site/fact";
import { GeneratedNote, GeneratedScope } from "~/site/generated-note";
import { reviewsJsonLd } from "~/community/reviews.server";
import { titleReviewsSectionHtml } from "~/community/title-section.server";
import { hasPermission } from "~/request/viewer";
import { titleTmdbHtml } from "~/tmdb/title-html.server";
import { guestTitleActionsHtml } from "~/library/guest-title-actions.server";
import { ServerHtmlBlock, StaticIsland } from "~/request/server-html";
import { serverData, serverHtml } from "~/request/server-html.server";

/** Guests share a copy of this page for a few seconds; a copy still counts the view. */
export const middleware: Route.MiddlewareFunction[] = [
  guestPageCache({
    onHit: {
      name: "title-view",
      run: ({ request, params, worker }) => {
        const id = idParam(params.id);
        if (id) countGuestView(worker, request, "view", id);
      },
    },
  }),
];

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const worker = getWorker(context);
  requireCatalogueAccess(app, request);
  const id = parseId(params.id);
  // One batch, one round trip: the page's reads and, for a member, their own parts (decision 026).
  const { page, reviews, tmdb, mine, friends } = await loadTitlePageData(app, worker, id);
  if (!page) throw data(null, { status: 404 });
  const { title } = page;
  if (params.slug !== title.slug) throw redirect(titlePath(title), 301);

  countTitleView(app, worker, request, id);
  // An admin may fill a title that has no TMDB data from TMDB.
  const canImportFromTmdb = !tmdb?.fromTmdb && hasPermission(app.viewer, "titles.create");
  // Server-rendered HTML: no component code for public pages (decision 019).
  const tmdbHtml = titleTmdbHtml(tmdb?.fromTmdb ? tmdb : null, { t: app.t, language: app.language, importForTitleId: canImportFromTmdb ? id : null });

  const { cast, related, videos, ...view } = titlePageView(page);
  const origin = new URL(request.url).origin;
  const plotNote = generatedNote(title, "plot");
  setPageJsonLd(context, reviewsJsonLd(titleJsonLd(page, origin), reviews, origin, title));
  return {
    // Server-made HTML by reference on a document request: hydration reads it from the document (decision 045).
    reviewsHtml: serverHtml(context, "reviews", titleReviewsSectionHtml(app.t, title, reviews)),
    // A guest's Rate, Watchlist and Log (decision 030): the same HTML for every guest, no component code.
    guestActionsHtml: mine ? null : serverHtml(context, "guest-actions", guestTitleActionsHtml(app.t, titlePath(title), title.type === "movie")),
    page: view,
    // A guest's card rows by reference on a document request: hydration keeps their HTML, no card code (decision 045).
    videos: videos.length ? (mine ? videos : serverData(context, "videos", videos)) : null,
    cast: cast.length ? (mine ? cast : serverData(context, "cast", cast)) : null,
    related: related.length ? (mine ? related : serverData(context, "related", related)) : null,
    // Formatted here: the page ships no Intl formatting code (decision 006's budget).
    shown: {
      runtime: formatRuntime(title.runtime),
      years: titleYears(title),
      externalVotes: title.externalVotes ? formatCount(title.externalVotes, app.language) : null,
      tmdbVotes: tmdb?.tmdbRating != null && tmdb.tmdbVotes ? formatCount(tmdb.tmdbVotes, app.language) : null,
      releaseDate: formatDate(title.releaseDate, app.language),
      language: languageName(title.language, app.language),
      countries: title.countries.length ? title.countries.map((c) => countryName(c, app.language)).join(", ") : null,
      budget: formatMoney(title.budget, app.language),
      revenue: formatMoney(title.revenue, app.language),
    },
    mine,
    // "People you follow" (decision 033): a member's, never in a guest's cached copy.
    friends,
    tmdbHtml: tmdbHtml ? serverHtml(context, "tmdb", tmdbHtml) : null,
    // TMDB's vote average, named as TMDB's in the header (imported titles).
    tmdbRating: tmdb?.tmdbRating != null ? { rating: tmdb.tmdbRating, votes: tmdb.tmdbVotes } : null,
    ads: adSlots(app.settings, worker.nonce, ["ads.title_top"]),
    seo: buildSeo(app, request, {
      title: title.year ? `${title.name} (${title.year})` : title.name,
      description: title.plot ? (plotNote ? `${title.plot} (${app.t(plotNote)})` : title.plot) : null,
      path: titlePath(title),
      image: title.backdrop ?? title.poster,
      type: title.type === "series" ? "video.tv_show" : "video.movie",
    }),
  };
}

/** "People you follow": members only (guests' pages never load it). */
const FriendsOnTitleSection = lazyComponent(() => import("~/social/ui/friends-on-title").then((m) => m.FriendsOnTitleSection));

/** Card rows: rendered in place by the server; a guest's browser keeps their HTML and never loads them. */
const TopCastSection = lazyComponent(() => import("~/site/title-card-rows").then((m) => m.TopCastSection));
const RelatedTitlesSection = lazyComponent(() => import("~/site/title-card-rows").then((m) => m.RelatedTitlesSection));
const TitleVideosSection = lazyComponent(() => import("~/site/video-card").then((m) => m.TitleVideosSection));

/** Members only (guests' pages never load it). */
const TitleLibraryPanel = lazyComponent(() => import("~/library/ui/title-library-panel").then((m) => m.default));

export default function TitlePage({ loaderData }: Route.ComponentProps) {
  const { page, cast, related, videos, ads, mine, friends, reviewsHtml, tmdbHtml, tmdbRating, guestActionsHtml, shown } = loaderData;
  const { title } = page;
  const t = useTrans();
  const siteRatingSource = useSiteRatingSource();
  const art = titleArtworkSubject(title);
  const path = titlePath(title);
  const { runtime, years } = shown;

  return (
    <GeneratedScope whole={isWhollyGenerated(title)}>
      <article data-testid="title-page">
        <header className="relative isolate overflow-hidden bg-slate-950 text-white">
          {/* Not on phones: behind the stacked poster and text it only competes with them. Decoration: the poster says what it is. */}
          <ArtworkImage
            kind="backdrop"
            image={title.backdrop}
            subject={art}
            eager
            alt=""
            className="absolute inset-0 -z-20 hidden size-full object-cover opacity-40 md:block"
            testId="title-backdrop"
          />
          <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-t from-slate-950 via-slate-950/70 to-slate-950/20" />
          <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6 md:flex-row md:items-end md:py-16">
            <ArtworkImage
              kind="poster"
              image={title.poster}
              subject={art}
              alt={t("Poster of :name", { name: title.name })}
              priority
              sizes="(min-width: 768px) 16rem, 10rem"
              className="aspect-[2/3] w-40 shrink-0 rounded-theme object-cover shadow-2xl md:w-64"
              testId="title-poster"
            />
            <div className="min-w-0">
              <p className="text-sm font-semibold uppercase tracking-wider text-white/70">{title.type === "series" ? t("TV series") : t("Movie")}</p>
              <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-5xl" data-testid="title-name">
                {title.name} {years ? <span className="font-normal text-white/60">({years})</span> : null}
              </h1>
              {title.originalName && title.originalName !== title.name ? <p className="mt-1 text-white/70">{t("Original title: :name", { name: title.originalName })}</p> : null}
              {isWhollyGenerated(title) ? (
                <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-white/80">
                  <GeneratedNote show page className="text-white" />{" "}
                  {title.type === "series" ? t("This series is invented for the demo catalogue.") : t("This title is invented for the demo catalogue.")}
                </p>
              ) : null}
              <ul className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-white/80">
                {title.certification ? <li className="rounded border border-white/40 px-1.5">{title.certification}</li> : null}
                {runtime ? <li>{runtime}</li> : null}
                {title.type === "series" && title.seasonCount ? <li>{t(":count [one season|other seasons]", { count: title.seasonCount })}</li> : null}
                {page.genres.map((genre) => (
                  <li key={genre.id}>
                    <Link to={`/titles?genre=${genre.slug}`} className="rounded-full bg-white/10 px-2.5 py-0.5 hover:bg-white/20">
                      {t(genre.name)}
                    </Link>
                  </li>
                ))}
              </ul>
              <dl className="mt-6 flex flex-wrap gap-6" data-testid="title-ratings">
                <div>
                  <dt className="text-xs uppercase tracking-wider text-white/60">{siteRatingSource()}</dt>
                  <dd className="text-2xl font-bold" data-testid="site-rating">
                    {title.rating !== null ? (
                      <>
                        {title.rating.toFixed(1)}
                        <span className="text-sm font-normal text-white/60">/10 · {t(":count [one vote|other votes]", { count: title.voteCount })}</span>
                      </>
                    ) : (
                      <span className="text-base font-normal text-white/70">{t("No votes yet")}</span>
                    )}
                  </dd>
                </div>
                {title.externalRating !== null ? (
                  <div>
                    <dt className="text-xs uppercase tracking-wider text-white/60">IMDb</dt>
                    <dd className="text-2xl font-bold">
                      {title.externalRating.toFixed(1)}
                      <span className="text-sm font-normal text-white/60">/10{shown.externalVotes ? ` · ${shown.externalVotes}` : ""}</span>
                    </dd>
                  </div>
                ) : null}
                {tmdbRating ? (
                  <div data-testid="tmdb-rating">
                    <dt className="text-xs uppercase tracking-wider text-white/60">TMDB</dt>
                    <dd className="text-2xl font-bold">
                      {tmdbRating.rating.toFixed(1)}
                      <span className="text-sm font-normal text-white/60">/10{shown.tmdbVotes ? ` · ${shown.tmdbVotes}` : ""}</span>
                    </dd>
                  </div>
                ) : null}
                {title.rottenTomatoes !== null ? (
                  <div>
                    <dt className="text-xs uppercase tracking-wider text-white/60">Rotten Tomatoes</dt>
                    <dd className="text-2xl font-bold">{title.rottenTomatoes}%</dd>
                  </div>
                ) : null}
              </dl>
              {/* Members: their own state (never in a shared copy). Guests: the same static controls for all (decision 030). */}
              {mine ? <TitleLibraryPanel title={title} mine={mine} path={path} /> : guestActionsHtml ? <ServerHtmlBlock html={guestActionsHtml} /> : null}
              <Link
                to={`/lists/add/${title.id}`}
                rel="nofollow"
                className="mt-4 inline-flex items-center gap-2 rounded-theme border border-white/60 px-3 py-1.5 text-sm font-semibold text-white hover:bg-white/10"
                data-testid="title-add-to-list"
              >
                <span aria-hidden="true">+</span> {t("Add to list")}
              </Link>
            </div>
          </div>
        </header>

        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_18rem]">
          <div className="min-w-0 space-y-12">
            {title.plot || title.tagline ? (
              <section aria-labelledby="plot-heading">
                <h2 id="plot-heading" className="text-xl font-semibold text-foreground">
                  {t("Plot summary")}
                </h2>
                {title.tagline ? <p className="mt-3 text-lg italic text-muted">{title.tagline}</p> : null}
                {title.plot ? (
                  <p className="mt-3 max-w-3xl leading-7 text-foreground" data-testid="title-plot">
                    {title.plot}
                  </p>
                ) : null}
                <GeneratedNote show={isGenerated(title, "plot") || isGenerated(title, "tagline")} className="mt-3" />
              </section>
            ) : null}

            <AdSlot slot="ads.title_top" html={ads["ads.title_top"]} />

            {cast ? (
              <StaticIsland data={cast} preload={TopCastSection.preload}>
                {(credits) => (
                  <Suspense fallback={null}>
                    <TopCastSection cast={credits} path={path} />
                  </Suspense>
                )}
              </StaticIsland>
            ) : null}

            {page.keyCrew.length > 0 ? (
              <section aria-labelledby="crew-heading">
                <h2 id="crew-heading" className="text-xl font-semibold text-foreground">
                  {t("Crew")}
                </h2>
                <ul className="mt-4 grid gap-4 sm:grid-cols-2 md:grid-cols-4" data-testid="title-crew">
                  {page.keyCrew.map((credit) => (
                    <li key={credit.id}>
                      <Link to={`/people/${credit.personId}/${encodeURIComponent(credit.slug)}`} className="font-medium text-foreground hover:text-primary">
                        {credit.name}
                      </Link>
                      <p className="text-sm text-muted">{t(credit.job)}</p>
                    </li>
                  ))}
                </ul>
                {!cast ? (
                  <Link to={`${path}/credits`} className="mt-4 inline-block text-sm font-medium text-primary hover:underline" data-testid="full-credits-link">
                    {t("Full cast & crew")}
                  </Link>
                ) : null}
              </section>
            ) : null}

            {title.type === "series" && page.seasons.length > 0 ? (
              <section aria-labelledby="seasons-heading">
                <h2 id="seasons-heading" className="text-xl font-semibold text-foreground">
                  {t("Seasons")}
                </h2>
                <GeneratedNote show={isGenerated(title, "seasons") || isGenerated(title, "episodes")} className="mt-2" />
                <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4 md:grid-cols-6" data-testid="title-seasons">
                  {page.seasons.map((season) => (
                    <li key={season.id}>
                      <Link to={`${path}/season/${season.number}`} className="group block">
                        <ArtworkImage
                          kind="season"
                          // The season's own poster, else the series' real one, else generated art for this season.
                          image={season.poster ?? (isArtworkUrl(title.poster) ? null : title.poster)}
                          subject={seasonArtworkSubject(season, title)}
                          className="aspect-[2/3] w-full rounded-theme object-cover"
                        />
                        <p className="mt-2 font-medium text-foreground group-hover:text-primary">{season.name}</p>
                        <p className="text-sm text-muted">{[season.airDate?.slice(0, 4), t(":count [one episode|other episodes]", { count: season.episodeCount })].filter(Boolean).join(" · ")}</p>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            {videos ? (
              <StaticIsland data={videos} preload={TitleVideosSection.preload}>
                {(list) => (
                  <Suspense fallback={null}>
                    <TitleVideosSection videos={list} fallback={resolveImage("backdrop", title.backdrop, art).src} />
                  </Suspense>
                )}
              </StaticIsland>
            ) : null}

            {page.images.length > 0 ? (
              <section aria-labelledby="images-heading">
                <h2 id="images-heading" className="text-xl font-semibold text-foreground">
                  {t("Images")}
                </h2>
                <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">
                  {page.images.map((image) => (
                    <li key={image.id}>
                      <a href={image.url} className="block">
                        <img
                          src={image.url}
                          alt={isArtworkUrl(image.url) ? t("Generated artwork for :name, not an official image", { name: title.name }) : t(":name, :type", { name: title.name, type: t(image.type) })}
                          width={image.width}
                          height={image.height}
                          loading="lazy"
                          decoding="async"
                          className="h-auto w-full rounded-theme bg-paper object-cover"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            {/* Reviews (decision 025): server-rendered links and escaped text, no code shipped (app/community/title-section.server.ts). */}
            {friends ? (
              <Suspense fallback={null}>
                <FriendsOnTitleSection friends={friends} />
              </Suspense>
            ) : null}
            <ServerHtmlBlock as="section" aria-labelledby="reviews-heading" data-testid="title-reviews" html={reviewsHtml} />

            {related ? (
              <StaticIsland data={related} preload={RelatedTitlesSection.preload}>
                {(titles) => (
                  <Suspense fallback={null}>
                    <RelatedTitlesSection related={titles} />
                  </Suspense>
                )}
              </StaticIsland>
            ) : null}
          </div>

          <aside aria-labelledby="facts-heading" className="space-y-6">
            {tmdbHtml ? <ServerHtmlBlock html={tmdbHtml} /> : null}
            <h2 id="facts-heading" className="text-xl font-semibold text-foreground">
              {t("Facts")}
            </h2>
            <dl className="space-y-4 text-sm" data-testid="title-facts">
              <Fact label={title.type === "series" ? t("First aired") : t("Release date")} value={shown.releaseDate} />
              {title.type === "series" ? <Fact label={t("Episodes")} value={title.episodeCount ? String(title.episodeCount) : null} /> : null}
              <Fact label={t("Runtime")} value={runtime} generated={isGenerated(title, "runtime")} />
              <Fact label={t("Certification")} value={title.certification} generated={isGenerated(title, "certification")} />
              <Fact label={t("Original language")} value={shown.language} generated={isGenerated(title, "language")} />
              <Fact label={t("Countries")} value={shown.countries} generated={isGenerated(title, "countries")} />
              <Fact label={t("Budget")} value={shown.budget} />
              <Fact label={t("Box office")} value={shown.revenue} />
            </dl>

            {page.keywords.length > 0 ? (
              <div>
                <h3 className="text-sm font-semibold text-foreground">{t("Keywords")}</h3>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {page.keywords.map((keyword) => (
                    <li key={keyword.slug} className="rounded-full bg-paper px-2.5 py-0.5 text-xs text-muted">
                      {keyword.name}
                    </li>
                  ))}
                </ul>
                <GeneratedNote show={isGenerated(title, "keywords")} className="mt-2" />
              </div>
            ) : null}
          </aside>
        </div>
      </article>
    </GeneratedScope>
  );
}
