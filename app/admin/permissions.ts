/**
 * The permissions the admin area checks (seeded in scripts/seed/permissions.ts).
 * Every admin screen needs admin.access and its own permission, so a role
 * can be given part of the admin area.
 */
export const ADMIN_ACCESS = "admin.access";

export const ADMIN_PERMISSIONS = {
  titlesCreate: "titles.create",
  titlesUpdate: "titles.update",
  titlesDelete: "titles.delete",
  usersView: "users.view",
  usersCreate: "users.create",
  usersUpdate: "users.update",
  usersDelete: "users.delete",
  rolesUpdate: "roles.update",
  pagesUpdate: "pages.update",
  channelsUpdate: "channels.update",
  plansUpdate: "plans.update",
  subscriptionsView: "subscriptions.view",
  settingsUpdate: "settings.update",
  appearanceUpdate: "appearance.update",
  menusUpdate: "menus.update",
  localizationsUpdate: "localizations.update",
  workspacesView: "workspaces.view",
  workspacesDelete: "workspaces.delete",
  auditView: "audit.view",
  // Reviews and comments (decision 025).
  reviewsModerate: "reviews.moderate",
  commentsModerate: "comments.moderate",
} as const;
