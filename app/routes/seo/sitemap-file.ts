import { data } from "react-router";
import type { Route } from "./+types/sitemap-file";
import { getApp } from "~/request/context";
import { maxListId } from "~/lists/lists.server";
import { listSitemapBlock, sitemapBlock, sitePagesUrls, urlsetXml, SITEMAP_KINDS, SITEMAP_MAX_URLS, type SitemapKind } from "~/composers/sitemap.server";

const FILE = /^(titles|people|seasons|episodes)-(\d{1,6})\.xml$/;

/** /sitemaps/pages.xml, /sitemaps/{titles|people|seasons|episodes}-{n}.xml and /sitemaps/lists-{n}.xml (public lists). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const origin = new URL(request.url).origin;
  const file = params.file ?? "";
  let urls;
  const listsFile = /^lists-(\d{1,6})\.xml$/.exec(file);
  if (file === "pages.xml") {
    urls = await sitePagesUrls(db, origin);
  } else if (listsFile) {
    const n = Number(listsFile[1]);
    if (n < 1 || (n - 1) * SITEMAP_MAX_URLS >= (await maxListId(db))) throw data(null, { status: 404 });
    urls = await listSitemapBlock(db, origin, n);
  } else {
    const match = FILE.exec(file);
    const n = match ? Number(match[2]) : 0;
    if (!match || n < 1 || !SITEMAP_KINDS.includes(match[1] as SitemapKind)) throw data(null, { status: 404 });
    urls = await sitemapBlock(db, origin, match[1] as SitemapKind, n);
    if (!urls) throw data(null, { status: 404 });
  }
  return new Response(urlsetXml(urls), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
