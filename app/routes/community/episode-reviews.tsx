import type { Route } from "./+types/episode-reviews";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { communityAction, communityEpisode } from "~/community/pages.server";
import { reviewsPageData } from "~/community/reviews-page.server";
import { ReviewsPage } from "~/community/ui/reviews-page";

/** /titles/{id}/{slug}/season/{n}/episode/{m}/reviews: an episode's reviews and the viewer's own (decision 025). */

/** Guests share a copy for a few seconds (decision 018); personal parts exist only for signed-in visitors. */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.heading} - ${loaderData.siteName}` : "Reviews" }];

export async function loader(args: Route.LoaderArgs) {
  const { app, title, episode, path } = await communityEpisode(args, "/reviews");
  return reviewsPageData(args, app, title, episode, `${path}/reviews`, { path, label: `${title.name}: ${episode.name}` });
}

export async function action(args: Route.ActionArgs) {
  const { title, episode, path } = await communityEpisode(args, "/reviews");
  return communityAction(args, title, `${path}/reviews`, episode.id);
}

export default function EpisodeReviews({ loaderData, actionData }: Route.ComponentProps) {
  return <ReviewsPage loaderData={loaderData} actionData={actionData} />;
}
