import { describe, expect, it } from "vitest";
import { isMenuItemVisible, menuAt, type Menu, type MenuItem, type MenuViewer } from "./menu";

const item = (overrides: Partial<MenuItem> = {}): MenuItem => ({
  id: "x",
  label: "X",
  action: "/x",
  type: "route",
  target: "_self",
  roles: [],
  permissions: [],
  settings: [],
  ...overrides,
});

const viewer = (overrides: Partial<MenuViewer> = {}): MenuViewer => ({
  roleIds: [2],
  hasPermission: (name) => name === "titles.view",
  isSubscribed: false,
  setting: (key) => ({ "billing.enable": true, "api.integrated": false })[key],
  ...overrides,
});

describe("menu item visibility", () => {
  it("needs every role, permission and setting condition", () => {
    expect(isMenuItemVisible(item({ roles: [2] }), viewer())).toBe(true);
    expect(isMenuItemVisible(item({ roles: [2, 3] }), viewer())).toBe(false);
    expect(isMenuItemVisible(item({ permissions: ["titles.view", "admin.access"] }), viewer())).toBe(false);
    expect(isMenuItemVisible(item({ settings: ["billing.enable"] }), viewer())).toBe(true);
    expect(isMenuItemVisible(item({ settings: ["billing.enable", "api.integrated"] }), viewer())).toBe(false);
  });

  it("needs an action", () => {
    expect(isMenuItemVisible(item({ action: "" }), viewer())).toBe(false);
  });

  it("matches the subscription status", () => {
    expect(isMenuItemVisible(item({ subscriptionStatus: "unsubscribed" }), viewer())).toBe(true);
    expect(isMenuItemVisible(item({ subscriptionStatus: "subscribed" }), viewer())).toBe(false);
    expect(isMenuItemVisible(item({ subscriptionStatus: "subscribed" }), viewer({ isSubscribed: true }))).toBe(true);
  });

  it("returns the first menu at a position with only visible items", () => {
    const menus: Menu[] = [
      { id: "a", name: "A", positions: ["footer"], items: [item({ id: "1" }), item({ id: "2", permissions: ["admin"] })] },
      { id: "b", name: "B", positions: ["footer"], items: [item({ id: "3" })] },
    ];
    expect(menuAt(menus, "footer", viewer())?.items.map((i) => i.id)).toEqual(["1"]);
    expect(menuAt(menus, "auth-dropdown", viewer())).toBeNull();
  });
});
