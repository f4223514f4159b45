import { isRouteErrorResponse, Outlet, useMatches, type MiddlewareFunction } from "react-router";
import type { Route } from "./+types/layout";
import { adminChangeRecorded, requireAdmin } from "~/admin/access.server";
import { visibleNavigation, type AdminNavSection } from "~/admin/navigation";
import { AdminNavLink } from "~/admin/ui/admin-nav-link";
import { useRootData } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { bumpContentVersion } from "~/http/content-version.server";
import { clearGuestPageCache } from "~/request/guest-page-cache.server";
import { forgetBrowseOptions } from "~/catalogue/browse.server";
import { forgetHomeChannel } from "~/channels/channel-page.server";
import { getWorker } from "~/request/context";
import { LoadErrorPage, NotFoundPage } from "~/shell/error-pages";
import { buttonClasses } from "~/ui/button-styles";

/**
 * Everything under /admin checks admin.access and its own permission in its
 * loader and action (requireAdmin; loader-only screens have an action that
 * refuses too). Not here: a refusal thrown by middleware would skip the root
 * loader and render the bare error page instead of the 404 page. After any
 * change (a write that recorded an audit row) the guest page cache of this isolate is dropped and the content
 * version bumped, so the public site shows it at once here and within
 * CONTENT_VERSION_REFRESH_MS in every other isolate and data centre (their
 * copies are keyed by the version, decision 026).
 */
const adminMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const response = await next();
  // Only a write that recorded an admin change (an audit row): a refused or invalid one changed nothing, and a
  // guest's POST must never be able to drop every cached copy (the bad-input suite of decision 021 caught both).
  if (args.request.method !== "GET" && args.request.method !== "HEAD" && response.status < 400 && adminChangeRecorded(args.context)) {
    clearGuestPageCache();
    forgetBrowseOptions();
    forgetHomeChannel();
    await bumpContentVersion(getWorker(args.context).env.DB);
  }
  return response;
};

export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args);
  return {
    navigation: visibleNavigation(admin.can),
    user: { name: admin.user.displayName, email: admin.user.email },
  };
}

/** Screens that want the whole window (the appearance editor) set handle.adminChrome = false. */
function useAdminChrome() {
  return !useMatches().some((match) => (match.handle as { adminChrome?: boolean } | undefined)?.adminChrome === false);
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const chrome = useAdminChrome();
  if (!chrome) return <Outlet />;
  return (
    <AdminFrame navigation={loaderData.navigation} user={loaderData.user}>
      <Outlet />
    </AdminFrame>
  );
}

function AdminFrame({ navigation, user, children }: { navigation: AdminNavSection[]; user: { name: string; email: string } | null; children: React.ReactNode }) {
  const t = useTrans();
  const { bootstrap } = useRootData();
  // Two copies (the phone's menu and the sidebar), told apart by their names (decision 031).
  const nav = (label: string) => <AdminNavigation sections={navigation} label={label} />;
  return (
    <div className="flex min-h-dvh flex-col bg-paper" data-testid="admin-area">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-divider bg-navbar px-4">
        <details className="relative md:hidden">
          <summary className={`${buttonClasses({ variant: "text", color: "neutral", size: "sm" })} list-none [&::-webkit-details-marker]:hidden`}>{t("Menu")}</summary>
          <div className="absolute top-10 left-0 z-40 max-h-[80dvh] w-64 overflow-y-auto rounded-theme border border-divider bg-elevated p-3 shadow-xl">{nav(t("Admin menu"))}</div>
        </details>
        <a href="/admin" className="font-semibold text-foreground">
          {bootstrap.settings.branding.site_name} <span className="font-normal text-muted">· {t("Admin")}</span>
        </a>
        <div className="ml-auto flex items-center gap-3 text-sm">
          <a href="/" className="text-muted hover:text-foreground" target="_blank" rel="noreferrer">
            {t("View site")}
          </a>
          {user ? (
            <span className="hidden text-muted sm:inline" title={user.email}>
              {user.name}
            </span>
          ) : null}
          <form method="post" action="/auth/logout">
            <button type="submit" className={buttonClasses({ variant: "outlined", color: "neutral", size: "xs" })}>
              {t("Sign out")}
            </button>
          </form>
        </div>
      </header>
      <div className="flex flex-1">
        <aside className="hidden w-60 shrink-0 border-r border-divider bg-elevated md:block">
          <div className="sticky top-14 max-h-[calc(100dvh-3.5rem)] overflow-y-auto p-4">{nav(t("Admin"))}</div>
        </aside>
        <main id="main" className="min-w-0 flex-1 px-4 py-6 md:px-8">
          <div className="mx-auto max-w-6xl">{children}</div>
        </main>
      </div>
    </div>
  );
}

function AdminNavigation({ sections, label }: { sections: AdminNavSection[]; label: string }) {
  const t = useTrans();
  return (
    <nav aria-label={label} className="flex flex-col gap-5">
      {sections.map((section) => (
        <div key={section.label}>
          <p className="mb-1 px-3 text-xs font-semibold tracking-wide text-muted uppercase">{t(section.label)}</p>
          <ul className="flex flex-col gap-0.5">
            {section.items.map((item) => (
              <li key={item.to}>
                <AdminNavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) => `block rounded-md px-3 py-1.5 text-sm ${isActive ? "bg-primary-light font-medium text-primary" : "text-foreground hover:bg-paper"}`}
                >
                  {t(item.label)}
                </AdminNavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const { requestId } = useRootData();
  const content = isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <LoadErrorPage requestId={requestId} />;
  // The layout's own loader failed (no permission): the plain 404 page, no admin chrome.
  if (!loaderData) return <main className="flex-auto">{content}</main>;
  return (
    <AdminFrame navigation={loaderData.navigation} user={loaderData.user}>
      {content}
    </AdminFrame>
  );
}
