import type { Route } from "./+types/channel";
import { apiLoader, notFound, readOnlyAction } from "~/json-api/handler.server";
import { getChannel } from "~/channels/api-contract";
import { channelPageJson } from "~/channels/api.server";
import { loadChannelPage } from "~/channels/channel-page.server";
import { findChannel } from "~/channels/channels.server";

/** GET api/v1/channels/{idOrSlug}: a public channel and a page of its items (nested one level). */
export const loader = apiLoader(getChannel, async ({ app, params, query }) => {
  const channel = await findChannel(app.db, params.idOrSlug);
  if (!channel?.public) return notFound(app.t("This channel does not exist."));
  const page = await loadChannelPage(app.db, channel, { page: query.page ?? 1, genre: query.genre ?? null });
  if (!page) return notFound(app.t("This page does not exist."));
  return channelPageJson(page, channel.updatedAt);
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
