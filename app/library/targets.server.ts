import { DomainError } from "~/http/domain-error";
import { and, eq } from "drizzle-orm";
import { episodes, titles } from "~/catalogue/tables";
import type { Database } from "~/db/client.server";

/** What a library row names: a title, or an episode of a series (by id or by season and number). */
export interface TargetInput {
  titleId: number;
  episodeId?: number | null;
  season?: number | null;
  episode?: number | null;
}

export interface Target {
  titleId: number;
  titleType: "movie" | "series";
  titleName: string;
  episodeId: number | null;
}

/** Checks the title (and episode) exist and belong together; one statement. */
export async function resolveTarget(db: Database, input: TargetInput): Promise<Target> {
  const byNumber = input.season != null && input.episode != null;
  const wantsEpisode = input.episodeId != null || byNumber;
  const [title] = await db.select({ id: titles.id, type: titles.type, name: titles.name }).from(titles).where(eq(titles.id, input.titleId)).limit(1);
  if (!title) throw new DomainError(404, "This title does not exist.", { field: "titleId" });
  if (!wantsEpisode) return { titleId: title.id, titleType: title.type, titleName: title.name, episodeId: null };
  const where =
    input.episodeId != null
      ? and(eq(episodes.id, input.episodeId), eq(episodes.titleId, title.id))
      : and(eq(episodes.titleId, title.id), eq(episodes.seasonNumber, input.season!), eq(episodes.episodeNumber, input.episode!));
  const [episode] = await db.select({ id: episodes.id }).from(episodes).where(where).limit(1);
  if (!episode) throw new DomainError(404, "This episode does not exist.", { field: "episodeId" });
  return { titleId: title.id, titleType: title.type, titleName: title.name, episodeId: episode.id };
}
