import { LISTS_FREE_COUNT } from "../../app/constants";

/**
 * The permissions the application checks, grouped as the admin area lists
 * them. Restrictions name the quotas a role may set on a permission.
 */
export const PERMISSIONS: { name: string; displayName: string; group: string; description: string; restrictions?: string[] }[] = [
  { name: "admin", displayName: "Super admin", group: "admin", description: "Grants every permission." },
  { name: "admin.access", displayName: "Access admin area", group: "admin", description: "Open the admin area." },
  { name: "titles.view", displayName: "View titles", group: "titles", description: "Browse the public catalogue: titles, people and videos." },
  { name: "titles.create", displayName: "Create titles", group: "titles", description: "Add titles, seasons, episodes, people and videos." },
  { name: "titles.update", displayName: "Update titles", group: "titles", description: "Edit titles, seasons, episodes, people, credits and videos." },
  { name: "titles.delete", displayName: "Delete titles", group: "titles", description: "Delete titles, people and videos." },
  { name: "users.view", displayName: "View users", group: "users", description: "List users in the admin area." },
  { name: "users.create", displayName: "Create users", group: "users", description: "Create users from the admin area." },
  { name: "users.update", displayName: "Update users", group: "users", description: "Edit, ban and verify users." },
  { name: "users.delete", displayName: "Delete users", group: "users", description: "Delete users." },
  { name: "roles.update", displayName: "Manage roles", group: "roles", description: "Create and edit roles and their permissions." },
  { name: "settings.update", displayName: "Manage settings", group: "settings", description: "Change the site settings pages (branding, homepage, authentication, uploads, mail, ads, ...)." },
  { name: "appearance.update", displayName: "Edit appearance", group: "settings", description: "Use the appearance editor: themes, fonts, branding, landing page and custom code." },
  { name: "menus.update", displayName: "Manage menus", group: "settings", description: "Create and edit menus and their items." },
  { name: "localizations.update", displayName: "Manage localizations", group: "settings", description: "Add languages and edit, import and export translations." },
  { name: "audit.view", displayName: "View the audit log", group: "admin", description: "See every change made in the admin area." },
  { name: "pages.update", displayName: "Manage custom pages", group: "pages", description: "Create, edit and delete custom pages." },
  { name: "channels.update", displayName: "Manage channels", group: "pages", description: "Create, edit, refresh and delete channels (the home page's rows)." },
  { name: "plans.update", displayName: "Manage plans", group: "billing", description: "Create and edit plans and prices." },
  { name: "subscriptions.view", displayName: "View subscriptions", group: "billing", description: "List subscriptions in the admin area." },
  { name: "api.access", displayName: "Access API", group: "api", description: "Create API tokens and use api/v1 with them." },
  { name: "files.create", displayName: "Upload files", group: "files", description: "Upload files.", restrictions: ["max_size_mb"] },
  { name: "files.view", displayName: "View all files", group: "files", description: "Open files other people uploaded privately." },
  { name: "files.delete", displayName: "Delete all files", group: "files", description: "Delete files other people uploaded." },
  { name: "workspaces.create", displayName: "Create workspaces", group: "workspaces", description: "Create workspaces and invite members.", restrictions: ["count", "member_count"] },
  { name: "workspaces.view", displayName: "View all workspaces", group: "workspaces", description: "See every workspace and its members in the admin area." },
  { name: "workspaces.delete", displayName: "Delete workspaces", group: "workspaces", description: "Delete any workspace from the admin area." },
  { name: "lists.create", displayName: "Create lists", group: "lists", description: "Create lists of titles, alone or in a workspace.", restrictions: ["count"] },
  { name: "notifications.subscribe", displayName: "Notification preferences", group: "notifications", description: "Choose how to be notified." },
  // Decision 023: a member's library.
  { name: "ratings.create", displayName: "Rate titles", group: "library", description: "Rate titles and episodes (1-10)." },
  { name: "watchlist.use", displayName: "Watchlist and history", group: "library", description: "Keep a watchlist, a watched history and series progress, and get suggestions." },
  { name: "reviews.create", displayName: "Write reviews", group: "community", description: "Write, edit and delete one's own reviews, and vote on others'." },
  { name: "comments.create", displayName: "Write comments", group: "community", description: "Comment and reply, and edit and delete one's own comments." },
  { name: "reviews.moderate", displayName: "Moderate reviews", group: "community", description: "Approve, hide and delete reviews, and ban their authors from posting." },
  { name: "comments.moderate", displayName: "Moderate comments", group: "community", description: "Approve, hide and delete comments, and ban their authors from posting." },
  // Decision 027: a member's import may bring a missing title in from TMDB (real data only, rate limited).
  {
    name: "titles.import",
    displayName: "Add titles from TMDB",
    group: "titles",
    description: "Add a missing movie or series to the catalogue from TMDB while importing a library (when TMDB is set up).",
  },
  { name: "notifications.broadcast", displayName: "Send announcements", group: "notifications", description: "Send an announcement to every user or to some roles." },
];

export const ROLES: {
  name: string;
  description: string;
  guest?: boolean;
  default?: boolean;
  permissions: string[];
  /** Restriction values of some of those permissions (quotas); the others are granted without limit. */
  restrictions?: Record<string, { name: string; value: number }[]>;
}[] = [
  { name: "guests", description: "Visitors who are not signed in.", guest: true, permissions: ["titles.view"] },
  {
    name: "users",
    description: "Every registered user.",
    default: true,
    permissions: [
      "titles.view",
      "api.access",
      "files.create",
      "workspaces.create",
      "notifications.subscribe",
      "lists.create",
      "ratings.create",
      "watchlist.use",
      "reviews.create",
      "comments.create",
      "titles.import",
    ],
    // Paid plans raise it (scripts/seed/billing.ts).
    restrictions: { "lists.create": [{ name: "count", value: LISTS_FREE_COUNT }] },
  },
  { name: "admin", description: "Runs the site.", permissions: ["admin", "admin.access"] },
];
