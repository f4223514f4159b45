import { describe, expect, it } from "vitest";
import { isActivePath } from "./admin-nav-link";

describe("isActivePath (the admin navigation's NavLink rule)", () => {
  it("matches the page itself, ignoring case and a trailing slash", () => {
    expect(isActivePath("/admin/users", "/admin/users", false)).toBe(true);
    expect(isActivePath("/admin/Users/", "/admin/users", true)).toBe(true);
  });

  it("matches the pages below it unless end is set", () => {
    expect(isActivePath("/admin/users/12", "/admin/users", false)).toBe(true);
    expect(isActivePath("/admin/users/12", "/admin", true)).toBe(false);
    expect(isActivePath("/admin", "/admin", true)).toBe(true);
  });

  it("does not match a sibling that only shares a prefix", () => {
    expect(isActivePath("/admin/users-export", "/admin/users", false)).toBe(false);
    expect(isActivePath("/admin/settings/branding", "/admin/settings/billing", false)).toBe(false);
  });
});
