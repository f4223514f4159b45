import type { Route } from "./+types/value-lists";
import { apiLoader, readOnlyAction } from "~/json-api/handler.server";
import { getValueLists, type VALUE_LISTS } from "~/i18n/api-contract";
import { countries, timezones } from "~/i18n/value-lists";

type ListName = (typeof VALUE_LISTS)[number];

/** GET api/v1/value-lists/{names}, e.g. value-lists/timezones,countries. Cacheable: the lists change with deployments only. */
export const loader = apiLoader(getValueLists, ({ app, params }) => {
  const names = new Set(params.names.split(",").map((name) => name.trim() as ListName));
  const body = {
    ...(names.has("localizations") ? { localizations: app.localizations.map((l) => ({ language: l.language, name: l.name })) } : {}),
    ...(names.has("timezones") ? { timezones: timezones() } : {}),
    ...(names.has("countries") ? { countries: countries(app.language) } : {}),
  };
  return Response.json(body, { headers: { "Cache-Control": "private, max-age=3600", "Content-Language": app.language } });
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
