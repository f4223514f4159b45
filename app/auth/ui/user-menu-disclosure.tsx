import { Form } from "react-router";
import { useBootstrap } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { oppositeTheme } from "~/ui/themes";

function initialsOf(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? parts[parts.length - 1][0] : "")).toUpperCase() || "?";
}

export function Avatar({ name, src }: { name: string; src: string | null }) {
  if (src) return <img src={src} alt="" className="size-8 rounded-full object-cover" />;
  return (
    <span aria-hidden="true" className="grid size-8 place-items-center rounded-full bg-primary text-xs font-semibold text-on-primary">
      {initialsOf(name)}
    </span>
  );
}

/** What the user menu offers, for both renderings. */
export function useUserMenuModel() {
  const bootstrap = useBootstrap();
  const t = useTrans();
  const user = bootstrap.user;
  if (!user) return null;
  const settings = bootstrap.settings;
  const themes = bootstrap.themes.all;
  const current = themes.find((th) => th.id === bootstrap.themes.selectedThemeId) ?? null;
  const themeTarget = settings.themes.user_change ? oppositeTheme(themes, current) : null;
  const subscribed = user.subscriptions.some((s) => s.valid);
  const profileHref = user.profile_url;
  const items: { id: string; label: string; href: string; mobileOnly?: boolean }[] = [
    { id: "profile", label: t("Profile page"), href: profileHref },
    // What the people I follow did (decision 033).
    { id: "feed", label: t("Feed"), href: "/feed" },
    // A member's library (decision 023).
    ...(user.permissions.some((p) => p.name === "admin" || p.name === "watchlist.use")
      ? [
          { id: "watchlist", label: t("Watchlist"), href: "/watchlist" },
          { id: "history", label: t("Watch history"), href: "/history" },
          // Diary and calendar (decision 034).
          { id: "diary", label: t("Diary"), href: `${profileHref}/diary` },
          { id: "calendar", label: t("Calendar"), href: "/calendar" },
          { id: "for-you", label: t("For you"), href: "/for-you" },
        ]
      : []),
    { id: "account", label: t("Account settings"), href: "/account-settings" },
    // The navbar's switcher shows only with a second workspace (decision 030); creating one starts here.
    { id: "workspaces", label: t("Workspaces"), href: "/workspaces" },
    ...(settings.notif?.integrated ? [{ id: "notifications", label: t("Notifications"), href: "/notifications", mobileOnly: true }] : []),
    ...(settings.billing.enable && subscribed ? [{ id: "billing", label: t("Billing"), href: "/billing" }] : []),
    // The admin area, for everyone who may open it.
    ...(user.permissions.some((p) => p.name === "admin" || p.name === "admin.access") ? [{ id: "admin", label: t("Admin area"), href: "/admin" }] : []),
  ];
  return { user, items, themeTarget, t };
}

export function UserMenuTrigger({ name, avatar }: { name: string; avatar: string | null }) {
  return (
    <>
      <Avatar name={name} src={avatar} />
      {/* The member's name is the button's name (decision 031): read on every width, shown from lg up. */}
      <span className="sr-only text-sm font-medium lg:not-sr-only lg:inline lg:max-w-40 lg:truncate">{name}</span>
    </>
  );
}

/**
 * The user menu without JavaScript (and until the accessible menu has
 * loaded): a disclosure of links and two small forms, logout being a POST.
 */
export function UserMenuDisclosure() {
  const model = useUserMenuModel();
  if (!model) return null;
  const { user, items, themeTarget, t } = model;
  return (
    <details className="relative" data-testid="user-menu">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full p-1 pr-2 hover:bg-paper [&::-webkit-details-marker]:hidden">
        <UserMenuTrigger name={user.display_name} avatar={user.avatar} />
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-56 rounded-theme border border-divider bg-elevated p-1 shadow-xl">
        <ul>
          {items.map((item) => (
            <li key={item.id} className={item.mobileOnly ? "md:hidden" : undefined}>
              <a href={item.href} className="block rounded-md px-3 py-2 text-sm hover:bg-paper">
                {item.label}
              </a>
            </li>
          ))}
        </ul>
        {themeTarget ? (
          <form method="post" action="/resources/theme">
            <input type="hidden" name="themeId" value={themeTarget.id} />
            <input type="hidden" name="redirectTo" value="/" />
            <button type="submit" className="block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-paper">
              {themeTarget.is_dark ? t("Dark mode") : t("Light mode")}
            </button>
          </form>
        ) : null}
        <Form method="post" action="/auth/logout">
          <button type="submit" className="block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-paper" data-testid="logout">
            {t("Sign out")}
          </button>
        </Form>
      </div>
    </details>
  );
}
