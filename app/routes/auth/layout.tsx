import { useEffect } from "react";
import { isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { useBootstrap, useRootData } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { LoadErrorPage, NotFoundPage } from "~/shell/error-pages";
import { Logo } from "~/shell/logo";
import { findMenu, MenuItemLink } from "~/shell/menu-links";

/** Sign-in, registration, password and verification screens: a centred card, no navbar. */
export default function AuthLayout() {
  // Whoever signs in here next sees the navbar's signed-in controls at once (app/shell/navbar.tsx
  // loads them lazily): their code arrives while they type. Here, not in the navbar: guests' pages ship none of it.
  useEffect(() => {
    void import("~/shell/signed-in-controls").catch(() => {});
  }, []);
  return (
    <AuthFrame>
      <Outlet />
    </AuthFrame>
  );
}

export function AuthFrame({ children }: { children: React.ReactNode }) {
  const bootstrap = useBootstrap();
  const t = useTrans();
  const footer = findMenu(bootstrap.settings.menus, "auth-page-footer");
  return (
    <main id="main" className="flex flex-auto flex-col items-center bg-paper px-4 py-10 sm:py-16">
      <Logo />
      <div className="mt-8 w-full max-w-md rounded-theme border border-divider bg-elevated px-6 py-8 shadow-sm sm:px-10">{children}</div>
      <footer className="mt-8 flex flex-wrap items-center justify-center gap-4 text-sm text-muted">
        <span>{t("Copyright © :year :name, All Rights Reserved", { year: new Date().getFullYear(), name: bootstrap.settings.branding.site_name })}</span>
        {footer?.items.map((item) => (
          <MenuItemLink key={item.id} item={item} className="hover:text-foreground" />
        ))}
      </footer>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { requestId } = useRootData();
  return <AuthFrame>{isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <LoadErrorPage requestId={requestId} />}</AuthFrame>;
}
