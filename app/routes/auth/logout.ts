import { data, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { buildBootstrapData } from "~/bootstrap/bootstrap.server";
import { authServices } from "~/auth/services.server";
import { signOut } from "~/auth/sign-in.server";
import { APPEARANCE_EDITOR_PARAM, withEditorFlag } from "~/appearance/protocol";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";

/**
 * Inside the appearance editor's frame logout is refused:
 * the page asking carries the editor flag, in its own address or in the
 * address of the page that posted (same-origin requests send the full
 * referrer). The user menu refuses it before any request; this is the
 * server's side of the same rule.
 */
function appearanceEditorPage(request: Request, flagged: boolean): string | null {
  let referrer: URL | null = null;
  try {
    referrer = new URL(request.headers.get("Referer") ?? "");
  } catch {
    referrer = null;
  }
  const fromEditor = referrer?.origin === new URL(request.url).origin && referrer.searchParams.get(APPEARANCE_EDITOR_PARAM) === "true";
  if (fromEditor) return referrer!.pathname + referrer!.search;
  return flagged ? withEditorFlag("/") : null;
}

/** Logout by POST only (a link or prefetch must never sign anyone out); then /login. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const editorPage = appearanceEditorPage(request, app.appearanceEditor);
  if (editorPage) {
    const message = app.t("Can't logout while in appearance editor");
    if ((request.headers.get("Accept") ?? "").includes("application/json")) return Response.json({ message }, { status: 409 });
    return redirectWithToast(request, editorPage, { message, type: "danger" });
  }
  const s = await authServices(context, request);
  const headers = await signOut(s);
  if ((request.headers.get("Accept") ?? "").includes("application/json")) {
    const guest = { ...app, user: null, session: null, viewer: app.guestViewer };
    return Response.json({ bootstrapData: buildBootstrapData(guest, request) }, { headers });
  }
  return redirect("/login", { headers });
}

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
