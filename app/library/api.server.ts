import { ApiError } from "~/json-api/handler.server";
import type { AppContext } from "~/request/context";
import { LibraryError } from "./library-error";

/** Runs a library call for api/v1: a LibraryError becomes its 404/422 JSON answer with a field error. */
export async function asLibraryApi<T>(app: Pick<AppContext, "t">, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof LibraryError)) throw error;
    const message = app.t(error.messageKey);
    // The field as the body names it: api/v1 is snake_case on the wire (decision 036).
    throw new ApiError(error.status, message, error.field ? { [snakeCase(error.field)]: [message] } : undefined);
  }
}

const iso = (value: Date) => value.toISOString();

export function titleRef(row: { titleId?: number; id?: number; type: "movie" | "series"; name: string; slug: string; year: number | null; poster: string | null }) {
  return { id: (row.titleId ?? row.id)!, type: row.type, name: row.name, slug: row.slug, year: row.year, poster: row.poster };
}

export function episodeRef(row: { episodeId: number | null; seasonNumber: number | null; episodeNumber: number | null; episodeName: string | null }) {
  return row.episodeId ? { id: row.episodeId, season_number: row.seasonNumber ?? 0, episode_number: row.episodeNumber ?? 0, name: row.episodeName ?? "" } : null;
}

export { iso };

/** "titleId" -> "title_id". */
export function snakeCase(field: string) {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
