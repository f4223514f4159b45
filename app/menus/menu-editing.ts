import { z } from "zod";
import { MENU_POSITIONS, type Menu, type MenuItem } from "./menu";

/**
 * Changes to the site's menus (the `menus` setting) as the admin area makes
 * them: pure functions from the current list to the next, saved with
 * saveSettings, which validates the whole list against menuSchema.
 */

export const menuFormSchema = z.object({
  name: z.string().trim().min(1).max(120),
  positions: z.array(z.enum(MENU_POSITIONS)).default([]),
});

const ACTION = /^(\/(?![/\\])\S*|https?:\/\/\S+|mailto:\S+)$/;

export const menuItemFormSchema = z
  .object({
    label: z.string().trim().min(1).max(120),
    action: z.string().trim().min(1).max(2000),
    type: z.enum(["route", "link"]),
    target: z.enum(["_self", "_blank"]).default("_self"),
    icon: z.string().trim().max(64).optional(),
    roles: z.array(z.number().int().positive()).max(50).default([]),
    permissions: z.array(z.string().max(100)).max(50).default([]),
    /** Dotted setting keys, one per line or comma separated. */
    settings: z.string().max(2000).optional(),
    subscriptionStatus: z.enum(["subscribed", "unsubscribed"]).optional(),
  })
  .superRefine((item, ctx) => {
    if (!ACTION.test(item.action)) ctx.addIssue({ code: "custom", message: "Use a path on this site (/…) or an http(s):// address.", path: ["action"] });
    else if (item.type === "route" && !item.action.startsWith("/")) ctx.addIssue({ code: "custom", message: "A page of this site starts with /.", path: ["action"] });
  });
export type MenuItemForm = z.output<typeof menuItemFormSchema>;

function newId(label: string, taken: Set<string>) {
  const base =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "item";
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

export function itemFromForm(form: MenuItemForm, id: string): MenuItem {
  return {
    id,
    label: form.label,
    action: form.action,
    type: form.type,
    target: form.target,
    icon: form.icon || undefined,
    roles: form.roles,
    permissions: form.permissions,
    settings: (form.settings ?? "")
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean),
    subscriptionStatus: form.subscriptionStatus,
  };
}

export function addMenu(menus: Menu[], form: z.output<typeof menuFormSchema>): { menus: Menu[]; id: string } {
  const id = newId(form.name, new Set(menus.map((m) => m.id)));
  return { menus: [...menus, { id, name: form.name, positions: form.positions, items: [] }], id };
}

export function updateMenu(menus: Menu[], menuId: string, form: z.output<typeof menuFormSchema>): Menu[] {
  return menus.map((m) => (m.id === menuId ? { ...m, name: form.name, positions: form.positions } : m));
}

export function removeMenu(menus: Menu[], menuId: string): Menu[] {
  return menus.filter((m) => m.id !== menuId);
}

export function addItem(menus: Menu[], menuId: string, form: MenuItemForm): Menu[] {
  return menus.map((m) => (m.id === menuId ? { ...m, items: [...m.items, itemFromForm(form, newId(form.label, new Set(m.items.map((i) => i.id))))] } : m));
}

export function updateItem(menus: Menu[], menuId: string, itemId: string, form: MenuItemForm): Menu[] {
  return menus.map((m) => (m.id === menuId ? { ...m, items: m.items.map((i) => (i.id === itemId ? itemFromForm(form, itemId) : i)) } : m));
}

export function removeItem(menus: Menu[], menuId: string, itemId: string): Menu[] {
  return menus.map((m) => (m.id === menuId ? { ...m, items: m.items.filter((i) => i.id !== itemId) } : m));
}

export function moveItem(menus: Menu[], menuId: string, itemId: string, direction: "up" | "down"): Menu[] {
  return menus.map((m) => {
    if (m.id !== menuId) return m;
    const items = [...m.items];
    const index = items.findIndex((i) => i.id === itemId);
    const other = direction === "up" ? index - 1 : index + 1;
    if (index < 0 || other < 0 || other >= items.length) return m;
    [items[index], items[other]] = [items[other], items[index]];
    return { ...m, items };
  });
}
