import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { loader } from "~/routes/admin/appearance-homepage-channel";
import { ChannelView } from "./channel-view";

/**
 * Inside the appearance editor's frame only: the home page as it would be
 * with another channel, before the change is saved (issue 17). Loaded on
 * demand, so the public home page ships none of it; until the rows arrive
 * (or when the channel is unknown) the page shows what it showed.
 */
export function ChannelHomePreview({ slug, fallback }: { slug: string; fallback: React.ReactNode }) {
  const fetcher = useFetcher<typeof loader>();
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
