import { Link } from "react-router";
import type { Route } from "./+types/episode-comments";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { commentCountOf } from "~/community/comments.server";
import { communityAction, communityEpisode, posterState } from "~/community/pages.server";
import { threadFromQuery } from "~/community/thread-page.server";
import { ThreadSection } from "~/community/ui/thread-section";

/** /titles/{id}/{slug}/season/{n}/episode/{m}/comments: the discussion of an episode (decision 025). */

/** Guests share a copy for a few seconds (decision 018); personal parts exist only for signed-in visitors. */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.heading} - ${loaderData.siteName}` : "Comments" }];

export async function loader(args: Route.LoaderArgs) {
  const { app, title, episode, path } = await communityEpisode(args, "/comments");
  const [thread, count, poster] = await Promise.all([
    threadFromQuery(app, args.request, { kind: "episode", id: episode.id }),
    commentCountOf(app.db, "episode", episode.id),
    posterState(args.context, args.request),
  ]);
  return {
    episode: { id: episode.id, path, label: `${title.name}: ${episode.name}` },
    heading: app.t("Discussion of :name", { name: `${title.name}: ${episode.name}` }),
    siteName: app.settings["branding.site_name"],
    thread,
    count,
    poster,
  };
}

export async function action(args: Route.ActionArgs) {
  const { title, episode, path } = await communityEpisode(args, "/comments");
  return communityAction(args, title, `${path}/comments`, episode.id);
}

export default function EpisodeComments({ loaderData, actionData }: Route.ComponentProps) {
  const { episode, thread, count, poster } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6" data-testid="comments-page">
      <header>
        <Link to={episode.path} className="text-sm text-primary hover:underline">
          ← {episode.label}
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-foreground">{loaderData.heading}</h1>
      </header>
      <ThreadSection path={`${episode.path}/comments`} target={{ kind: "episode", id: episode.id }} thread={thread} count={count} viewer={poster} failure={actionData ?? null} />
    </div>
  );
}
