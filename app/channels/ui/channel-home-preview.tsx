import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { ChannelPage } from "../channel-page.server";
import { ChannelView } from "./channel-view";

/**
 * Inside the appearance editor's frame only: the home page as it would be
 * with another channel, before the change is saved (decision 022). Loaded on
 * demand, so the public home page ships none of it; until the rows arrive
 * (or when the channel is unknown) the page shows what it showed.
 */
export function ChannelHomePreview({ slug, fallback }: { slug: string; fallback: React.ReactNode }) {
  // What /admin/appearance/homepage-channel/:slug answers (app/routes/admin/appearance-homepage-channel.ts).
  const fetcher = useFetcher<{ page: ChannelPage | null }>();
  const { load } = fetcher;
  useEffect(() => {
    void load(`/admin/appearance/homepage-channel/${encodeURIComponent(slug)}`);
  }, [load, slug]);
  const page = fetcher.data?.page;
  if (!page || page.channel.slug !== slug) return <>{fallback}</>;
  return (
    <div data-testid="homepage-channel-preview">
      <ChannelView page={page} home />
    </div>
  );
}
