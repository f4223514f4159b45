import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { requireAdmin } from "~/admin/access.server";

/** Unknown addresses under /admin: the 404 page, inside the admin area for those who may see it. */
export function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  throw data(null, { status: 404 });
}

export function action(args: Route.ActionArgs) {
  requireAdmin(args);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
