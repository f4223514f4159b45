import { hasPermission } from "~/auth/viewer";
import { menuAt, MENU_POSITIONS, type Menu } from "~/menus/menu";
import type { AppContext } from "~/request/context";
import type { Settings } from "~/settings/definitions";
import { publicSettings } from "~/settings/settings.server";

/**
 * Everything the browser needs to render any page, assembled on the server:
 * browser-safe settings, the user, translations, themes, default meta tags and
 * the menus already filtered for this viewer. Embedded in every page through
 * the root loader and served as JSON at GET /api/v1/bootstrap-data.
 */
export function buildBootstrapData(app: AppContext, request: Request) {
  const origin = new URL(request.url).origin;
  const { settings, viewer } = app;
  const viewerForMenus = {
    roleIds: viewer.roleIds,
    hasPermission: (name: string) => hasPermission(viewer, name),
    isSubscribed: viewer.isSubscribed,
    setting: (key: string) => (settings as Record<string, unknown>)[key],
  };
  const menus: Menu[] = [];
  for (const position of MENU_POSITIONS) {
    const menu = menuAt(settings.menus, position, viewerForMenus);
    if (menu && !menus.some((m) => m.id === menu.id)) menus.push(menu);
  }
  return {
    settings: {
      ...publicSettings(settings),
      base_url: origin,
      asset_url: origin,
      menus,
    },
    user: null as BootstrapUser | null,
    guest_role: { permissions: [...viewer.permissions.keys()].map((name) => ({ name })) },
    i18n: { language: app.language, lines: app.lines },
    localizations: app.localizations.map((l) => ({ language: l.language, name: l.name })),
    themes: { all: app.themes, selectedThemeId: app.activeTheme?.id ?? null },
    default_meta_tags: defaultMetaTags(settings),
  };
}

export type BootstrapData = ReturnType<typeof buildBootstrapData>;

/** The signed-in user as the browser sees it (filled in once accounts exist). */
export interface BootstrapUser {
  id: number;
  display_name: string;
  email: string;
  avatar: string | null;
}

function defaultMetaTags(settings: Settings) {
  return [
    { property: "og:site_name", content: settings["branding.site_name"] },
    { name: "description", content: settings["branding.site_description"] },
    { property: "og:type", content: "website" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
