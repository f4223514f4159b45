import { Form, useFetcher } from "react-router";
import { useBootstrap, useTrans } from "~/bootstrap/use-bootstrap";
import { oppositeTheme } from "~/themes/themes";
import { Button } from "~/ui/button";
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from "~/ui/menu";
import { useHydrated } from "~/ui/use-hydrated";

function initialsOf(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? parts[parts.length - 1][0] : "")).toUpperCase() || "?";
}

function Avatar({ name, src }: { name: string; src: string | null }) {
  if (src) return <img src={src} alt="" className="size-8 rounded-full object-cover" />;
  return (
    <span aria-hidden="true" className="grid size-8 place-items-center rounded-full bg-primary text-xs font-semibold text-on-primary">
      {initialsOf(name)}
    </span>
  );
}

/**
 * The signed-in user's menu (spec section 2): profile, notifications (on
 * mobile, when integrated), billing (subscribed users), dark/light mode and
 * log out, which is a POST. Without JavaScript it is a disclosure of links
 * and small forms; with it, an accessible menu.
 */
export function UserMenu() {
  const bootstrap = useBootstrap();
  const t = useTrans();
  const hydrated = useHydrated();
  const logout = useFetcher();
  const theme = useFetcher();
  const user = bootstrap.user;
  if (!user) return null;
  const settings = bootstrap.settings;
  const themes = bootstrap.themes.all;
  const current = themes.find((th) => th.id === bootstrap.themes.selectedThemeId) ?? null;
  const themeTarget = settings.themes.user_change ? oppositeTheme(themes, current) : null;
  const subscribed = user.subscriptions.some((s) => s.valid);
  const profileHref = user.profile_url;
  const items = [
    { id: "profile", label: t("Profile page"), href: profileHref },
    { id: "account", label: t("Account settings"), href: "/account-settings" },
    ...(settings.notif?.integrated ? [{ id: "notifications", label: t("Notifications"), href: "/notifications", mobileOnly: true }] : []),
    ...(settings.billing.enable && subscribed ? [{ id: "billing", label: t("Billing"), href: "/billing" }] : []),
  ];
  const trigger = (
    <>
      <Avatar name={user.display_name} src={user.avatar} />
      <span className="hidden max-w-40 truncate text-sm font-medium lg:inline">{user.display_name}</span>
    </>
  );

  if (!hydrated) {
    return (
      <details className="relative" data-testid="user-menu">
        <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full p-1 pr-2 hover:bg-paper [&::-webkit-details-marker]:hidden">
          {trigger}
        </summary>
        <div className="absolute right-0 z-40 mt-2 w-56 rounded-theme border border-divider bg-elevated p-1 shadow-xl">
          <ul>
            {items.map((item) => (
              <li key={item.id} className={"mobileOnly" in item ? "md:hidden" : undefined}>
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
              {t("Log out")}
            </button>
          </Form>
        </div>
      </details>
    );
  }

  return (
    <MenuTrigger>
      <Button variant="text" color="neutral" className="gap-2 rounded-full p-1 pr-2" aria-label={t("Account")} data-testid="user-menu">
        {trigger}
      </Button>
      <Menu
        onAction={(key) => {
          if (key === "logout") logout.submit(null, { method: "post", action: "/auth/logout" });
          if (key === "theme" && themeTarget) theme.submit({ themeId: String(themeTarget.id) }, { method: "post", action: "/resources/theme" });
        }}
      >
        {items.map((item) => (
          <MenuItem key={item.id} id={item.id} href={item.href} className={"mobileOnly" in item ? "md:hidden" : ""}>
            {item.label}
          </MenuItem>
        ))}
        <MenuSeparator />
        {themeTarget ? <MenuItem id="theme">{themeTarget.is_dark ? t("Dark mode") : t("Light mode")}</MenuItem> : null}
        <MenuItem id="logout" data-testid="logout">
          {t("Log out")}
        </MenuItem>
      </Menu>
    </MenuTrigger>
  );
}
