import type { Route } from "./+types/robots";

/**
 * robots.txt, generated so the sitemap line carries this site's absolute
 * URL whatever host it is served from.
 */
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /account-settings",
    "Disallow: /billing",
    "Disallow: /checkout",
    "Disallow: /notifications",
    "Disallow: /resources/",
    "Disallow: /search",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
