import { data } from "react-router";
import type { Route } from "./+types/appearance-homepage-channel";
import { requireAdmin } from "~/admin/access.server";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { loadChannelPage, pageForView } from "~/channels/channel-page.server";
import { findChannel } from "~/channels/channels.server";

/**
 * The appearance editor's frame asks here for a channel it previews as the
 * homepage before it is saved (decision 022): the home page's
 * first page of that channel, private channels included (a home channel
 * need not have a page of its own). `page: null` for an unknown slug, so
 * the frame keeps showing what it shows.
 */
export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.appearanceUpdate);
  const slug = args.params.slug;
  const channel = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? await findChannel(admin.app.db, slug) : null;
  const page = channel ? await loadChannelPage(admin.app.db, channel, { page: 1, genre: null }) : null;
  return { page: page ? pageForView(page) : null };
}

/** Read-only: a write here is refused like any admin action (guests to sign in, others 404), then 405. */
export async function action(args: Route.ActionArgs) {
  requireAdmin(args, P.appearanceUpdate);
  throw data(null, { status: 405 });
}
