import { describe, expect, it } from "vitest";
import type { Viewer } from "~/request/viewer";
import type { AppContext } from "~/request/context";
import { defaultSettings, type Settings } from "~/settings/definitions";
import type { Theme } from "~/ui/themes";
import { getBootstrapData } from "./api-contract";
import { linesVersion } from "~/i18n/page-lines";
import { createTranslate } from "~/i18n/translate";
import { buildBootstrapData, buildPageBootstrap, PAGE_SETTING_KEYS, SIGNED_IN_SETTING_KEYS } from "./bootstrap.server";

const theme = (id: number, name: string, isDark: boolean, defaults: { light?: boolean; dark?: boolean } = {}): Theme => ({
  id,
  name,
  is_dark: isDark,
  default_light: defaults.light ?? false,
  default_dark: defaults.dark ?? false,
  values: { "--be-background": isDark ? "#000000" : "#ffffff", "--be-foreground": isDark ? "#ffffff" : "#000000" },
});

const THEMES = [theme(1, "Light", false, { light: true }), theme(2, "Dark", true, { dark: true }), theme(3, "Sepia", false), theme(4, "Midnight", true)];

function guestApp(settings: Partial<Settings> = {}, activeTheme: Theme | null = THEMES[0]): AppContext {
  const guest: Viewer = { userId: null, roleIds: [], permissions: new Map([["titles.view", []]]), isSubscribed: false };
  return {
    settings: { ...defaultSettings(), "custom_code.css": "body{}", "contact.email": "secret@example.test", ...settings },
    themes: THEMES,
    activeTheme,
    localizations: [
      { language: "en", name: "English", lines: {} },
      { language: "es", name: "Español", lines: { Login: "Iniciar sesión" } },
    ],
    language: "en",
    timeZone: "UTC",
    lines: {},
    t: (key: string) => key,
    viewer: guest,
    guestViewer: guest,
    user: null,
    session: null,
    flashToast: null,
    appearanceEditor: false,
  } as unknown as AppContext;
}

const request = new Request("http://localhost:8787/titles");

