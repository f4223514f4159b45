import type { AuthUser } from "~/request/auth-user";
import { hasPermission, type Viewer } from "~/request/viewer";
import { linesVersion } from "~/i18n/page-lines";
import type { Translate } from "~/i18n/translate";
import { menuAt, MENU_POSITIONS, type Menu, type RenderedMenu } from "~/menus/menu";
import { profilePath } from "~/profiles/public-profile";
import type { AppContext } from "~/request/context";
import type { PublicSettingKey, Settings } from "~/settings/definitions";
import { nestedSettings, publicSettings } from "~/settings/settings.server";
import { oppositeTheme, type Theme } from "~/ui/themes";

/**
 * Everything the browser needs to render any page, assembled on the server:
 * browser-safe settings, the user, translations, themes, default meta tags and
 * the menus already filtered for this viewer. Served as JSON at
 * GET /api/v1/bootstrap-data (its documented shape: api-contract.ts); every
 * page embeds the slimmer `buildPageBootstrap`.
 */
export function buildBootstrapData(app: AppContext, request: Request) {
  const origin = new URL(request.url).origin;
  const { settings } = app;
  return {
    settings: {
      ...publicSettings(settings),
      base_url: origin,
      asset_url: origin,
      menus: visibleMenus(app),
    },
    user: userOf(app),
    guest_role: guestRole(app),
    i18n: i18nOf(app),
    localizations: localizationsOf(app),
    themes: { all: app.themes, selectedThemeId: app.activeTheme?.id ?? null },
    default_meta_tags: defaultMetaTags(settings),
  };
}

/**
 * The settings the browser's components read (shell, auth screens, user
 * menu, notifications, uploader). The page embed carries only these: every
 * byte of the root loader's data is inline JavaScript on every page (the JavaScript
 * budget, decision 006). A component that needs another browser-safe
 * setting adds its key here; the type then offers it.
 */
export const PAGE_SETTING_KEYS = [
  "branding.site_name",
  "branding.logo_light",
  "branding.logo_dark",
  "branding.favicon",
  "registration.disable",
  "social.compact_buttons",
  "billing.enable",
  "notif.integrated",
  "notif.subs.integrated",
  "i18n.enable",
  "themes.user_change",
  "cookie_notice.enable",
  "cookie_notice.position",
  "cookie_notice.button",
  // Which rating a title card shows (decision 029).
  "ratings.site_min_votes",
] as const satisfies readonly PublicSettingKey[];

/**
 * Settings only signed-in users' pages read: the uploader's limits (every
 * screen with an uploader is behind sign-in). A guest's pages go without
 * them, as without any setting their code does not read.
 */
export const SIGNED_IN_SETTING_KEYS = [
  "uploads.max_size",
  "uploads.allowed_extensions",
  "uploads.blocked_extensions",
  "uploads.chunk",
  "uploads.chunk_size",
  "uploads.direct_upload",
] as const satisfies readonly PublicSettingKey[];

/**
 * What every page embeds through the root loader: the bootstrap data cut to
 * what the page's browser code reads. Settings only the PAGE_SETTING_KEYS
 * (and SIGNED_IN_SETTING_KEYS for signed-in users);
 * menus without their items' visibility rules (already applied), labels translated; themes only
 * the active one and the one the light/dark toggle switches to (the
 * appearance editor's preview asks GET /api/v1/bootstrap-data for the rest);
 * no default meta tags (no component reads them: each page's meta export
 * renders its own tags); no translation lines, only the table's version
 * (pageI18nOf).
 */
export function buildPageBootstrap(app: AppContext, request: Request) {
  const { settings, activeTheme } = app;
  const toggleTarget = settings["themes.user_change"] ? oppositeTheme(app.themes, activeTheme) : null;
  return {
    settings: {
      ...nestedSettings(settings, PAGE_SETTING_KEYS),
      ...(app.user ? nestedSettings(settings, SIGNED_IN_SETTING_KEYS) : {}),
      base_url: new URL(request.url).origin,
      menus: visibleMenus(app).map((menu) => renderedMenu(menu, app.t)),
    },
    user: app.user ? pageBootstrapUser(app.user, app.viewer) : null,
    guest_role: guestRole(app),
    i18n: pageI18nOf(app),
    localizations: localizationsOf(app),
    themes: {
      all: [activeTheme, toggleTarget].filter((theme): theme is Theme => theme !== null && theme !== undefined),
      selectedThemeId: activeTheme?.id ?? null,
    },
  };
}

/** The menus at every position, already filtered for this viewer. */
function visibleMenus(app: AppContext): Menu[] {
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
  return menus;
}

/**
 * Only what the menu links render: the server has already applied the
 * visibility rules, and the labels are in the visitor's language (the page
 * carries each label once, not the English text plus its translated line).
 */
