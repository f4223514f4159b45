import { data } from "react-router";
import type { Route } from "./+types/disconnect";
import { requireUser } from "~/auth/guards.server";
import { authServices } from "~/auth/services.server";
import { isSocialService, SOCIAL_SERVICE_LABELS } from "~/auth/social/services";
import { disconnectSocial, lastSignInMethodMessage } from "~/auth/social/social-auth.server";
import { backTo } from "~/http/redirects";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";

/** POST /secure/auth/social/:service/disconnect: unlinks the provider from the signed-in account. */
export async function action(args: Route.ActionArgs) {
  const { request, context, params } = args;
  if (!isSocialService(params.service)) throw data(null, { status: 404 });
  const { user } = requireUser(args);
  const app = getApp(context);
  const outcome = await disconnectSocial(await authServices(context, request), user.id, params.service);
  const formData = await request.formData().catch(() => new FormData());
  const back = formData.has("redirectTo") ? backTo(request, formData.get("redirectTo"), "/account-settings") : null;
  if (outcome === "last-sign-in-method") {
    const message = app.t(lastSignInMethodMessage, { service: SOCIAL_SERVICE_LABELS[params.service] });
    if (back) return redirectWithToast(request, back, { type: "danger", message });
    return Response.json({ message }, { status: 422 });
  }
  const message = app.t("Disabled :service account", { service: SOCIAL_SERVICE_LABELS[params.service] });
  if (back) return redirectWithToast(request, back, { message });
  return Response.json({ ok: true, message });
}

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
