import { useMatches } from "react-router";
import type { MenuPosition } from "~/menus/menu";

interface NavbarHandle {
  navbarPosition?: MenuPosition | ((data: never) => MenuPosition);
}

/**
 * The navbar's menu position for the current page: the deepest route whose
 * handle names one (the landing page uses "landing-page-navbar"), else the
 * default for every other public page.
 */
export function useNavbarPosition(): MenuPosition {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as NavbarHandle | undefined;
    const position = handle?.navbarPosition;
    if (typeof position === "function") return position(matches[i].loaderData as never);
    if (position) return position;
  }
  return "custom-page-navbar";
}
