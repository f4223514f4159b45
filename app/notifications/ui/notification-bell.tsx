import { lazy, Suspense, useEffect } from "react";
import { Link } from "react-router";
import { useBootstrap, useRootData } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { useHydrated } from "~/ui/use-hydrated";
import { BellIcon } from "./notification-icons";
import { notificationStore, useNotificationState } from "./notification-store";
import { NotificationsLive } from "./notifications-live";

/** The popover (React Aria) loads only for signed-in users on a wide screen with JavaScript. */
const NotificationPopover = lazy(() => import("./notification-popover").then((module) => ({ default: module.NotificationPopover })));

/** The unread count to show: the open tab's latest, else the page's. */
export function useUnreadCount() {
  const bootstrap = useBootstrap();
  const live = useNotificationState();
  return live.unreadCount ?? bootstrap.user?.unread_notifications_count ?? 0;
}

export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      className="absolute -top-0.5 -right-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-danger px-1 text-[10px] leading-none font-semibold text-on-danger"
      data-testid="unread-badge"
      aria-hidden="true"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

/**
 * The navbar's notifications control: a bell with the
 * unread count. On wide screens with JavaScript it opens a popover with the
 * latest notifications; on mobile and without JavaScript it is a link to
 * /notifications.
 */
export function NotificationBell() {
  const t = useTrans();
  const bootstrap = useBootstrap();
  const hydrated = useHydrated();
  const count = useUnreadCount();
  if (!bootstrap.user || !bootstrap.settings.notif?.integrated) return null;
  const label = count > 0 ? t("Notifications (:count unread)", { count }) : t("Notifications");
  const link = (
    <Link to="/notifications" className="relative inline-flex rounded-full p-2 text-muted hover:bg-paper hover:text-foreground" aria-label={label} title={label} data-testid="notifications-link">
      <BellIcon />
      <UnreadBadge count={count} />
    </Link>
  );
  if (!hydrated) return link;
  return (
    <>
      <span className="md:hidden">{link}</span>
      <span className="hidden md:inline-flex">
        <Suspense fallback={link}>
          <NotificationPopover label={label} count={count} />
        </Suspense>
      </span>
    </>
  );
}

/**
 * Mounted once per page for signed-in users: polls for news (badge, browser
 * channel) and forgets the tab's numbers whenever the server sent fresh ones.
 */
export function NotificationsLiveRoot() {
  const root = useRootData();
  const hydrated = useHydrated();
  const enabled = Boolean(root.bootstrap.user && root.bootstrap.settings.notif?.integrated);
  useEffect(() => {
    notificationStore.reset();
  }, [root.renderedAt]);
  if (!hydrated || !enabled) return null;
  return <NotificationsLive />;
}
