import { DomainError, domainErrorMessage } from "~/http/domain-error";
import { data, Link, redirect, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/notifications";
import { requireUser } from "~/auth/guards.server";
import { useTrans } from "~/i18n/translation-context";
import { API_MAX_PAGE } from "~/constants";
import { safeRedirectPath } from "~/http/redirects";
import { isSafeAction } from "~/notifications/notification-data";
import { findNotification, listNotifications, markAllNotificationsRead, markNotificationsRead } from "~/notifications/notifications.server";
import { BellIcon, SettingsIcon } from "~/notifications/ui/notification-icons";
import { NOTIFICATIONS_ACTION, NotificationItem, useAnswerToast, type NotificationActionAnswer } from "~/notifications/ui/notification-item";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import { activeWorkspaceCookie } from "~/workspaces/active-workspace.server";
import { acceptInvite, deleteInvite, retireInviteNotifications } from "~/workspaces/invitations.server";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Notifications") }];

/** /notifications exists while notifications are integrated. */
function requireNotifications(args: Route.LoaderArgs | Route.ActionArgs) {
  const auth = requireUser(args);
  const app = getApp(args.context);
  if (!app.settings["notif.integrated"]) throw data(null, { status: 404 });
  return { ...auth, app };
}

const pageSchema = z.coerce.number().int().min(1).max(API_MAX_PAGE).catch(1);

export async function loader(args: Route.LoaderArgs) {
  const { user, app } = requireNotifications(args);
  const page = pageSchema.parse(args.url.searchParams.get("page") ?? 1);
  const { pagination, unreadCount } = await listNotifications(app.db, user.id, { page });
  return { pagination, unreadCount, settingsLink: app.settings["notif.subs.integrated"] };
}

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), id }),
  z.object({ intent: z.literal("mark-read"), id }),
  z.object({ intent: z.literal("mark-all-read") }),
  z.object({ intent: z.literal("join"), inviteId: z.string().max(64), id: id.optional() }),
  z.object({ intent: z.literal("decline"), inviteId: z.string().max(64), id: id.optional() }),
]);

/**
 * Every notification form posts here (page, popover, with or without
 * JavaScript). Without JavaScript the form carries `redirectTo` and gets a
 * redirect (with a flashed toast); a fetcher gets {ok, message, unreadCount}.
 */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { user, app } = requireNotifications(args);
  const formData = await request.formData().catch(() => new FormData());
  const back = formData.get("redirectTo");
  const noJs = typeof back === "string" && back.length > 0;
  const backTo = noJs ? safeRedirectPath(back as string, NOTIFICATIONS_ACTION) : NOTIFICATIONS_ACTION;
  const parsed = actionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const message = app.t("There was an issue. Please try again.");
    return noJs ? redirectWithToast(request, backTo, { type: "danger", message }, { status: 303 }) : data({ ok: false, message }, { status: 422 });
  }
  const input = parsed.data;
  const answer = (result: NotificationActionAnswer, init?: { status?: number; headers?: Headers }) => {
    if (noJs) {
      return result.message
        ? redirectWithToast(request, backTo, { type: result.ok ? "positive" : "danger", message: result.message }, { status: 303, headers: init?.headers })
        : redirect(backTo, { status: 303, headers: init?.headers });
    }
    return data(result, init);
  };

  switch (input.intent) {
    case "open":
    case "mark-read": {
      const row = await findNotification(app.db, user.id, input.id);
      if (!row) return answer({ ok: false, message: app.t("This notification no longer exists.") }, { status: 404 });
      const outcome = await markNotificationsRead(app.db, user.id, [row.id]);
      const unreadCount = outcome.status === "ok" ? outcome.unreadCount : undefined;
      const target = row.data.mainAction?.action;
      // Opening without JavaScript: marked read, then on to the notification's main action.
      if (input.intent === "open" && noJs && isSafeAction(target)) return redirect(target, { status: 303 });
      return answer({ ok: true, unreadCount });
    }
    case "mark-all-read":
      return answer({ ok: true, unreadCount: await markAllNotificationsRead(app.db, user.id) });
    case "join":
    case "decline": {
      try {
        if (input.intent === "join") {
          const workspace = await acceptInvite(app.db, user, input.inviteId);
          const headers = new Headers({ "Set-Cookie": activeWorkspaceCookie(request, workspace.id) });
          return answer({ ok: true, message: app.t("Joined workspace") }, { headers });
        }
        await deleteInvite(app.db, user, input.inviteId);
        return answer({ ok: true, message: app.t("Declined workspace invitation") });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        // The invite went away (revoked, answered elsewhere, expired): say so, drop its buttons; the page data refreshes.
        if (error.status === 404) await retireInviteNotifications(app.db, user.id, input.inviteId);
        return answer({ ok: false, message: domainErrorMessage(app.t, error) }, { status: error.status });
      }
    }
  }
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const { pagination, unreadCount, settingsLink } = loaderData;
  const markAll = useFetcher<NotificationActionAnswer>();
  useAnswerToast(markAll.data);
  const items = pagination.data;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("Notifications")}</h1>
        <div className="flex items-center gap-2">
          {unreadCount > 0 ? (
            <markAll.Form method="post" action={NOTIFICATIONS_ACTION}>
              <input type="hidden" name="intent" value="mark-all-read" />
              <NoJsRedirect />
              <button type="submit" className={buttonClasses({ variant: "outlined", size: "sm" })} disabled={markAll.state !== "idle"} data-testid="mark-all-read">
                {t("Mark all as read")}
              </button>
            </markAll.Form>
          ) : null}
          {settingsLink ? (
            <Link to="/notifications/settings" className={buttonClasses({ variant: "text", color: "neutral", size: "sm" })} data-testid="notification-settings-link">
              <SettingsIcon className="size-4" />
              {t("Settings")}
            </Link>
          ) : null}
        </div>
      </div>
      {items.length === 0 ? (
        <div className="mt-12 flex flex-col items-center text-center" data-testid="notifications-empty">
          <span className="grid size-16 place-items-center rounded-full bg-paper text-muted">
            <BellIcon className="size-8" />
          </span>
          <h2 className="mt-4 text-lg font-medium">{t("Hang tight!")}</h2>
          <p className="mt-1 max-w-sm text-sm text-muted">{t("Notifications will start showing up here soon.")}</p>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-divider overflow-hidden rounded-theme border border-divider bg-elevated" data-testid="notifications-list">
          {items.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} />
          ))}
        </ul>
      )}
      {pagination.last_page > 1 ? (
        <nav className="mt-6 flex items-center justify-between text-sm" aria-label={t("Pagination")}>
          {pagination.current_page > 1 ? (
            <Link to={`?page=${pagination.current_page - 1}`} className={buttonClasses({ variant: "outlined", size: "sm" })}>
              {t("Previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-muted">{t("Page :page of :last", { page: pagination.current_page, last: pagination.last_page })}</span>
          {pagination.current_page < pagination.last_page ? (
            <Link to={`?page=${pagination.current_page + 1}`} className={buttonClasses({ variant: "outlined", size: "sm" })}>
              {t("Next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
