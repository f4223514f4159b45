import { useLocation } from "react-router";
import { useHydrated } from "./use-hydrated";

/**
 * For forms that work both ways: before JavaScript runs, tells the action
 * where to send the browser back to; once it runs, the field disappears and
 * the action answers the fetcher with data instead.
 */
export function NoJsRedirect() {
  const hydrated = useHydrated();
  const location = useLocation();
  if (hydrated) return null;
  return <input type="hidden" name="redirectTo" value={location.pathname + location.search} />;
}
