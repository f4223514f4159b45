import type { Route } from "./+types/cookie-notice";
import { COOKIE_NOTICE_COOKIE, COOKIE_NOTICE_MAX_AGE_S } from "~/constants";
import { serializeCookie } from "~/http/cookies";
import { preferenceResponse } from "~/toasts/preference-response.server";

/** OK on the cookie notice: hidden for 30 days. */
export async function action({ request }: Route.ActionArgs) {
  // A JSON body (or none) reads as an empty form: the schema then refuses it.
  const formData = await request.formData().catch(() => new FormData());
  const cookie = serializeCookie(request, COOKIE_NOTICE_COOKIE, "1", { maxAge: COOKIE_NOTICE_MAX_AGE_S });
  return preferenceResponse(formData, [cookie]);
}