describe("the bootstrap data a page embeds", () => {
  it("carries only the settings the browser's components read, never a server-only one", () => {
    const page = buildPageBootstrap(guestApp(), request);
    const settings = page.settings as Record<string, unknown>;
    const topLevel = new Set(PAGE_SETTING_KEYS.map((key) => key.split(".")[0]));
    expect(new Set(Object.keys(settings))).toEqual(new Set([...topLevel, "base_url", "menus"]));
    expect(page.settings.branding).toEqual({
      site_name: "Reelbase",
      logo_light: "/images/logo-light.svg",
      logo_dark: "/images/logo-dark.svg",
      favicon: "/favicon.svg",
    });
    expect(page.settings.base_url).toBe("http://localhost:8787");
    const json = JSON.stringify(page);
    // The landing page's texts come with the home page's own data; secrets never.
    expect(json).not.toContain("Every film. Every series.");
    expect(json).not.toContain("secret@example.test");
    expect(json).not.toContain("body{}");
    expect(page).not.toHaveProperty("default_meta_tags");
  });

  it("carries the uploader's limits only for signed-in users (every uploader is behind sign-in)", () => {
    expect(buildPageBootstrap(guestApp(), request).settings).not.toHaveProperty("uploads");
    const user = {
      id: 7,
      firstName: "Ada",
      lastName: "Lovelace",
      displayName: "Ada Lovelace",
      customDisplayName: null,
      email: "ada@example.test",
      avatar: null,
      emailVerifiedAt: null,
      language: "en",
      country: null,
      timezone: null,
      unreadNotificationsCount: 0,
      hasPassword: true,
      twoFactorConfirmedAt: null,
      twoFactorPending: false,
      recoveryCodesRemaining: 0,
      roleIds: [2],
      subscriptions: [],
      socialProfiles: [],
      createdAt: new Date("2026-01-01T00:00:00Z"),
    };
    const page = buildPageBootstrap({ ...guestApp(), user } as unknown as AppContext, request);
    expect(Object.keys(page.settings.uploads ?? {}).sort()).toEqual(SIGNED_IN_SETTING_KEYS.map((key) => key.split(".")[1]).sort());
    expect(page.settings.uploads?.max_size).toBe(defaultSettings()["uploads.max_size"]);
    // The page's user: only what the browser's components read (decision 026); the API's bootstrap-data keeps the rest.
    expect(Object.keys(page.user ?? {}).sort()).toEqual([
      "avatar",
      "country",
      "display_name",
      "email",
      "id",
      "language",
      "permissions",
      "profile_url",
      "roles",
      "subscriptions",
      "timezone",
      "unread_notifications_count",
    ]);
    const full = buildBootstrapData({ ...guestApp(), user } as unknown as AppContext, request);
    expect(full.user).toHaveProperty("two_factor_enabled", false);
    expect(full.user).toHaveProperty("has_password", true);
  });

  it("carries the active theme and the one the toggle switches to, with their values", () => {
    const page = buildPageBootstrap(guestApp(), request);
    expect(page.themes.selectedThemeId).toBe(1);
    expect(page.themes.all.map((t) => t.id)).toEqual([1, 2]);
    expect(page.themes.all[1].values["--be-background"]).toBe("#000000");

    const dark = buildPageBootstrap(guestApp({}, THEMES[3]), request);
    expect(dark.themes.all.map((t) => t.id)).toEqual([4, 1]);
  });

  it("carries only the active theme when visitors may not change it", () => {
    const page = buildPageBootstrap(guestApp({ "themes.user_change": false }), request);
    expect(page.themes.all.map((t) => t.id)).toEqual([1]);
  });

  it("sends menus already filtered for the viewer, without their visibility rules", () => {
    const page = buildPageBootstrap(guestApp({ "api.integrated": false }), request);
    const footer = page.settings.menus.find((menu) => menu.positions.includes("footer"))!;
    expect(footer.items.map((item) => item.id)).toEqual(["privacy", "terms", "contact"]);
    for (const menu of page.settings.menus) {
      for (const item of menu.items) expect(Object.keys(item).sort()).toEqual(["action", "id", "label", "target", "type"]);
    }
  });

  it("sends menu labels in the visitor's language, and the full bootstrap data its stored labels", () => {
    const lines: Record<string, string> = { "Contact us": "Contacto", Terms: "Términos" };
    const es = { ...guestApp(), language: "es", lines, t: createTranslate(lines) };
    const footer = buildPageBootstrap(es, request).settings.menus.find((menu) => menu.positions.includes("footer"))!;
    expect(footer.items.map((item) => item.label)).toContain("Contacto");
    expect(footer.items.map((item) => item.label)).not.toContain("Contact us");
    const stored = buildBootstrapData(es, request).settings.menus.find((menu) => menu.positions.includes("footer"))!;
    expect(stored.items.map((item) => item.label)).toContain("Contact us");
  });

  it("keeps the language, its table's version (not its lines) and the languages offered", () => {
    const lines = { Login: "Iniciar sesión" };
    const page = buildPageBootstrap({ ...guestApp(), language: "es", lines }, request);
    expect(page.i18n).toEqual({ language: "es", version: linesVersion(lines), timezone: "UTC" });
    expect(page.i18n.version).toMatch(/^[a-z0-9]+$/);
    expect(JSON.stringify(page)).not.toContain("Iniciar sesión");
    // English, whose keys are its text, has no table to load.
    expect(buildPageBootstrap({ ...guestApp(), language: "en", lines: {} }, request).i18n.version).toBeNull();
    expect(page.localizations).toEqual([
      { language: "en", name: "English" },
      { language: "es", name: "Español" },
    ]);
    expect(page.guest_role.permissions).toEqual([{ name: "titles.view" }]);
  });
});

describe("GET /api/v1/bootstrap-data's object", () => {
  it("keeps its documented shape: every public setting, every theme, default meta tags", () => {
    const data = buildBootstrapData(guestApp(), request);
    expect(getBootstrapData.responses[200]?.schema?.safeParse({ data }).success).toBe(true);
    expect(data.themes.all.map((t) => t.id)).toEqual([1, 2, 3, 4]);
    expect(data.settings.homepage.appearance.headerTitle).toBe("Every film. Every series. Every face behind them.");
    expect(data.settings.asset_url).toBe("http://localhost:8787");
    expect(data.default_meta_tags).toContainEqual({ property: "og:site_name", content: "Reelbase" });
    expect(JSON.stringify(data)).not.toContain("secret@example.test");
    const footer = data.settings.menus.find((menu) => menu.positions.includes("footer"))!;
    expect(footer.items[0]).toHaveProperty("permissions");
  });

  it("carries the language's whole table", () => {
    const data = buildBootstrapData({ ...guestApp(), language: "es", lines: { Login: "Iniciar sesión" } }, request);
    expect(data.i18n.lines).toEqual({ Login: "Iniciar sesión" });
    expect(getBootstrapData.responses[200]?.schema?.safeParse({ data }).success).toBe(true);
  });
});
