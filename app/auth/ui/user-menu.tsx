import { useFetcher } from "react-router";
import { isInAppearanceEditor } from "~/ui/appearance-editor-mode";
import { toast } from "~/toasts/toast-store";
import { Button } from "~/ui/button";
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from "~/ui/menu";
import { UserMenuTrigger, useUserMenuModel } from "./user-menu-disclosure";

/**
 * The signed-in user's menu with JavaScript: profile,
 * notifications (on mobile, when integrated), billing (subscribed users),
 * dark/light mode and log out (a POST), as an accessible menu. Before it
 * loads, and without JavaScript, UserMenuDisclosure stands in.
 */
export function UserMenu() {
  const model = useUserMenuModel();
  const logout = useFetcher();
  const theme = useFetcher();
  if (!model) return null;
  const { user, items, themeTarget, t } = model;
  return (
    <MenuTrigger>
      <Button variant="text" color="neutral" className="gap-2 rounded-full p-1 pr-2" data-testid="user-menu">
        <UserMenuTrigger name={user.display_name} avatar={user.avatar} />
      </Button>
      <Menu
        onAction={(key) => {
          // Inside the appearance editor's frame logout is refused before any request (spec sections 4 and 8).
          if (key === "logout" && isInAppearanceEditor()) toast.danger(t("Can't logout while in appearance editor"));
          else if (key === "logout") logout.submit(null, { method: "post", action: "/auth/logout" });
          if (key === "theme" && themeTarget) theme.submit({ themeId: String(themeTarget.id) }, { method: "post", action: "/resources/theme" });
        }}
      >
        {items.map((item) => (
          <MenuItem key={item.id} id={item.id} href={item.href} className={item.mobileOnly ? "md:hidden" : ""}>
            {item.label}
          </MenuItem>
        ))}
        <MenuSeparator />
        {themeTarget ? <MenuItem id="theme">{themeTarget.is_dark ? t("Dark mode") : t("Light mode")}</MenuItem> : null}
        <MenuItem id="logout" data-testid="logout">
          {t("Sign out")}
        </MenuItem>
      </Menu>
    </MenuTrigger>
  );
}
