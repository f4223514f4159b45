import { data } from "react-router";
import type { Route } from "./+types/callback";
import { authServices } from "~/auth/services.server";
import { isSocialService } from "~/auth/social/services";
import { callbackIntent, finishSocialAuth } from "~/auth/social/social-auth.server";
import { socialResultResponse } from "~/auth/social/result-page.server";

/** GET /secure/auth/social/:service/callback: the provider sends the visitor back here. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!isSocialService(params.service)) throw data(null, { status: 404 });
  const s = await authServices(context, request);
  const intent = await callbackIntent(s, params.service);
  const outcome = await finishSocialAuth(s, params.service);
  return socialResultResponse(context, request, outcome, intent.popup);
}
