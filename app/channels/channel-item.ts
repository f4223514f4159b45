import type { ChannelLayout } from "./tables";

/**
 * One item of a channel as pages and the API show it (no React, no
 * database): a title, person, episode, video or channel card's data.
 */
export type ChannelItem =
  | {
      kind: "title";
      id: number;
      type: "movie" | "series";
      name: string;
      slug: string;
      year: number | null;
      poster: string | null;
      backdrop: string | null;
      rating: number | null;
      /** Votes behind `rating` (cards show it only from the minimum, decision 029). */
      voteCount?: number | null;
      externalRating: number | null;
      tmdbRating: number | null;
      releaseDate: string | null;
    }
  | { kind: "person"; id: number; name: string; slug: string; profile: string | null; knownFor: string | null }
  | {
      kind: "episode";
      id: number;
      name: string;
      seasonNumber: number;
      episodeNumber: number;
      still: string | null;
      airDate: string | null;
      title: { id: number; name: string; slug: string };
    }
  | { kind: "video"; id: number; name: string; category: string; thumbnail: string | null; duration: number | null; title: { id: number; name: string; slug: string } }
  | { kind: "channel"; id: number; name: string; slug: string; public: boolean; layout: ChannelLayout; genreFromUrl: boolean };

/** Whether items show as 16:9 cards (backdrops, stills, thumbnails) rather than posters. */
export function isWideLayout(layout: ChannelLayout, items: ChannelItem[]) {
  return layout === "hero" || layout === "landscape" || (items.length > 0 && items.every((i) => i.kind === "episode" || i.kind === "video"));
}

/** A public page's address of an item (null: a private channel has no page). */
export function channelItemPath(item: ChannelItem): string | null {
  switch (item.kind) {
    case "title":
      return `/titles/${item.id}/${item.slug}`;
    case "person":
      return `/people/${item.id}/${item.slug}`;
    case "episode":
      return `/titles/${item.title.id}/${item.title.slug}/season/${item.seasonNumber}/episode/${item.episodeNumber}`;
    case "video":
      return `/watch/${item.id}`;
    case "channel":
      return item.public ? `/channel/${item.slug}` : null;
  }
}

/** The name an item goes by in lists (an episode with its series). */
export function channelItemLabel(item: ChannelItem): string {
  if (item.kind === "episode") return `${item.title.name} ${item.seasonNumber}×${item.episodeNumber}: ${item.name}`;
  return item.name;
}
