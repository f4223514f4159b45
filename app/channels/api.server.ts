import { asc, count, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { ChannelItem } from "./channel-item";
import type { ChannelPage } from "./channel-page.server";
import { channels } from "./tables";

/** A channel item in the API's snake_case (api-contract.ts). */
export function channelItemJson(item: ChannelItem) {
  switch (item.kind) {
    case "title":
      return {
        kind: item.kind,
        id: item.id,
        type: item.type,
        name: item.name,
        slug: item.slug,
        year: item.year,
        poster: item.poster,
        backdrop: item.backdrop,
        rating: item.rating,
        external_rating: item.externalRating,
        release_date: item.releaseDate,
      };
    case "person":
      return { kind: item.kind, id: item.id, name: item.name, slug: item.slug, profile: item.profile, known_for: item.knownFor };
    case "episode":
      return { kind: item.kind, id: item.id, name: item.name, season_number: item.seasonNumber, episode_number: item.episodeNumber, still: item.still, air_date: item.airDate, title: item.title };
    case "video":
      return { kind: item.kind, id: item.id, name: item.name, category: item.category, thumbnail: item.thumbnail, duration: item.duration, title: item.title };
    case "channel":
      return { kind: item.kind, id: item.id, name: item.name, slug: item.slug, layout: item.layout, public: item.public };
  }
}

export function channelPageJson(page: ChannelPage, updatedAt: Date) {
  const rows = new Map(page.rows.map((row) => [row.channel.id, row.items]));
  const { channel } = page;
  return {
    channel: {
      id: channel.id,
      name: channel.name,
      slug: channel.slug,
      description: channel.description,
      layout: channel.layout,
      source: channel.source,
      per_page: channel.perPage,
      updated_at: updatedAt.toISOString(),
      genre: page.genre ? { name: page.genre.name, slug: page.genre.slug } : null,
    },
    items: {
      data: page.items.map((item) => {
        const nested = item.kind === "channel" ? rows.get(item.id) : undefined;
        return nested ? { ...channelItemJson(item), items: nested.map(channelItemJson) } : channelItemJson(item);
      }),
      current_page: page.page,
      per_page: channel.source === "nested" ? page.items.length : channel.perPage,
      has_next: page.hasNext,
    },
  };
}

export async function listPublicChannelsPage(db: Database, page: number, perPage: number) {
  const [rows, total] = await db.batch([
    db
      .select()
      .from(channels)
      .where(eq(channels.public, true))
      .orderBy(asc(channels.name), asc(channels.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(channels).where(eq(channels.public, true)),
  ]);
  return {
    total: total[0]?.n ?? 0,
    data: rows.map((c) => ({ id: c.id, name: c.name, slug: c.slug, description: c.description, layout: c.layout, source: c.source, per_page: c.perPage, updated_at: c.updatedAt.toISOString() })),
  };
}
