/**
 * The shape of a notification as stored and as the browser receives it.
 * Plain types, safe in the browser bundle.
 */

export interface NotificationAction {
  label: string;
  /** A path on this site ("/billing") or an absolute http(s) URL (opens in a new tab). */
  action: string;
}

export interface NotificationLine {
  /** "primary" is the headline; others are details under it. */
  type: "primary" | "secondary";
  /** HTML built by the server from escaped values. */
  content: string;
  /** An icon name the UI knows (see notification-icon.tsx); unknown names show nothing. */
  icon?: string;
  action?: NotificationAction;
}

/**
 * A button under a notification. Links are plain NotificationActions;
 * `workspace.join` and `workspace.decline` answer a workspace invitation.
 */
export interface NotificationButton {
  label: string;
  action: string;
}

export interface NotificationData {
  /** A preset key the UI draws itself ("group-add", "people", "export-csv") or an image URL. */
  image?: string;
  lines: NotificationLine[];
  mainAction?: NotificationAction;
  buttonActions?: NotificationButton[];
  /** Workspace invitations: the invite the buttons answer. */
  inviteId?: string;
}

export const NOTIFICATION_CHANNELS = ["database", "mail", "browser"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type NotificationChannels = Record<NotificationChannel, boolean>;

/** A notification as api/v1 and the pages send it. */
export interface NotificationJson {
  id: number;
  type: string;
  read_at: string | null;
  created_at: string;
  data: NotificationData;
}

export const WORKSPACE_JOIN_ACTION = "workspace.join";
export const WORKSPACE_DECLINE_ACTION = "workspace.decline";

/** External links open in a new tab; site paths navigate inside the app. */
export function isExternalAction(action: string) {
  return /^https?:\/\//i.test(action);
}

/** Only site paths and http(s) URLs are followed; anything else (javascript:, data:) is ignored. */
export function isSafeAction(action: string | undefined | null): action is string {
  if (!action) return false;
  if (isExternalAction(action)) return true;
  return action.startsWith("/") && !action.startsWith("//") && !action.startsWith("/\\");
}
