import { data } from "react-router";
import type { Route } from "./+types/start";
import { requireUser } from "~/auth/guards.server";
import { authServices } from "~/auth/services.server";
import { isSocialService } from "~/auth/social/services";
import { startSocialAuth } from "~/auth/social/social-auth.server";
import { socialResultResponse } from "~/auth/social/result-page.server";

/**
 * GET /secure/auth/social/:service/login (sign in or sign up) and
 * /secure/auth/social/:service/connect (link to the signed-in account):
 * off to the provider, in the popup (?popup=1) or the whole page.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context, params, url } = args;
  if (!isSocialService(params.service)) throw data(null, { status: 404 });
  const mode = url.pathname.endsWith("/connect") ? "connect" : "login";
  if (mode === "connect") requireUser(args);
  const s = await authServices(context, request);
  const popup = url.searchParams.get("popup") === "1";
  const outcome = await startSocialAuth(s, params.service, { mode, popup, redirect: url.searchParams.get("redirect") });
  if (outcome instanceof Response) {
    // The popup must keep its link to the opener through the provider's pages.
    if (popup) outcome.headers.set("Cross-Origin-Opener-Policy", "unsafe-none");
    return outcome;
  }
  return socialResultResponse(context, request, outcome, popup);
}
