import type { Route } from "./+types/openapi";
import { apiEndpoints } from "~/api/endpoints";
import { apiLoader, ApiError } from "~/api/handler.server";
import { buildOpenApiDocument } from "~/api/openapi";
import { openApiDocumentEndpoint } from "~/api/openapi-contract";

/** GET api/v1/openapi.json: the API's description, generated from the endpoint contracts. */
export const loader = apiLoader(openApiDocumentEndpoint, ({ app, url }) => {
  if (!app.settings["api.integrated"]) throw new ApiError(404, app.t("The API is not enabled on this site."));
  const document = buildOpenApiDocument(apiEndpoints, { siteName: app.settings["branding.site_name"], baseUrl: url.origin });
  return Response.json(document, { headers: { "Cache-Control": "public, max-age=300" } });
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;
