import type { NotificationChannel, NotificationChannels } from "./notification-data";

/**
 * Every notification the product sends, grouped as the settings page shows
 * them (subscriptions with group_name, notif_id and name).
 * Names are English source strings, translated where they are shown.
 */
export interface NotificationType {
  id: string;
  group: string;
  name: string;
  /** The channels a user gets until they choose (a row in notification_subscriptions). */
  defaults: NotificationChannels;
  /** Channels that cannot be turned off: security notifications always reach the account (decision 021). */
  required?: readonly NotificationChannel[];
}

const ALL_ON: NotificationChannels = { database: true, mail: true, browser: true };

export const NOTIFICATION_TYPES = [
  { id: "workspace.invitation", group: "Workspaces", name: "Invitations to join a workspace", defaults: ALL_ON },
  { id: "account.new_device", group: "Account security", name: "Sign-in from a new device", defaults: ALL_ON, required: ["database", "mail"] },
  { id: "billing.payment_failed", group: "Subscription", name: "A payment failed", defaults: ALL_ON },
  { id: "billing.invoice_available", group: "Subscription", name: "A new invoice is available", defaults: { database: true, mail: true, browser: false } },
  { id: "billing.plan_changed", group: "Subscription", name: "Your plan changed", defaults: ALL_ON },
  { id: "billing.cancelled", group: "Subscription", name: "Your subscription was cancelled, resumed or ended", defaults: ALL_ON },
  // Reviews and comments (decision 025).
  { id: "community.reply", group: "Reviews and comments", name: "Replies to your reviews and comments", defaults: ALL_ON },
  { id: "community.helpful", group: "Reviews and comments", name: "Helpful votes on your reviews", defaults: { database: true, mail: false, browser: true } },
  { id: "community.moderation", group: "Reviews and comments", name: "A moderator acted on your review or comment", defaults: ALL_ON },
  // Follows and the feed (decision 033); "reviewed a title you rated" is off until chosen.
  { id: "social.follower", group: "People you follow", name: "Someone follows you", defaults: { database: true, mail: false, browser: true } },
  { id: "social.follow_request", group: "People you follow", name: "Someone asks to follow your private profile", defaults: ALL_ON },
  { id: "social.followed_review", group: "People you follow", name: "Someone you follow reviews a title you rated", defaults: { database: false, mail: false, browser: false } },
  { id: "site.announcement", group: "Announcements", name: "Announcements from the site", defaults: { database: true, mail: false, browser: true } },
  // What I track (decision 034): sent by the scheduled alerts job, once per member and episode or title.
  { id: "tracking.new_episode", group: "What you track", name: "A new episode of a series you watch or watchlisted aired", defaults: { database: true, mail: false, browser: true } },
  { id: "tracking.release", group: "What you track", name: "A title on your watchlist was released", defaults: { database: true, mail: false, browser: true } },
] as const satisfies readonly NotificationType[];

export type NotificationTypeId = (typeof NOTIFICATION_TYPES)[number]["id"];

export function notificationType(id: string): NotificationType | undefined {
  return (NOTIFICATION_TYPES as readonly NotificationType[]).find((type) => type.id === id);
}

/** Types grouped in display order (spec: subscriptions as groups). */
export function notificationGroups(): { group: string; types: NotificationType[] }[] {
  const groups: { group: string; types: NotificationType[] }[] = [];
  for (const type of NOTIFICATION_TYPES) {
    const existing = groups.find((g) => g.group === type.group);
    if (existing) existing.types.push(type);
    else groups.push({ group: type.group, types: [type] });
  }
  return groups;
}
