import { Suspense, type ReactNode } from "react";
import { Link } from "react-router";
import { useBootstrap } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import type { MenuPosition } from "~/menus/menu";
import { lazyComponent } from "~/ui/lazy-component";
import { Logo } from "./logo";
import { findMenu, MenuItemLink } from "./menu-links";
import type { SignedInSlot } from "./signed-in-controls";
import { ThemeToggle } from "./theme-toggle";

/**
 * Signed-in users' controls (user menu, workspace switcher, notification
 * bell) are a separate chunk: guests, most visitors of public pages, never
 * load it (the public-page JavaScript budget of decision 006). The server renders it in place.
 */
const SignedInControls = lazyComponent(() => import("./signed-in-controls").then((module) => module.default));

function SignedIn({ slot }: { slot: SignedInSlot }) {
  return (
    <Suspense fallback={null}>
      <SignedInControls slot={slot} />
    </Suspense>
  );
}

/**
 * The site navbar: logo, the menu at `position`, a slot for search, and the
 * Login / Register buttons or the signed-in user's controls. Below 768 px the
 * menu folds into a disclosure that works without JavaScript.
 */
export function Navbar({ position = "custom-page-navbar", search, userControls }: { position?: MenuPosition; search?: ReactNode; userControls?: ReactNode }) {
  const bootstrap = useBootstrap();
  const t = useTrans();
  const menu = findMenu(bootstrap.settings.menus, position);
  const registrationDisabled = bootstrap.settings.registration.disable;
  const items = menu?.items ?? [];

  const guestButtons = (
    <div className="flex shrink-0 items-center gap-2">
      <Link to="/login" className="whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-foreground hover:bg-paper">
        {t("Sign in")}
      </Link>
      {registrationDisabled ? null : (
        <Link to="/register" className="whitespace-nowrap rounded-md bg-primary px-3 py-1.5 text-sm font-semibold text-on-primary hover:opacity-90">
          {t("Create account")}
        </Link>
      )}
    </div>
  );

  const controls = userControls ?? (bootstrap.user ? <SignedIn slot="user-menu" /> : guestButtons);

  return (
    <header className="sticky top-0 z-30 border-b border-divider bg-navbar/95 backdrop-blur">
      <nav aria-label={t("Main")} className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        {items.length > 0 ? (
          <ul className="hidden items-center gap-1 md:flex">
            {items.map((item) => (
              <li key={item.id}>
                <MenuItemLink item={item} className="rounded-md px-3 py-2 text-sm font-medium text-muted hover:bg-paper hover:text-foreground" />
              </li>
            ))}
          </ul>
        ) : null}
        <div className="ml-auto flex min-w-0 items-center gap-2">
          {search}
          {bootstrap.user && !userControls ? (
            <>
              <div className="hidden md:block">
                <SignedIn slot="workspaces" />
              </div>
              <SignedIn slot="bell" />
            </>
          ) : null}
          <ThemeToggle className="hidden md:block" />
          <div className="hidden md:block">{controls}</div>
          <details className="group relative md:hidden">
            <summary className="flex cursor-pointer list-none items-center rounded-md p-2 text-foreground hover:bg-paper [&::-webkit-details-marker]:hidden" aria-label={t("Menu")}>
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8">
                <path strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
              </svg>
            </summary>
            <div className="absolute right-0 mt-2 w-64 rounded-theme border border-divider bg-elevated p-2 shadow-xl">
              <ul>
                {items.map((item) => (
                  <li key={item.id}>
                    <MenuItemLink item={item} className="block rounded-md px-3 py-2 text-sm text-foreground hover:bg-paper" />
                  </li>
                ))}
              </ul>
              {bootstrap.user && !userControls ? (
                <div className="mt-2 border-t border-divider pt-2">
                  <SignedIn slot="workspaces" />
                </div>
              ) : null}
              <div className="mt-2 flex items-center justify-between gap-2 border-t border-divider pt-2">
                {controls}
                <ThemeToggle />
              </div>
            </div>
          </details>
        </div>
      </nav>
      {/* Signed-in pages stay up to date: unread badge and the browser channel (one poller per page). */}
      {bootstrap.user ? <SignedIn slot="live" /> : null}
    </header>
  );
}
