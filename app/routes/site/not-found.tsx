import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { siteTitle } from "~/seo/seo";

/** Any path no other route matches. */
export function loader(_: Route.LoaderArgs) {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Not found") }];

export default function NotFound() {
  return null;
}
