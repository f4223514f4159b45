import { data } from "react-router";
import { z } from "zod";
import type { WireField } from "~/json-api/domain-error.server";
import type { ListDetails } from "./lists.server";

/** A refusal's field as api/v1 names it: a title is title_id on the wire, as in the rest of api/v1 (decision 036). */
export const listApiField: WireField = (field) => (field === "titleId" ? "title_id" : field === "workspaceId" ? "workspace_id" : field === "itemIds" ? "item_ids" : field);

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
