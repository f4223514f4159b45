import { absoluteUrl } from "~/seo/seo";
import { channelItemLabel, channelItemPath } from "./channel-item";
import type { ChannelPage } from "./channel-page.server";

/** schema.org ItemList of a channel page: its items (or, for a nested channel, its rows) in order. */
export function channelJsonLd(page: ChannelPage, origin: string, path: string) {
  const entries =
    page.channel.source === "nested"
      ? page.rows.map((row) => ({ name: row.channel.name, path: row.channel.public ? `/channel/${row.channel.slug}` : null }))
      : page.items.map((item) => ({ name: channelItemLabel(item), path: channelItemPath(item) }));
  const offset = page.channel.source === "nested" ? 0 : (page.page - 1) * page.channel.perPage;
  return {
    "@type": "ItemList",
    name: page.genre ? `${page.channel.name}: ${page.genre.name}` : page.channel.name,
    url: absoluteUrl(origin, path),
    numberOfItems: entries.length,
    itemListElement: entries.map((entry, i) => ({
      "@type": "ListItem",
      position: offset + i + 1,
      name: entry.name,
      url: entry.path ? absoluteUrl(origin, entry.path) : undefined,
    })),
  };
}
