import { useMatches } from "react-router";
import type { MenuPosition } from "~/menus/menu";

interface SiteHandle {
  navbarPosition?: MenuPosition | ((data: never) => MenuPosition);
  siteChrome?: boolean | ((data: never) => boolean);
}

/** The deepest route handle value for `key`, resolved against that route's loader data. */
function useHandleValue<K extends keyof SiteHandle>(key: K): Exclude<SiteHandle[K], (data: never) => unknown> | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const value = (matches[i].handle as SiteHandle | undefined)?.[key];
    if (typeof value === "function") return value(matches[i].loaderData as never) as never;
    if (value !== undefined) return value as never;
  }
  return undefined;
}

/**
 * The navbar's menu position for the current page: the deepest route whose
 * handle names one (the landing page uses "landing-page-navbar"), else the
 * default for every other public page.
 */
export function useNavbarPosition(): MenuPosition {
  return useHandleValue("navbarPosition") ?? "custom-page-navbar";
}

/** False when the page brings its own frame (the homepage as the sign-in screen). */
export function useSiteChrome(): boolean {
  return useHandleValue("siteChrome") ?? true;
}
