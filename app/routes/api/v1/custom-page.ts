import type { Route } from "./+types/custom-page";
import { apiLoader, notFound, readOnlyAction } from "~/json-api/handler.server";
import { getCustomPage } from "~/pages/api-contract";
import { findPageById, findPageBySlug } from "~/pages/pages.server";
import { buildSeo } from "~/seo/seo.server";

/** GET api/v1/custom-pages/{idOrSlug} → {page, seo, set_seo}. */
export const loader = apiLoader(getCustomPage, async ({ app, params, request }) => {
  const key = params.idOrSlug;
  const page = /^\d+$/.test(key) ? ((await findPageById(app.db, Number(key))) ?? (await findPageBySlug(app.db, key))) : await findPageBySlug(app.db, key);
  if (!page) return notFound(app.t("This page does not exist."));
  // site_name on the wire (decision 036); siteName, the older name, stays in the answer for one release.
  const seo = buildSeo(app, request, { title: page.seoTitle || page.title, description: page.seoDescription || page.body, path: `/pages/${page.slug}`, type: "article" });
  return {
    page: { id: page.id, slug: page.slug, title: page.title, body: page.body, type: page.type, updated_at: page.updatedAt.toISOString() },
    seo: { ...seo, site_name: seo.siteName },
    set_seo: true,
  };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
