import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useFetchers, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { customCodeFor } from "~/appearance/custom-code.server";
import { AppearancePreview } from "~/appearance/preview/appearance-preview";
import { useAppearancePreview } from "~/ui/preview-store";
import { buildPageBootstrap } from "~/bootstrap/bootstrap.server";
import { COOKIE_NOTICE_COOKIE } from "~/constants";
import { readCookie } from "~/http/cookies";
import { TimeZoneHint } from "~/i18n/time-zone-hint";
import { TranslationProvider } from "~/i18n/translation-context";
import { appMiddleware } from "~/composers/middleware.server";
import { DebugErrorHost } from "~/observability/ui/debug-error-host";
import { getApp, getWorker } from "~/request/context";
import { CookieNotice } from "~/shell/cookie-notice";
import { LoadErrorPage, NotFoundPage } from "~/shell/lazy-error-pages";
import { themeStyle } from "~/ui/themes";
import { ProgressBar } from "~/ui/progress-bar";
import { Toaster } from "~/ui/toaster";
import { workspaceSwitcherData } from "~/workspaces/active-workspace.server";

export const middleware: Route.MiddlewareFunction[] = [appMiddleware];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const worker = getWorker(context);
  return {
    // The active theme's values come with it (bootstrap.themes): the layout applies them during SSR.
    bootstrap: buildPageBootstrap(app, request),
    flashToast: app.flashToast,
    cookieNoticeAccepted: readCookie(request, COOKIE_NOTICE_COOKIE) === "1",
    nonce: worker.nonce,
    requestId: worker.requestId,
    /** The server's clock for this render: relative times hydrate with it (app/ui/use-dates.ts). */
    renderedAt: Date.now(),
    /** Signed-in users: their workspaces and the active one, for the switcher (null for guests). */
    workspaces: await workspaceSwitcherData(context, request),
    /** The site's custom CSS and HTML (appearance editor; not shown in the admin area). */
    customCode: customCodeFor(app.settings, worker.nonce),
    /** The page was asked for inside the appearance editor's frame (?appearanceEditor=true). */
    appearanceEditor: app.appearanceEditor,
  };
}

/** What `useRootData()` (app/ui/use-bootstrap.ts) returns: this loader's data as the browser gets it. */
type RootLoaderData = NonNullable<ReturnType<typeof useRouteLoaderData<typeof loader>>>;
declare module "~/ui/use-bootstrap" {
  interface RootData extends RootLoaderData {}
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const language = data?.bootstrap.i18n.language ?? "en";
  const settings = data?.bootstrap.settings;
  // While a theme change is on its way to the server, show it already.
  const pendingThemeId = Number(
    useFetchers()
      .find((f) => f.formAction === "/resources/theme")
      ?.formData?.get("themeId"),
  );
  const themes = data?.bootstrap.themes;
  const shownTheme = themes?.all.find((theme) => theme.id === pendingThemeId) ?? themes?.all.find((theme) => theme.id === themes.selectedThemeId);
  const served = { style: themeStyle(shownTheme ?? null), isDark: shownTheme?.is_dark ?? false, id: shownTheme?.id ?? themes?.selectedThemeId };
  // Inside the appearance editor's frame, what the editor previews wins (nothing elsewhere).
  const preview = useAppearancePreview();
  const theme = preview?.theme ? { style: { ...served.style, ...preview.theme.values }, isDark: preview.theme.isDark ?? served.isDark, id: preview.theme.id ?? served.id } : served;
  // Custom code belongs to the public site; the admin area stays usable whatever it contains.
  const inAdmin = useLocation().pathname.startsWith("/admin");
  const customCss = inAdmin ? "" : (preview?.customCss ?? data?.customCode.css ?? "");
  const customHtml = inAdmin ? "" : (preview?.customHtml ?? data?.customCode.html ?? "");
  return (
    <html lang={language} className={theme.isDark ? "dark" : undefined} style={theme.style as React.CSSProperties | undefined} data-theme-id={theme.id ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {settings ? <link rel="icon" href={settings.branding.favicon} type="image/svg+xml" /> : null}
        <Meta />
        <Links />
        {customCss ? <style id="be-custom-css" dangerouslySetInnerHTML={{ __html: customCss }} /> : null}
      </head>
      <body className="flex min-h-dvh flex-col bg-background font-sans text-foreground antialiased">
        {/* Translation's context: the lines follow the language the root data shows (app/i18n/translation-context.tsx). */}
        <TranslationProvider language={data?.bootstrap.i18n.language} version={data?.bootstrap.i18n.version}>
          {children}
        </TranslationProvider>
        {customHtml ? <div id="be-custom-html" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: customHtml }} /> : null}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ProgressBar />
      <CookieNotice at="top" />
      <Outlet />
      <CookieNotice at="bottom" />
      <Toaster flashed={loaderData.flashToast} />
      <DebugErrorHost />
      <TimeZoneHint />
      <AppearancePreview flagged={loaderData.appearanceEditor} />
    </>
  );
}

/** Last-resort boundary: the root loader itself failed, so no bootstrap data may exist. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) {
    return (
      <main className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-semibold">There was an issue loading this page</h1>
        <p className="mt-3">Please try again later</p>
      </main>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <LoadErrorPage requestId={data.requestId} />;
}
