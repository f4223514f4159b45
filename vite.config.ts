import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { typeaheadReset } from "./scripts/vite/typeahead-reset.ts";
import { debugSourceMaps } from "./scripts/vite/debug-source-maps.ts";
import { noAssetCopiesInWorker } from "./scripts/vite/no-asset-copies-in-worker.ts";
import { reactRouterBrowserBuild } from "./scripts/vite/react-router-browser-build.ts";
import { reactRouterServerRoutes } from "./scripts/vite/react-router-server-routes.ts";
import { reactDomServerText } from "./scripts/vite/react-dom-server-text.ts";

/**
 * The small modules every page's shell imports (root layout, navbar, footer)
 * go into one chunk instead of twenty tiny ones: fewer requests, and each
 * tiny chunk's import/export boilerplate compresses badly (the public-page
 * JavaScript budget, decision 006).
 */
const SHELL_MODULES = modulePattern(
  // react-router whole: the client entry's HydratedRouter joins the rest of the router (one file compresses better than two).
  ["react-dom", "scheduler", "react-router", "rolldown:runtime"],
  [
    // the root route and the public site's layout run on every public page: their code joins the shell
    // (their route files become two-line re-exports)
    "root",
    "routes/site/layout",
    "i18n/time-zone-hint",
    // root layout, navbar, footer
    "ui/use-bootstrap",
    "constants",
    "i18n/translate",
    "i18n/page-lines",
    "i18n/translation-store",
    "i18n/browser-time-zone",
    "ui/themes",
    "toasts/toast",
    "toasts/toast-store",
    "log/debug-trace-event",
    "observability/ui/debug-error-host",
    "ui/appearance-editor-flag",
    "ui/appearance-editor-mode",
    "ui/preview-store",
    "appearance/preview/appearance-preview",
    "shell/navbar",
    "shell/logo",
    "shell/menu-links",
    "shell/lazy-error-pages",
    "shell/cookie-notice",
    "shell/footer",
    "shell/language-picker",
    "shell/theme-toggle",
    "site/use-navbar-position",
    "site/search/navbar-search",
    "auth/ui/use-has-permission",
    "ui/use-hydrated",
    "ui/lazy-component",
    // the cards' link, which a static island (server-html) imports too: a few hundred bytes
    "ui/app-link",
    "ui/no-js-redirect",
    "ui/icons",
    "ui/progress-bar",
    "ui/toaster",
    // what most public pages use
    "ads/ad-slot",
    "seo/seo",
    "site/rating-badge",
    "site/cta-link",
    "catalogue/artwork",
    "http/slug",
  ],
);

/** What the catalogue's public pages (titles, people, search, lists) share beyond the shell. */
const CATALOGUE_PAGE_MODULES = modulePattern([], ["site/cards"]);

/**
 * The label of invented content, a labelled fact and the artwork image: the detail pages (title, person, season...) render
 * them, /titles and search never do, and a guest's title page keeps its card rows' HTML without
 * catalogue-cards (decision 045). Before catalogue-cards: a group takes its modules' imports with it.
 */
const CATALOGUE_BASE_MODULES = modulePattern([], ["site/generated-note", "site/fact", "catalogue/generated", "site/artwork-image"]);

/**
 * The video card (title, season, episode and watch pages): not in catalogue-cards, which /titles, search and
 * person pages load too, and without the Intl formatters (the title and person pages format on the server).
 */
const CATALOGUE_DETAIL_MODULES = modulePattern([], ["site/video-card", "i18n/clock"]);

/**
 * Browser-side queries (the query client and its hook) and the spinner shown while they run: one chunk,
 * loaded with the navbar type-ahead when a visitor first goes to the search box, and by the signed-in
 * screens that query (combobox, notifications).
 */
const CLIENT_QUERY_MODULES = modulePattern([], ["ui/use-client-query", "ui/client-query", "ui/spinner"]);

/** The landing page's pricing table and its helpers, one chunk. */
const PRICING_MODULES = modulePattern([], ["billing/ui/pricing-table", "billing/format", "billing/money", "billing/plan-buttons", "billing/pricing-rules", "ui/button-styles"]);

/** Matches the given packages ("rolldown:runtime": the bundler's own helpers) and app/ modules (paths without extension). */
function modulePattern(packages: string[], appModules: string[]): RegExp {
  const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const alternatives = appModules.map((m) => `/app/${escapeRegExp(m)}\\.tsx?$`);
  for (const name of packages) alternatives.push(name === "rolldown:runtime" ? "^\\0rolldown/runtime" : `/node_modules/${escapeRegExp(name)}/`);
  return new RegExp(alternatives.join("|"));
}

export default defineConfig({
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    tailwindcss(),
    reactRouter(),
    typeaheadReset(),
    debugSourceMaps(),
    noAssetCopiesInWorker(),
    reactRouterBrowserBuild(),
    reactRouterServerRoutes(),
    reactDomServerText(),
  ],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "shell", test: SHELL_MODULES },
                { name: "catalogue-base", test: CATALOGUE_BASE_MODULES },
                { name: "catalogue-cards", test: CATALOGUE_PAGE_MODULES },
                { name: "video-card", test: CATALOGUE_DETAIL_MODULES },
                { name: "pricing", test: PRICING_MODULES },
                { name: "client-query", test: CLIENT_QUERY_MODULES },
                // React Router's navigation and data-fetching helpers, loaded on the first interaction (scripts/vite/lazy-router-navigation.ts).
                { name: "router-navigation", test: /^\0react-router-(navigation|single-fetch)\.js$/ },
              ],
            },
          },
        },
      },
    },
  },
});
