import type { MiddlewareFunction } from "react-router";
import "~/auth/password-policy.server";
import { enforceApiTokenRules } from "~/auth/access-tokens.server";
import { loadCurrentUser } from "~/auth/current-user.server";
import { scopeForRequest } from "~/composers/token-scope.server";
import { afterAuthResponse, enforceEmailVerification } from "~/auth/request-hooks.server";
import { forgetAllSignedIn } from "~/auth/signed-in-cache.server";
import { loadGuestViewer } from "~/auth/viewer.server";
import { D1_BOOKMARK_COOKIE, FLASH_TOAST_COOKIE, LANGUAGE_COOKIE, THEME_COOKIE, TIME_ZONE_HINT_COOKIE } from "~/constants";
import { openD1 } from "~/db/client.server";
import { deleteCookie, parseCookies, serializeCookie } from "~/http/cookies";
import { loadLocalizations } from "~/i18n/i18n.server";
import { effectiveTimeZone } from "~/i18n/value-lists";
import { createTranslate, pickLanguage } from "~/i18n/translate";
import { loadSettings } from "~/settings/settings.server";
import { readFlashToast } from "~/toasts/flash.server";
import { loadThemes } from "~/themes/themes.server";
import { resolveActiveTheme } from "~/ui/themes";
import { provideWorkspaces } from "~/workspaces/active-workspace.server";
import { appContext, workerContext } from "../request/context";

/** D1 bookmarks are opaque, short, printable strings; anything else is ignored. */
const BOOKMARK = /^[\w.:-]{1,200}$/;

/**
 * Builds the per-request services every loader and action uses: the database
 * (through a D1 session that remembers the visitor's bookmark), settings,
 * themes, language, the viewer and any flashed toast.
 */
export const appMiddleware: MiddlewareFunction<Response> = async ({ request, context, url: routeUrl }, next) => {
  const worker = context.get(workerContext);
  const cookies = parseCookies(request.headers.get("Cookie"));
  const bookmark = cookies.get(D1_BOOKMARK_COOKIE) ?? null;
  const { db, getBookmark } = openD1(worker.env.DB, bookmark && BOOKMARK.test(bookmark) ? bookmark : null);

  // Reading requests may use this isolate's few-second copy of a signed-in visitor; writes read fresh (decision 028).
  const reading = request.method === "GET" || request.method === "HEAD";
  const [settings, themes, localizations, guestViewer, current] = await Promise.all([
    loadSettings(db),
    loadThemes(db),
    loadLocalizations(db),
    loadGuestViewer(db),
    loadCurrentUser(worker.env, db, request, { defer: (work) => worker.ctx.waitUntil(work.catch(() => undefined)), keep: reading }),
  ]);
  const user = current.signedIn?.user ?? null;
  const viewer = current.signedIn?.viewer ?? guestViewer;

  const language = settings["i18n.enable"]
    ? pickLanguage(
        localizations.map((l) => l.language),
        {
          user: user?.language,
          cookie: cookies.get(LANGUAGE_COOKIE),
          acceptLanguage: request.headers.get("Accept-Language"),
          fallback: settings["i18n.default_localization"],
        },
      )
    : settings["i18n.default_localization"];
  const lines = localizations.find((l) => l.language === language)?.lines ?? {};

  const chosenTheme = Number.parseInt(cookies.get(THEME_COOKIE) ?? "", 10);
  const activeTheme = resolveActiveTheme(themes, {
    userChange: settings["themes.user_change"],
    defaultId: settings["themes.default_id"],
    chosenId: Number.isSafeInteger(chosenTheme) ? chosenTheme : null,
  });

  const flashToast = readFlashToast(request);
  const url = new URL(request.url);
  context.set(appContext, {
    db,
    settings,
    themes,
    activeTheme,
    localizations,
    language,
    timeZone: effectiveTimeZone({
      chosen: user?.timezone,
      browser: cookies.get(TIME_ZONE_HINT_COOKIE),
      fallback: settings["dates.default_timezone"],
    }),
    lines,
    t: createTranslate(lines, language),
    viewer,
    guestViewer,
    user,
    session: current.signedIn?.session ?? null,
    flashToast,
    appearanceEditor: url.searchParams.get("appearanceEditor") === "true",
  });

  const app = context.get(appContext);
  // The switcher's workspaces came in the same batch; a write reads them after its action instead.
  if (reading && current.signedIn && !current.viaToken) provideWorkspaces(app, current.signedIn.workspaces);
  enforceApiTokenRules(app, current, current.viaToken ? scopeForRequest(request, routeUrl.pathname) : "read");
  enforceEmailVerification(app, routeUrl);
  let response: Response;
  try {
    response = afterAuthResponse(app, worker, request, routeUrl, await next(), current.staleCookie);
  } finally {
    // Any write may have changed a visitor (sign-out, a role, a ban, a password, a subscription, a profile):
    // this isolate's kept copies go, whoever they belong to (decision 028).
    if (!reading) forgetAllSignedIn();
  }

  const extraCookies: string[] = [];
  const newBookmark = getBookmark();
  // A guest who only reads gets no cookie: any replica will do for them (decision 049). Writes, members,
  // answers that set a cookie (a sign-in by link) and visitors who already carry a bookmark keep theirs moving.
  const remembers = !reading || user !== null || bookmark !== null || response.headers.has("Set-Cookie");
  if (remembers && newBookmark && newBookmark !== bookmark && BOOKMARK.test(newBookmark)) {
    extraCookies.push(serializeCookie(request, D1_BOOKMARK_COOKIE, newBookmark, { maxAge: 60 * 60 }));
  }
  // A flashed toast is shown once: clear it when the page that read it rendered.
  if (cookies.has(FLASH_TOAST_COOKIE) && request.method === "GET" && response.status === 200) {
    extraCookies.push(deleteCookie(request, FLASH_TOAST_COOKIE));
  }
  if (extraCookies.length === 0) return response;
  const mutable = new Response(response.body, response);
  for (const cookie of extraCookies) mutable.headers.append("Set-Cookie", cookie);
  return mutable;
};
