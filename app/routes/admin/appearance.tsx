import { data, Link } from "react-router";
import type { Route } from "./+types/appearance";
import { requireAdmin } from "~/admin/access.server";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { APPEARANCE_SETTING_KEYS, appearanceSaveSchema, saveAppearance } from "~/appearance/appearance-save.server";
import { AppearanceEditor } from "~/appearance/editor/appearance-editor";
import { useTrans } from "~/i18n/translation-context";
import { rolesAndPermissions } from "~/auth/user-admin.server";
import { listChannelChoices } from "~/channels/channel-admin.server";
import { buttonClasses } from "~/ui/button-styles";
import { useHydrated } from "~/ui/use-hydrated";
import { siteTitle } from "~/seo/seo";

/**
 * /admin/appearance: the appearance editor (spec sections 1 and 4). A panel
 * of sections beside the site in a frame (?appearanceEditor=true); edits
 * are previewed there live through postMessage and saved together here.
 */
export const handle = { adminChrome: false };

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Appearance") }];

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.appearanceUpdate);
  const { settings, themes } = admin.app;
  const [{ roles, permissions }, channels] = await Promise.all([rolesAndPermissions(admin.app.db), listChannelChoices(admin.app.db)]);
  return {
    settings: Object.fromEntries(APPEARANCE_SETTING_KEYS.map((key) => [key, settings[key]])) as { [K in (typeof APPEARANCE_SETTING_KEYS)[number]]: (typeof settings)[K] },
    allowScripts: settings["custom_code.allow_scripts"],
    themes: themes.map((theme) => ({ id: theme.id, name: theme.name, values: theme.values, isDark: theme.is_dark, defaultLight: theme.default_light, defaultDark: theme.default_dark })),
    roles: roles.map((r) => ({ id: r.id, name: r.name })),
    permissions: permissions.map((p) => p.name),
    canEditMenus: admin.can(P.menusUpdate),
    canEditSettings: admin.can(P.settingsUpdate),
    channels: channels.map((c) => ({ name: c.name, slug: c.slug })),
  };
}

/** Saves the editor's changes: a JSON body of settings and themes (see appearance-save.server.ts). */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.appearanceUpdate);
  const t = admin.app.t;
  const body = await args.request.json().catch(() => null);
  const parsed = appearanceSaveSchema.safeParse(body);
  if (!parsed.success) return data({ ok: false as const, message: t("The changes could not be read. Reload the editor and try again."), errors: {} as Record<string, string[]> }, { status: 400 });
  // Menus have their own permission; the editor only sends them to those who have it.
  if ("menus" in parsed.data.settings && !admin.can(P.menusUpdate)) {
    return data({ ok: false as const, message: t("You do not have permission to do that."), errors: {} as Record<string, string[]> }, { status: 403 });
  }
  const result = await saveAppearance(admin.app.db, parsed.data, t, {
    settings: admin.record("appearance.update", "setting"),
    themes: admin.record("themes.update", "theme"),
  });
  if (!result.ok) return data({ ok: false as const, message: t("Some values are not valid. Nothing was saved."), errors: result.errors }, { status: 422 });
  return data({ ok: true as const, message: t("Appearance saved"), errors: {} as Record<string, string[]> });
}

export default function AppearancePage({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <main className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-16" data-testid="appearance-no-js">
        <h1 className="text-2xl font-semibold">{t("Appearance")}</h1>
        <p className="text-muted">{t("The appearance editor previews changes live and needs JavaScript. Without it, the same things can be changed here:")}</p>
        <ul className="flex flex-col gap-2">
          <li>
            <Link to="/admin/settings/general" className="text-primary hover:underline">
              {t("General and branding")}
            </Link>
          </li>
          <li>
            <Link to="/admin/settings/homepage" className="text-primary hover:underline">
              {t("Homepage and landing page")}
            </Link>
          </li>
          <li>
            <Link to="/admin/menus" className="text-primary hover:underline">
              {t("Menus")}
            </Link>
          </li>
          <li>
            <Link to="/admin/settings/custom-code" className="text-primary hover:underline">
              {t("Custom code")}
            </Link>
          </li>
        </ul>
        <p>
          <Link to="/admin" className={buttonClasses({ variant: "outlined", color: "neutral" })}>
            {t("Back to the admin area")}
          </Link>
        </p>
      </main>
    );
  }
  return <AppearanceEditor data={loaderData} />;
}
