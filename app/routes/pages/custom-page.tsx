import { data, redirect } from "react-router";
import type { Route } from "./+types/custom-page";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { adSlots } from "~/ads/ads.server";
import { CustomPageView } from "~/pages/custom-page-view";
import { findPageById, findPageBySlug } from "~/pages/pages.server";
import { getApp, getWorker } from "~/request/context";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";

/** Guests share a copy of this page for a few seconds (app/request/guest-page-cache.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/**
 * /pages/{slug} and /pages/{id}/{slug}. The id form tolerates a stale slug by
 * redirecting (301) to the current one; both point their canonical link at
 * /pages/{slug}.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const { id, slug } = params;
  let page;
  if (id !== undefined) {
    if (!/^\d{1,15}$/.test(id)) throw data(null, { status: 404 });
    page = await findPageById(app.db, Number(id));
    if (page && page.slug !== slug) throw redirect(`/pages/${page.id}/${page.slug}`, 301);
  } else {
    page = slug && slug.length <= 200 ? await findPageBySlug(app.db, slug) : null;
  }
  if (!page) throw data(null, { status: 404 });
  return {
    page: { title: page.title, body: page.body },
    ads: adSlots(app.settings, getWorker(context).nonce, ["ads.general_top", "ads.general_bottom"]),
    seo: buildSeo(app, request, {
      title: page.seoTitle || page.title,
      description: page.seoDescription || page.body,
      path: `/pages/${page.slug}`,
      type: "article",
    }),
  };
}

export default function CustomPage({ loaderData }: Route.ComponentProps) {
  return <CustomPageView page={loaderData.page} ads={loaderData.ads} />;
}
