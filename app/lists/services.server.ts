import { data } from "react-router";
import { z } from "zod";
import { ApiError } from "~/json-api/handler.server";
import type { AppContext } from "~/request/context";
import { ListError } from "./list-error";
import type { ListDetails } from "./lists.server";

/** A list refusal as the message people read (translated). */
export function listErrorMessage(app: Pick<AppContext, "t">, error: ListError) {
  return app.t(error.messageKey, error.values);
}

/** Runs a lists call for api/v1: ListErrors become JSON errors with their status and field. */
export async function asApi<T>(app: Pick<AppContext, "t">, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ListError)) throw error;
    const message = listErrorMessage(app, error);
    // A title is title_id on the wire, as in the rest of api/v1 (decision 036).
    const field = error.field === "titleId" ? "title_id" : error.field === "workspaceId" ? "workspace_id" : error.field === "itemIds" ? "item_ids" : error.field;
    throw new ApiError(error.status, message, field ? { [field]: [message] } : undefined);
  }
}

/**
 * A list with its items as api/v1 answers it: the titles' `vote_count` and `external_rating` in
 * snake_case (decision 036), with `voteCount` and `externalRating`, the older names, for one release more.
 */
export function apiListDetails(list: ListDetails) {
  return { ...list, items: list.items.map((item) => ({ ...item, title: { ...item.title, vote_count: item.title.voteCount, external_rating: item.title.externalRating } })) };
}

const listIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A list id from a page's path, or the not-found page. */
export function listIdOf(value: string | undefined): number {
  if (!value || !/^\d{1,15}$/.test(value)) throw data(null, { status: 404 });
  const parsed = listIdSchema.safeParse(value);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}
