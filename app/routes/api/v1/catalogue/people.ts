import type { Route } from "./+types/people";
import { apiLoader, readOnlyAction } from "~/api/handler.server";
import { paginated } from "~/api/query";
import { listPeople } from "~/catalogue/api-contract";
import { personSummary } from "~/catalogue/api.server";
import { browsePeople, countPeople } from "~/catalogue/browse.server";

/** GET api/v1/people: the people browse list, paginated. */
export const loader = apiLoader(listPeople, async ({ app, query }) => {
  const { perPage } = query;
  const filters = { department: query.department, gender: query.gender, order: query.order, dir: query.dir, page: query.page };
  const [{ items }, total] = await Promise.all([browsePeople(app.db, filters, perPage), countPeople(app.db, filters)]);
  return paginated({ data: items.map(personSummary), page: query.page, perPage, total });
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
