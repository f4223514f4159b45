import { data, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { buildBootstrapData } from "~/bootstrap/bootstrap.server";
import { authServices } from "~/auth/services.server";
import { signOut } from "~/auth/sign-in.server";
import { getApp } from "~/request/context";

/** Logout by POST only (a link or prefetch must never sign anyone out); then /login. */
export async function action({ request, context }: Route.ActionArgs) {
  const s = await authServices(context, request);
  const headers = await signOut(s);
  if ((request.headers.get("Accept") ?? "").includes("application/json")) {
    const app = getApp(context);
    const guest = { ...app, user: null, session: null, viewer: app.guestViewer };
    return Response.json({ bootstrapData: buildBootstrapData(guest, request) }, { headers });
  }
  return redirect("/login", { headers });
}

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
