import type { Route } from "./+types/sitemap-index";
import { getApp } from "~/request/context";
import { sitemapFiles, sitemapIndexXml } from "~/composers/sitemap.server";

/** /sitemap.xml: the sitemap index pointing at every sitemap file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const files = await sitemapFiles(getApp(context).db, origin);
  return new Response(sitemapIndexXml(files), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
