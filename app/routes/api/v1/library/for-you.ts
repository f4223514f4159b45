import type { Route } from "./+types/for-you";
import { apiLoader } from "~/json-api/handler.server";
import { forYouEndpoint } from "~/library/api-contract";
import { titleRef } from "~/library/api.server";
import { forYou } from "~/library/for-you.server";

/** GET api/v1/for-you → suggestions with their reasons. */
export const loader = apiLoader(forYouEndpoint, async ({ app }) => {
  const { suggestions } = await forYou(app.db, app.user!.id);
  return { data: suggestions.map((s) => ({ ...titleRef(s), reason: s.reason })) };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;
