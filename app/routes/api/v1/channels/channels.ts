import type { Route } from "./+types/channels";
import { apiLoader, readOnlyAction } from "~/json-api/handler.server";
import { paginated, perPageOf } from "~/api/query";
import { listChannels } from "~/channels/api-contract";
import { listPublicChannelsPage } from "~/channels/api.server";

/** GET api/v1/channels: public channels, paginated. */
export const loader = apiLoader(listChannels, async ({ app, query }) => {
  const { data, total } = await listPublicChannelsPage(app.db, query.page, perPageOf(query));
  return paginated({ data, page: query.page, perPage: perPageOf(query), total });
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
