import { Link } from "react-router";
import type { Route } from "./+types/title-comments";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { titlePath } from "~/http/slug";
import { communityAction, communityTitle, posterState } from "~/community/pages.server";
import { reviewStats } from "~/community/reviews.server";
import { threadFromQuery } from "~/community/thread-page.server";
import { ThreadSection } from "~/community/ui/thread-section";
import { followsInThread } from "~/composers/comment-threads.server";

/** /titles/{id}/{slug}/comments: the discussion of a title (decision 025). */

/** Guests share a copy for a few seconds (decision 018); the viewer's own parts (forms, votes, held posts) exist only for signed-in visitors, whose pages are never cached. */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.heading} - ${loaderData.siteName}` : "Comments" }];

export async function loader(args: Route.LoaderArgs) {
  const { app, title } = await communityTitle(args, "/comments");
  const [thread, stats, poster] = await Promise.all([threadFromQuery(app, args.request, { kind: "title", id: title.id }), reviewStats(app.db, title.id), posterState(args.context, args.request)]);
  return {
    title: { id: title.id, name: title.name, slug: title.slug },
    heading: app.t("Discussion of :name", { name: title.name }),
    siteName: app.settings["branding.site_name"],
    thread,
    count: stats.commentCount,
    // Follow buttons beside commenters, for members (decision 033).
    poster: { ...poster, follows: await followsInThread(app.db, app.user?.id ?? null, thread.comments) },
  };
}

export async function action(args: Route.ActionArgs) {
  const { title } = await communityTitle(args, "/comments");
  return communityAction(args, title, `${titlePath(title)}/comments`);
}

export default function TitleComments({ loaderData, actionData }: Route.ComponentProps) {
  const { title, thread, count, poster } = loaderData;
  const path = `${titlePath(title)}/comments`;
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6" data-testid="comments-page">
      <header>
        <Link to={titlePath(title)} className="text-sm text-primary hover:underline">
          ← {title.name}
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-foreground">{loaderData.heading}</h1>
      </header>
      <ThreadSection path={path} target={{ kind: "title", id: title.id }} thread={thread} count={count} viewer={poster} failure={actionData ?? null} />
    </div>
  );
}
