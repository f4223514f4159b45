import { z } from "zod";

/** Where a menu can be placed. */
export const MENU_POSITIONS = ["custom-page-navbar", "landing-page-navbar", "auth-page-footer", "footer", "footer-secondary", "auth-dropdown"] as const;
export type MenuPosition = (typeof MENU_POSITIONS)[number];

export const menuItemSchema = z.object({
  id: z.string().min(1).max(64),
  label: z.string().min(1).max(120),
  /** A path inside the site (type "route") or an absolute URL (type "link"). */
  action: z.string().max(2000),
  type: z.enum(["link", "route"]),
  target: z.enum(["_self", "_blank"]).default("_self"),
  icon: z.string().max(64).optional(),
  /** Role ids the user must all have. */
  roles: z.array(z.number().int()).default([]),
  /** Permission names the user must all have. */
  permissions: z.array(z.string()).default([]),
  /** Dotted setting keys that must all be truthy. */
  settings: z.array(z.string()).default([]),
  subscriptionStatus: z.enum(["subscribed", "unsubscribed"]).optional(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(120),
  positions: z.array(z.enum(MENU_POSITIONS)),
  items: z.array(menuItemSchema),
});
export type Menu = z.infer<typeof menuSchema>;

/** A menu as pages render it: its items' visibility rules stay on the server, which applied them. */
export type RenderedMenuItem = Pick<MenuItem, "id" | "label" | "action" | "type" | "target" | "icon">;
export type RenderedMenu = Pick<Menu, "id" | "positions"> & { items: RenderedMenuItem[] };

/** What menu-item visibility is decided against; the server fills it per request. */
export interface MenuViewer {
  roleIds: readonly number[];
  hasPermission: (name: string) => boolean;
  isSubscribed: boolean;
  setting: (key: string) => unknown;
}

/**
 * A menu item is shown only when the viewer has all its roles, all its
 * permissions, every settings condition holds, it has an action, and its
 * subscription status matches.
 */
export function isMenuItemVisible(item: MenuItem, viewer: MenuViewer): boolean {
  if (!item.action) return false;
  if (!item.roles.every((id) => viewer.roleIds.includes(id))) return false;
  if (!item.permissions.every((name) => viewer.hasPermission(name))) return false;
  if (!item.settings.every((key) => Boolean(viewer.setting(key)))) return false;
  if (item.subscriptionStatus === "subscribed" && !viewer.isSubscribed) return false;
  if (item.subscriptionStatus === "unsubscribed" && viewer.isSubscribed) return false;
  return true;
}

/** The visible items of the first menu placed at `position`, or null when none is. */
export function menuAt(menus: readonly Menu[], position: MenuPosition, viewer: MenuViewer) {
  const menu = menus.find((m) => m.positions.includes(position));
  if (!menu) return null;
  return { ...menu, items: menu.items.filter((item) => isMenuItemVisible(item, viewer)) };
}
