import type { ReactNode } from "react";
import { I18nProvider, RouterProvider } from "react-aria-components";
import { useHref, useNavigate, useRouteLoaderData, type NavigateOptions } from "react-router";
import type { RootData } from "./use-bootstrap";

declare module "react-aria-components" {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/**
 * Gives the React Aria components inside it the page's language (their
 * built-in strings, number and date formats, the same on server and client
 * so hydration matches) and React Router navigation for items with an
 * `href` (menu items), instead of a full page load.
 *
 * Every primitive in app/ui that renders React Aria wraps itself in this,
 * rather than the root doing it once, so that pages without React Aria (most
 * public pages) do not download it: the public-page JavaScript budget is
 * 120 KB gzip and React + React Router already take about 110.
 */
export function AriaScope({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const locale = (useRouteLoaderData("root") as RootData | undefined)?.bootstrap.i18n.language ?? "en";
  return (
    <I18nProvider locale={locale}>
      <RouterProvider navigate={(to, options) => navigate(to, options)} useHref={useHref}>
        {children}
      </RouterProvider>
    </I18nProvider>
  );
}
