import { data, redirect, type RouterContextProvider } from "react-router";
import { safeRedirectPath } from "~/http/redirects";
import { getApp } from "~/request/context";
import type { AuthUser, CurrentSession } from "../request/auth-user";
import { isApiPath } from "./request-hooks.server";
import { hasPermission } from "../request/viewer";

/** What loaders and actions pass to the guards: their own arguments. */
export interface GuardArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  /** The route's URL (without React Router's .data suffix); falls back to request.url. */
  url?: URL;
}

function routeUrl(args: GuardArgs) {
  return args.url ?? new URL(args.request.url);
}

/** /login?redirect=<this page>, for a guest who opened a page that needs an account. */
export function loginRedirectFor(url: URL) {
  const back = url.pathname + url.search;
  return back === "/" ? "/login" : `/login?redirect=${encodeURIComponent(back)}`;
}

/**
 * Requires a signed-in user. A guest's page load goes to
 * /login with a return address; an API call gets 401.
 */
export function requireUser(args: GuardArgs): { user: AuthUser; session: CurrentSession } {
  const app = getApp(args.context);
  if (app.user && app.session) return { user: app.user, session: app.session };
  const url = routeUrl(args);
  if (isApiPath(url.pathname)) {
    throw Response.json({ message: app.t("You need to sign in first.") }, { status: 401 });
  }
  throw redirect(loginRedirectFor(url));
}

/**
 * Requires a permission. A guest signs in first; a user
 * without it goes to /pricing when billing is on and they are not
 * subscribed (a plan may grant it), else sees the 404 page.
 */
export function requirePermission(args: GuardArgs, permission: string) {
  const app = getApp(args.context);
  if (hasPermission(app.viewer, permission)) return app.viewer;
  const url = routeUrl(args);
  const api = isApiPath(url.pathname);
  if (!app.user) {
    if (api) throw Response.json({ message: app.t("You need to sign in first.") }, { status: 401 });
    throw redirect(loginRedirectFor(url));
  }
  if (api) throw Response.json({ message: app.t("You do not have permission to do that.") }, { status: 403 });
  if (app.settings["billing.enable"] && !app.viewer.isSubscribed) throw redirect("/pricing");
  throw data(null, { status: 404 });
}

/**
 * Pages for guests only (sign in, register, forgot password): a signed-in
 * user goes on to the `redirect` target or `fallback` — except inside the
 * appearance editor, which must be able to show these pages.
 */
export function guestOnly(args: GuardArgs, fallback?: string) {
  const app = getApp(args.context);
  if (!app.user || app.appearanceEditor) return;
  const url = routeUrl(args);
  const target = safeRedirectPath(url.searchParams.get("redirect"), "");
  throw redirect(target || safeRedirectPath(fallback ?? app.settings["auth.default_redirect"], "/"));
}
