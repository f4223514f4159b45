import { useBootstrap } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { LanguagePicker } from "./language-picker";
import { findMenu, MenuItemLink } from "./menu-links";
import { ThemeToggle } from "./theme-toggle";

/** Site footer: menus, copyright with the year and site name, language picker and theme toggle. */
export function Footer() {
  const bootstrap = useBootstrap();
  const t = useTrans();
  const primary = findMenu(bootstrap.settings.menus, "footer");
  const secondary = findMenu(bootstrap.settings.menus, "footer-secondary");
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto border-t border-divider bg-paper">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
        {primary && primary.items.length > 0 ? (
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {primary.items.map((item) => (
              <li key={item.id}>
                <MenuItemLink item={item} className="text-muted hover:text-foreground" />
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-col gap-4 text-sm text-muted md:flex-row md:items-center">
          <p data-testid="copyright">{t("Copyright © :year :name, All Rights Reserved", { year, name: bootstrap.settings.branding.site_name })}</p>
          {secondary && secondary.items.length > 0 ? (
            <ul className="flex flex-wrap gap-4">
              {secondary.items.map((item) => (
                <li key={item.id}>
                  <MenuItemLink item={item} className="hover:text-foreground" />
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex items-center gap-3 md:ml-auto">
            <LanguagePicker />
            <ThemeToggle />
          </div>
        </div>
      </div>
    </footer>
  );
}
