import { data, redirect } from "react-router";
import { hasPermission } from "~/request/viewer";
import type { AppContext } from "~/request/context";

/**
 * The route guard of the public catalogue: titles.view is
 * needed. A guest without it goes to /login; a signed-in user without it goes
 * to /pricing when billing is on and they are not subscribed, otherwise the
 * page is a 404.
 */
export function requireCatalogueAccess(app: AppContext, request: Request) {
  if (hasPermission(app.viewer, "titles.view")) return;
  const url = new URL(request.url);
  if (app.viewer.userId === null) {
    throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (app.settings["billing.enable"] && !app.viewer.isSubscribed) throw redirect("/pricing");
  throw data(null, { status: 404 });
}

/** A positive database id from a path segment, or a 404. */
export function parseId(value: string | undefined): number {
  if (!value || !/^\d{1,15}$/.test(value)) throw data(null, { status: 404 });
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  return id;
}

/** A season or episode number from a path segment (0 holds specials), or a 404. */
export function parseSmallNumber(value: string | undefined): number {
  if (!value || !/^\d{1,4}$/.test(value)) throw data(null, { status: 404 });
  return Number(value);
}
