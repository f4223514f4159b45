import { json, withApiHeaders } from "~/json-api/handler.server";

/**
 * Every /api/v1 path no route answers (decision 036): a JSON 404 with a
 * `message`, whatever the method, never the site's HTML 404 page.
 */
function notFound() {
  return withApiHeaders(json({ message: "Nothing here." }, 404));
}

export const loader = notFound;
export const action = notFound;
