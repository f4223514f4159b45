import { data } from "react-router";
import type { Route } from "./+types/channel";
import { loadChannelPage, pageForView, parsePageNumber } from "~/channels/channel-page.server";
import { findChannel } from "~/channels/channels.server";
import { channelJsonLd } from "~/channels/structured-data";
import { ChannelView } from "~/channels/ui/channel-view";
import { requireCatalogueAccess } from "~/catalogue/access.server";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { getApp } from "~/request/context";
import { setPageJsonLd } from "~/seo/json-ld.server";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";

/** Guests share a copy of this page for a few seconds (app/request/guest-page-cache.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/**
 * /channel/{slug} and /channel/{slug}/{genre} (decision 022): a public
 * channel's items or rows, a page at a time (?page=n, a plain GET link).
 * Unknown or private channels, unknown genres, a genre on a channel that
 * takes none, and pages past the end are 404s.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  requireCatalogueAccess(app, request);
  const url = new URL(request.url);
  const page = parsePageNumber(url.searchParams.get("page"));
  const channel = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(params.slug) ? await findChannel(app.db, params.slug) : null;
  if (page === null || !channel || !channel.public) throw data(null, { status: 404 });
  const result = await loadChannelPage(app.db, channel, { page, genre: params.genre ?? null });
  if (!result) throw data(null, { status: 404 });
  const base = `/channel/${channel.slug}${result.genre ? `/${result.genre.slug}` : ""}`;
  const path = page > 1 ? `${base}?page=${page}` : base;
  setPageJsonLd(context, channelJsonLd(result, url.origin, path));
  const name = result.genre ? `${channel.name}: ${app.t(result.genre.name)}` : channel.seoTitle || channel.name;
  return {
    page: pageForView(result),
    seo: buildSeo(app, request, {
      title: page > 1 ? `${name} · ${app.t("Page :page", { page })}` : name,
      description: channel.seoDescription || channel.description,
      path,
    }),
  };
}

export default function ChannelPage({ loaderData }: Route.ComponentProps) {
  return <ChannelView page={loaderData.page} />;
}
