/**
 * The query flag that puts a page in appearance editor mode (inside the
 * editor's frame). Its own module: every public page checks it, and should
 * not ship the editor protocol to do so.
 */
export const APPEARANCE_EDITOR_PARAM = "appearanceEditor";
