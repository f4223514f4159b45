import { DomainError, domainErrorMessage } from "~/http/domain-error";
import { redirect } from "react-router";
import type { Route } from "./+types/act";
import { authEnv } from "~/request/env";
import { loginRedirectFor } from "~/auth/guards.server";
import { hasPermission } from "~/request/viewer";
import { parseId } from "~/catalogue/access.server";
import { clearPendingAction, pendingActionCookie, pendingActionSchema, readPendingAction, type PendingAction } from "~/library/pending-action.server";
import { setRating } from "~/library/ratings.server";
import { addToWatchlist } from "~/library/watchlist.server";
import { getApp, getWorker, type AppContext } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";

/**
 * /titles/{id}/{slug}/act (decision 030): the guest controls of a title page
 * (Rate, Watchlist) post here. A member's press is done at once; a guest's
 * waits in a signed cookie while they sign in or register, and their return
 * here (the sign-in's `redirect`) does it and goes back to the title.
 */
async function apply(app: AppContext, action: PendingAction) {
  const userId = app.user!.id;
  if (action.intent === "watchlist") {
    if (!hasPermission(app.viewer, "watchlist.use")) return { ok: false, message: app.t("You do not have permission to do that.") };
    const result = await addToWatchlist(app.db, userId, action.titleId);
    return { ok: true, message: app.t("Added :name to your watchlist", { name: result.titleName }) };
  }
  if (!hasPermission(app.viewer, "ratings.create")) return { ok: false, message: app.t("You do not have permission to do that.") };
  const result = await setRating(app.db, userId, { titleId: action.titleId, rating: action.rating });
  return { ok: true, message: app.t("You rated :name :rating/10", { name: result.titleName, rating: action.rating }) };
}

function back(params: Route.LoaderArgs["params"]) {
  return `/titles/${parseId(params.id)}/${encodeURIComponent(params.slug)}`;
}

async function applyAndReturn(request: Request, app: AppContext, action: PendingAction, to: string, headers?: HeadersInit) {
  try {
    const done = await apply(app, action);
    return redirectWithToast(request, to, { type: done.ok ? "positive" : "danger", message: done.message }, { status: 303, headers });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return redirectWithToast(request, "/", { type: "danger", message: domainErrorMessage(app.t, error) }, { status: 303, headers });
  }
}

/** The return from sign-in: do what the guest asked for on this title, once. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const to = back(params);
  if (!app.user) return redirect(to);
  const pending = await readPendingAction(request, authEnv(getWorker(context).env).APP_KEY);
  if (!pending || pending.titleId !== parseId(params.id)) return redirect(to, { headers: { "Set-Cookie": clearPendingAction(request) } });
  return applyAndReturn(request, app, pending, to, { "Set-Cookie": clearPendingAction(request) });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  const to = back(params);
  const form = await request.formData().catch(() => new FormData());
  const parsed = pendingActionSchema.safeParse({ ...Object.fromEntries(form), titleId: parseId(params.id) });
  if (!parsed.success) {
    const message = app.t(parsed.error.issues[0]?.message ?? "There was an issue. Please try again.");
    return redirectWithToast(request, to, { type: "danger", message }, { status: 303 });
  }
  if (app.user) return applyAndReturn(request, app, parsed.data, to);
  const cookie = await pendingActionCookie(request, authEnv(getWorker(context).env).APP_KEY, parsed.data);
  return redirect(loginRedirectFor(new URL(`${to}/act`, request.url)), { status: 303, headers: { "Set-Cookie": cookie } });
}
