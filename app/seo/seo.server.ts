import type { AppContext } from "~/request/context";
import { absoluteUrl, pageTitle, truncateDescription, type Seo } from "./seo";

/** Builds a page's SEO block from the request (origin) and the site settings. */
export function buildSeo(app: AppContext, request: Request, page: { title?: string | null; description?: string | null; path: string; image?: string | null; type?: string; noindex?: boolean }): Seo {
  const origin = new URL(request.url).origin;
  const siteName = app.settings["branding.site_name"];
  return {
    title: pageTitle(page.title, siteName),
    description: truncateDescription(page.description || app.settings["branding.site_description"]),
    canonical: absoluteUrl(origin, page.path),
    siteName,
    image: page.image ? absoluteUrl(origin, page.image) : null,
    type: page.type,
    noindex: page.noindex,
  };
}
