import { ADMIN_PERMISSIONS as P } from "./permissions";

/**
 * The admin side navigation: each link with the permission its screen
 * needs, so a viewer sees only what they may open. Labels are English
 * source strings (translated where rendered).
 */
export interface AdminNavItem {
  label: string;
  to: string;
  /** Needed besides admin.access; any one of them shows the link. */
  anyOf?: string[];
  /** Matches the current path exactly (the dashboard), not as a prefix. */
  end?: boolean;
}

export interface AdminNavSection {
  label: string;
  items: AdminNavItem[];
}

export const ADMIN_NAVIGATION: AdminNavSection[] = [
  { label: "Overview", items: [{ label: "Dashboard", to: "/admin", end: true }] },
  {
    label: "Catalogue",
    items: [
      { label: "Titles", to: "/admin/titles", anyOf: [P.titlesUpdate, P.titlesCreate, P.titlesDelete] },
      { label: "People", to: "/admin/people", anyOf: [P.titlesUpdate, P.titlesCreate, P.titlesDelete] },
      { label: "Videos", to: "/admin/videos", anyOf: [P.titlesUpdate, P.titlesDelete] },
      { label: "Genres", to: "/admin/genres", anyOf: [P.titlesUpdate] },
      { label: "Import from TMDB", to: "/admin/tmdb", anyOf: [P.titlesCreate] },
    ],
  },
  {
    label: "Accounts",
    items: [
      { label: "Users", to: "/admin/users", anyOf: [P.usersView, P.usersUpdate] },
      { label: "Roles", to: "/admin/roles", anyOf: [P.rolesUpdate] },
      { label: "Workspaces", to: "/admin/workspaces", anyOf: [P.workspacesView] },
      { label: "Announcements", to: "/admin/announcements", anyOf: ["notifications.broadcast"] },
    ],
  },
  {
    label: "Content",
    items: [
      { label: "Custom pages", to: "/admin/pages", anyOf: [P.pagesUpdate] },
      { label: "Channels", to: "/admin/channels", anyOf: [P.channelsUpdate] },
      { label: "Menus", to: "/admin/menus", anyOf: [P.menusUpdate] },
      { label: "Appearance", to: "/admin/appearance", anyOf: [P.appearanceUpdate] },
      { label: "Localizations", to: "/admin/localizations", anyOf: [P.localizationsUpdate] },
      { label: "Moderation", to: "/admin/moderation", anyOf: [P.reviewsModerate, P.commentsModerate] },
    ],
  },
  {
    label: "Billing",
    items: [
      { label: "Plans", to: "/admin/plans", anyOf: [P.plansUpdate] },
      { label: "Subscriptions", to: "/admin/subscriptions", anyOf: [P.subscriptionsView] },
    ],
  },
  {
    label: "System",
    items: [
      { label: "Settings", to: "/admin/settings/general", anyOf: [P.settingsUpdate] },
      { label: "Audit log", to: "/admin/audit-log", anyOf: [P.auditView] },
      { label: "Mail deliveries", to: "/admin/mail-deliveries", anyOf: [P.settingsUpdate] },
    ],
  },
];

/** The sections and links a viewer may see (sections without links are left out). */
export function visibleNavigation(can: (permission: string) => boolean): AdminNavSection[] {
  return ADMIN_NAVIGATION.map((section) => ({
    ...section,
    items: section.items.filter((item) => !item.anyOf || item.anyOf.some(can)),
  })).filter((section) => section.items.length > 0);
}
