/**
 * The appearance editor's messages: the editor at
 * /admin/appearance talks to the site in its frame with postMessage. Both
 * sides accept a message only from a window of the same hostname and only
 * when it carries the source marker; anything else is ignored (and logged
 * as a warning in the console), so another site cannot drive the preview.
 * No zod here: the frame's module must stay small.
 */
import { APPEARANCE_EDITOR_PARAM } from "../ui/appearance-editor-flag";

export { APPEARANCE_EDITOR_PARAM };

export const APPEARANCE_SOURCE = "be-appearance-editor";

/** Editor to preview. */
export type EditorMessage =
  | { source: typeof APPEARANCE_SOURCE; type: "navigate"; path: string }
  /** Setting values by dotted key ("branding.site_name", "homepage.appearance", "menus"). */
  | { source: typeof APPEARANCE_SOURCE; type: "setValues"; values: Record<string, unknown> }
  | { source: typeof APPEARANCE_SOURCE; type: "setThemeValue"; name: string; value: string }
  | { source: typeof APPEARANCE_SOURCE; type: "setThemeFont"; family: string | null }
  /** The theme to show, with its (possibly unsaved) values. */
  | { source: typeof APPEARANCE_SOURCE; type: "setActiveTheme"; themeId: number; isDark: boolean; values: Record<string, string> }
  | { source: typeof APPEARANCE_SOURCE; type: "setCustomCode"; mode: "css" | "html"; value: string };

/** An editor message before the source marker is added. */
export type EditorCommand = EditorMessage extends infer M ? (M extends unknown ? Omit<M, "source"> : never) : never;

/** Preview to editor. */
export type PreviewMessage = { source: typeof APPEARANCE_SOURCE; type: "previewReady"; path: string } | { source: typeof APPEARANCE_SOURCE; type: "previewNavigated"; path: string };

/** The event came from a window on this page's hostname (spec: "same hostname only"). */
export function isFromSameHost(event: MessageEvent, hostname = window.location.hostname): boolean {
  try {
    return new URL(event.origin).hostname === hostname;
  } catch {
    return false;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown, max: number): value is string => typeof value === "string" && value.length <= max;

/** A well-formed editor message, or null. */
export function parseEditorMessage(data: unknown): EditorMessage | null {
  if (!isRecord(data) || data.source !== APPEARANCE_SOURCE) return null;
  switch (data.type) {
    case "navigate":
      return isString(data.path, 2000) && data.path.startsWith("/") && !data.path.startsWith("//") ? (data as EditorMessage) : null;
    case "setValues":
      return isRecord(data.values) ? (data as EditorMessage) : null;
    case "setThemeValue":
      return isString(data.name, 80) && isString(data.value, 400) ? (data as EditorMessage) : null;
    case "setThemeFont":
      return data.family === null || isString(data.family, 400) ? (data as EditorMessage) : null;
    case "setActiveTheme":
      return typeof data.themeId === "number" && typeof data.isDark === "boolean" && isRecord(data.values) ? (data as EditorMessage) : null;
    case "setCustomCode":
      return (data.mode === "css" || data.mode === "html") && isString(data.value, 200_000) ? (data as EditorMessage) : null;
    default:
      return null;
  }
}

/** A well-formed preview message, or null. */
export function parsePreviewMessage(data: unknown): PreviewMessage | null {
  if (!isRecord(data) || data.source !== APPEARANCE_SOURCE) return null;
  if ((data.type === "previewReady" || data.type === "previewNavigated") && isString(data.path, 2000)) return data as PreviewMessage;
  return null;
}

/** Adds the editor flag to a same-site path, keeping its query and hash. */
export function withEditorFlag(path: string): string {
  const url = new URL(path, "http://x");
  url.searchParams.set(APPEARANCE_EDITOR_PARAM, "true");
  return url.pathname + url.search + url.hash;
}

/** The path without the editor flag, as the editor shows it. */
export function withoutEditorFlag(path: string): string {
  const url = new URL(path, "http://x");
  url.searchParams.delete(APPEARANCE_EDITOR_PARAM);
  return url.pathname + url.search + url.hash;
}
