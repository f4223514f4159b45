import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/** The site map. Route modules live in app/routes/<area>/. */
export default [
  // Public site with navbar and footer.
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),

  // Preferences that work with and without JavaScript.
  ...prefix("resources", [
    route("theme", "routes/resources/theme.ts"),
    route("locale", "routes/resources/locale.ts"),
    route("cookie-notice", "routes/resources/cookie-notice.ts"),
  ]),

  // JSON API.
  ...prefix("api/v1", [route("bootstrap-data", "routes/api/v1/bootstrap-data.ts")]),
] satisfies RouteConfig;
