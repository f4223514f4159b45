import type { AuthUser } from "~/auth/auth-user";
import { hasPermission, type Viewer } from "~/auth/viewer";
import { menuAt, MENU_POSITIONS, type Menu } from "~/menus/menu";
import { profilePath } from "~/profiles/public-profile";
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
    user: app.user ? bootstrapUser(app.user, viewer) : null,
    guest_role: { permissions: [...app.guestViewer.permissions.keys()].map((name) => ({ name })) },
    i18n: {
      language: app.language,
      lines: app.lines,
      // The zone this page's dates are rendered in (the browser corrects "auto" to its own).
      timezone: app.timeZone,
    },
    localizations: app.localizations.map((l) => ({ language: l.language, name: l.name })),
    themes: { all: app.themes, selectedThemeId: app.activeTheme?.id ?? null },
    default_meta_tags: defaultMetaTags(settings),
  };
}

export type BootstrapData = ReturnType<typeof buildBootstrapData>;

/**
 * The signed-in user as the browser sees it (spec section 3). Never a
 * secret: no password hash, no two-factor secret, and recovery codes only as
 * a count (they are stored hashed and shown once, when issued).
 * Billing adds subscriptions and the API-token feature adds tokens.
 */
export interface BootstrapUser {
  id: number;
  first_name: string | null;
  last_name: string | null;
  display_name: string;
  /** The public profile link (/user/{id}/{slug}); its slug follows the display name. */
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
    profile_url: profilePath({ id: user.id, firstName: user.firstName, lastName: user.lastName, displayName: user.customDisplayName }),
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

function defaultMetaTags(settings: Settings) {
  return [
    { property: "og:site_name", content: settings["branding.site_name"] },
    { name: "description", content: settings["branding.site_description"] },
    { property: "og:type", content: "website" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
