import type { ReactNode } from "react";
import { I18nProvider, RouterProvider } from "react-aria-components";
import { useHref, useNavigate, type NavigateOptions } from "react-router";

declare module "react-aria-components" {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/**
 * Lets React Aria components speak the page's language (their built-in
 * strings, number and date formats, the same on server and client so
 * hydration matches) and navigate through React Router when an item has
 * an `href` (menu items, links), instead of reloading the page.
 */
export function AriaProvider({ locale, children }: { locale: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <I18nProvider locale={locale}>
      <RouterProvider navigate={(to, options) => navigate(to, options)} useHref={useHref}>
        {children}
      </RouterProvider>
    </I18nProvider>
  );
}
