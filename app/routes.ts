import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/** The site map. Route modules live in app/routes/<area>/. */
export default [
  // Public site with navbar and footer.
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("pages/:slug", "routes/pages/custom-page.tsx", { id: "custom-page-by-slug" }),
    route("pages/:id/:slug", "routes/pages/custom-page.tsx", { id: "custom-page-by-id" }),
    route("titles", "routes/browse/titles.tsx"),
    route("people", "routes/browse/people.tsx"),
    route("titles/:id/:slug", "routes/titles/title.tsx"),
    route("titles/:id/:slug/credits", "routes/titles/credits.tsx"),
    route("titles/:id/:slug/season/:season", "routes/titles/season.tsx"),
    route("titles/:id/:slug/season/:season/episode/:episode", "routes/titles/episode.tsx"),
    route("people/:id/:slug", "routes/people/person.tsx"),
    route("watch/:videoId", "routes/watch/watch.tsx"),
    route("user/:id/:slug", "routes/profiles/user-profile.tsx"),
    route("search", "routes/search/search.tsx"),
    // Developer page of the shared UI primitives and form kit; local Worker only.
    route("_dev/ui", "routes/dev/ui-kit.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),

  // Preferences that work with and without JavaScript.
  ...prefix("resources", [
    route("theme", "routes/resources/theme.ts"),
    route("locale", "routes/resources/locale.ts"),
    route("cookie-notice", "routes/resources/cookie-notice.ts"),
    route("e2e/flush-caches", "routes/resources/e2e-caches.ts"),
  ]),

  // Catalogue media: R2 files under catalogue/ (ranges, validators, public
  // caching) and generated SVG artwork (decision 005).
  route("media/*", "routes/media/file.ts"),
  route("artwork/:kind/:file", "routes/media/artwork.ts"),

  // The navbar type-ahead (JSON).
  route("search/suggest", "routes/search/suggest.ts"),

  // For crawlers.
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap-index.ts"),
  route("sitemaps/:file", "routes/seo/sitemap-file.ts"),

  // JSON API.
  ...prefix("api/v1", [route("bootstrap-data", "routes/api/v1/bootstrap-data.ts")]),
] satisfies RouteConfig;
