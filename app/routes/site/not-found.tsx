import { data } from "react-router";
import type { Route } from "./+types/not-found";

/** Any path no other route matches. */
export function loader(_: Route.LoaderArgs) {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Not found" }];

export default function NotFound() {
  return null;
}
