import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { episodes, titles, videos } from "./tables";

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{1,15}$/;

export type PlayerSource = { kind: "file"; url: string; mime: string | null } | { kind: "embed"; url: string; provider: "youtube" | "vimeo" } | { kind: "unavailable" };

/**
 * How a video plays: R2 files through /media (Range support), external files
 * directly, YouTube (privacy-enhanced domain) and Vimeo as embeds the CSP
 * allows. A malformed id or URL makes the video unavailable rather than
 * embedding something unexpected.
 */
export function playerSource(video: { source: string; src: string; mime: string | null }, mediaUrl: (key: string) => string): PlayerSource {
  switch (video.source) {
    case "r2":
      return { kind: "file", url: mediaUrl(video.src), mime: video.mime };
    case "external":
      return /^https:\/\/[^\s]+$/i.test(video.src) ? { kind: "file", url: video.src, mime: video.mime } : { kind: "unavailable" };
    case "youtube":
      return YOUTUBE_ID.test(video.src) ? { kind: "embed", provider: "youtube", url: `https://www.youtube-nocookie.com/embed/${video.src}?rel=0` } : { kind: "unavailable" };
    case "vimeo":
      return VIMEO_ID.test(video.src) ? { kind: "embed", provider: "vimeo", url: `https://player.vimeo.com/video/${video.src}?dnt=1` } : { kind: "unavailable" };
    default:
      return { kind: "unavailable" };
  }
}

/** The video, its title (and episode), and the title's other videos, in one batch. */
export async function loadWatchPage(db: Database, videoId: number) {
  const [found, others] = await db.batch([
    db
      .select({
        video: {
          id: videos.id,
          name: videos.name,
          category: videos.category,
          source: videos.source,
          src: videos.src,
          mime: videos.mime,
          quality: videos.quality,
          language: videos.language,
          duration: videos.duration,
          thumbnail: videos.thumbnail,
          createdAt: videos.createdAt,
          plays: videos.plays,
        },
        // Aliased: names must be unique in a batched statement (see title-page.server.ts).
        title: {
          id: sql<number>`${titles.id}`.mapWith(Number).as("title_id"),
          type: titles.type,
          name: sql<string>`${titles.name}`.as("title_name"),
          slug: titles.slug,
          year: titles.year,
          plot: titles.plot,
          poster: titles.poster,
          backdrop: titles.backdrop,
          certification: titles.certification,
          runtime: titles.runtime,
          rating: titles.rating,
          voteCount: titles.voteCount,
          externalRating: titles.externalRating,
          generatedFields: titles.generatedFields,
        },
        episode: {
          seasonNumber: episodes.seasonNumber,
          episodeNumber: episodes.episodeNumber,
          name: sql<string | null>`${episodes.name}`.as("episode_name"),
        },
      })
      .from(videos)
      .innerJoin(titles, eq(titles.id, videos.titleId))
      .leftJoin(episodes, eq(episodes.id, videos.episodeId))
      .where(eq(videos.id, videoId))
      .limit(1),
    db
      .select({ id: videos.id, name: videos.name, category: videos.category, thumbnail: videos.thumbnail, duration: videos.duration })
      .from(videos)
      .where(and(eq(videos.titleId, db.select({ id: videos.titleId }).from(videos).where(eq(videos.id, videoId))), ne(videos.id, videoId)))
      .orderBy(asc(videos.position), asc(videos.id))
      .limit(20),
  ]);
  const row = found[0];
  if (!row) return null;
  return { video: row.video, title: row.title, episode: row.episode?.name ? row.episode : null, others };
}
