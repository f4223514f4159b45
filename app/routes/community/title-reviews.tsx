import type { Route } from "./+types/title-reviews";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { titlePath } from "~/http/slug";
import { communityAction, communityTitle } from "~/community/pages.server";
import { reviewsPath } from "~/http/review-paths";
import { reviewsPageData } from "~/community/reviews-page.server";
import { ReviewsPage } from "~/community/ui/reviews-page";

/**
 * /titles/{id}/{slug}/reviews (decision 025): every published review of a title,
 * sorted by most helpful, newest, highest or lowest score, in keyset pages
 * (?cursor=); the viewer's own review form; helpful votes and reports.
 */

/** Guests share a copy for a few seconds (decision 018); the viewer's own parts (forms, votes, held posts) exist only for signed-in visitors, whose pages are never cached. */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.heading} - ${loaderData.siteName}` : "Reviews" }];

export async function loader(args: Route.LoaderArgs) {
  const { app, title } = await communityTitle(args, "/reviews");
  return reviewsPageData(args, app, title, null, reviewsPath(title), { path: titlePath(title), label: title.name });
}

export async function action(args: Route.ActionArgs) {
  const { title } = await communityTitle(args, "/reviews");
  return communityAction(args, title, reviewsPath(title));
}

export default function TitleReviews({ loaderData, actionData }: Route.ComponentProps) {
  return <ReviewsPage loaderData={loaderData} actionData={actionData} />;
}
