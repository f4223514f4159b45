import { APPEARANCE_EDITOR_PARAM } from "./appearance-editor-flag";

/**
 * Appearance editor mode: the page is inside a frame whose
 * address carries appearanceEditor=true. The frame element's own address
 * keeps the flag while the visitor moves around inside it.
 */
export function isInAppearanceEditor(): boolean {
  if (typeof window === "undefined" || window.self === window.top) return false;
  const flag = `${APPEARANCE_EDITOR_PARAM}=true`;
  try {
    if ((window.frameElement?.getAttribute("src") ?? "").includes(flag)) return true;
  } catch {
    // A frame of another site: no access to its element, and no editor either.
  }
  return new URLSearchParams(window.location.search).get(APPEARANCE_EDITOR_PARAM) === "true";
}