function renderedMenu(menu: Menu, t: Translate): RenderedMenu {
  return {
    id: menu.id,
    positions: menu.positions,
    items: menu.items.map(({ id, label, action, type, target, icon }) => {
      const item = { id, label: t(label), action, type, target };
      return icon ? { ...item, icon } : item;
    }),
  };
}

function userOf(app: AppContext) {
  return app.user ? bootstrapUser(app.user, app.viewer) : null;
}

function guestRole(app: AppContext) {
  return { permissions: [...app.guestViewer.permissions.keys()].map((name) => ({ name })) };
}

function i18nOf(app: AppContext) {
  return {
    language: app.language,
    lines: app.lines,
    // The zone this page's dates are rendered in (the browser corrects "auto" to its own).
    timezone: app.timeZone,
  };
}

/**
 * A page carries no lines: the server writes the ones it rendered into the
 * document, and the browser loads the whole table by its version when idle
 * (app/i18n/page-lines.tsx, decision 006).
 */
function pageI18nOf(app: AppContext) {
  return { language: app.language, version: linesVersion(app.lines), timezone: app.timeZone };
}

function localizationsOf(app: AppContext) {
  return app.localizations.map((l) => ({ language: l.language, name: l.name }));
}

/**
 * The signed-in user as the browser sees it. Never a
 * secret: no password hash, no two-factor secret, and recovery codes only as
 * a count (they are stored hashed and shown once, when issued).
 * Billing adds subscriptions and the API-token feature adds tokens.
 */
export interface BootstrapUser {
  id: number;
  first_name: string | null;
  last_name: string | null;
  display_name: string;
  /** The public handle (decision 043). */
  username: string | null;
  /** The public profile link (/user/{id}/{username}). */
  profile_url: string;
  email: string;
  avatar: string | null;
  email_verified_at: string | null;
  language: string | null;
  country: string | null;
  timezone: string | null;
  unread_notifications_count: number;
  has_password: boolean;
  two_factor_enabled: boolean;
  two_factor_pending: boolean;
  two_factor_confirmed_at: string | null;
  two_factor_recovery_codes_remaining: number;
  roles: { id: number }[];
  subscriptions: { id: number; valid: boolean }[];
  social_profiles: { service_name: string; username: string | null }[];
  permissions: { name: string; restrictions: { name: string; value: number }[] }[];
  created_at: string;
}

export function bootstrapUser(user: AuthUser, viewer: Viewer): BootstrapUser {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    display_name: user.displayName,
    username: user.username,
    profile_url: profilePath({ id: user.id, firstName: user.firstName, lastName: user.lastName, displayName: user.customDisplayName, username: user.username }),
    email: user.email,
    avatar: user.avatar,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    language: user.language,
    country: user.country,
    timezone: user.timezone,
    unread_notifications_count: user.unreadNotificationsCount,
    has_password: user.hasPassword,
    two_factor_enabled: Boolean(user.twoFactorConfirmedAt),
    two_factor_pending: user.twoFactorPending && !user.twoFactorConfirmedAt,
    two_factor_confirmed_at: user.twoFactorConfirmedAt?.toISOString() ?? null,
    two_factor_recovery_codes_remaining: user.twoFactorConfirmedAt ? user.recoveryCodesRemaining : 0,
    roles: user.roleIds.map((id) => ({ id })),
    subscriptions: user.subscriptions,
    social_profiles: user.socialProfiles.map((p) => ({ service_name: p.serviceName, username: p.username })),
    permissions: [...viewer.permissions].map(([name, restrictions]) => ({ name, restrictions: [...restrictions] })),
    created_at: user.createdAt.toISOString(),
  };
}

/**
 * The signed-in user as every page embeds it (decision 026): only what the
 * browser's components read (the user menu, the notification bell, the
 * avatar uploader, the appearance editor's preview, time zone and language
 * defaults), and permissions by name only. The account pages load their own
 * details; the API's bootstrap-data keeps the documented full shape
 * (`bootstrapUser`). A component that needs another field adds it here; the
 * type then offers it.
 */
export function pageBootstrapUser(user: AuthUser, viewer: Viewer) {
  return {
    id: user.id,
    display_name: user.displayName,
    profile_url: profilePath({ id: user.id, firstName: user.firstName, lastName: user.lastName, displayName: user.customDisplayName, username: user.username }),
    email: user.email,
    avatar: user.avatar,
    language: user.language,
    country: user.country,
    timezone: user.timezone,
    unread_notifications_count: user.unreadNotificationsCount,
    roles: user.roleIds.map((id) => ({ id })),
    subscriptions: user.subscriptions,
    permissions: [...viewer.permissions.keys()].map((name) => ({ name })),
  };
}

function defaultMetaTags(settings: Settings) {
  return [
    { property: "og:site_name", content: settings["branding.site_name"] },
    { name: "description", content: settings["branding.site_description"] },
    { property: "og:type", content: "website" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
