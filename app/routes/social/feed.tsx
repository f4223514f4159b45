import { data, Link } from "react-router";
import type { Route } from "./+types/feed";
import { requireUser } from "~/auth/guards.server";
import { useTrans } from "~/i18n/translation-context";
import { getApp } from "~/request/context";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { feedQuerySchema } from "~/social/feed";
import { loadFeed } from "~/social/feed.server";
import { FeedItemView } from "~/social/ui/feed-item";

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/**
 * /feed: what the members I follow rated, watched, reviewed, listed and
 * liked, newest first, ?cursor= for older (decision 033). A cursor that is
 * not one of ours answers 400 with the reason, never a 500.
 */
export async function loader(args: Route.LoaderArgs) {
  const { user } = requireUser(args);
  const app = getApp(args.context);
  const url = new URL(args.request.url);
  const seo = buildSeo(app, args.request, { title: app.t("Feed"), description: null, path: "/feed", noindex: true });
  const parsed = feedQuerySchema.safeParse({ cursor: url.searchParams.get("cursor") ?? undefined });
  if (!parsed.success) {
    return data({ items: [], next: null, error: app.t("This is not a feed cursor."), seo }, { status: 400, headers: { "Cache-Control": "private, no-store" } });
  }
  const feed = await loadFeed(app.db, user.id, { before: parsed.data.cursor });
  return { ...feed, error: null, seo, first: parsed.data.cursor === null };
}

export default function Feed({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const { items, next, error } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6" data-testid="feed-page">
      <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("Feed")}</h1>
      <p className="mt-2 text-muted">{t("What the people you follow rated, watched, reviewed and listed.")}</p>
      {error ? (
        <p role="alert" className="mt-8 rounded-theme border border-danger p-4 text-danger" data-testid="feed-error">
          {error}{" "}
          <Link to="/feed" className="underline">
            {t("Back to the newest")}
          </Link>
        </p>
      ) : items.length === 0 ? (
        <div className="mt-8 rounded-theme border border-divider bg-elevated p-6" data-testid="feed-empty">
          <p className="text-foreground">{t("Nothing here yet. Follow members from their profiles, reviews and comments to see what they watch.")}</p>
        </div>
      ) : (
        <ol className="mt-8 flex flex-col gap-4" data-testid="feed-items">
          {items.map((item) => (
            <li key={item.key}>
              <FeedItemView item={item} />
            </li>
          ))}
        </ol>
      )}
      {next ? (
        <Link to={`/feed?cursor=${next}`} className="mt-8 inline-block text-primary hover:underline" data-testid="feed-next">
          {t("Older activity")}
        </Link>
      ) : null}
    </div>
  );
}
