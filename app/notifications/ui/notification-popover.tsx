import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { useBootstrap } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { NOTIFICATIONS_POPOVER_SIZE } from "~/constants";
import { Button } from "~/ui/button";
import { Popover, PopoverTrigger } from "~/ui/popover";
import { Spinner } from "~/ui/spinner";
import { useClientQuery } from "~/ui/use-client-query";
import type { NotificationJson } from "../notification-data";
import { BellIcon, SettingsIcon } from "./notification-icons";
import { NOTIFICATIONS_ACTION, NotificationItem, useAnswerToast, type NotificationActionAnswer } from "./notification-item";
import { UnreadBadge } from "./notification-bell";
import { useNotificationState } from "./notification-store";

interface ListAnswer {
  pagination: { data: NotificationJson[]; total: number };
  unreadCount: number;
}

/** The navbar popover: the latest notifications, "Mark all as read", settings and "View all". */
export function NotificationPopover({ label, count }: { label: string; count: number }) {
  const t = useTrans();
  const settings = useBootstrap().settings;
  const [open, setOpen] = useState(false);
  const { version } = useNotificationState();
  const list = useClientQuery<ListAnswer>(open ? `notifications:popover:${version}:${count}` : null, `/api/v1/notifications?per_page=${NOTIFICATIONS_POPOVER_SIZE}`);
  const markAll = useFetcher<NotificationActionAnswer>();
  useAnswerToast(markAll.data);
  const items = list.data?.pagination.data ?? [];
  return (
    <PopoverTrigger isOpen={open} onOpenChange={setOpen}>
      <Button variant="text" color="neutral" size="icon" className="relative" aria-label={label} data-testid="notifications-button">
        <BellIcon />
        <UnreadBadge count={count} />
      </Button>
      <Popover placement="bottom end" className="w-96 max-w-[calc(100vw-1rem)]" aria-label={t("Notifications")}>
        <div data-testid="notifications-popover">
          <div className="flex items-center justify-between gap-2 border-b border-divider px-4 py-3">
            <h2 className="text-sm font-semibold">{t("Notifications")}</h2>
            <div className="flex items-center gap-1">
              {count > 0 ? (
                <markAll.Form method="post" action={NOTIFICATIONS_ACTION}>
                  <input type="hidden" name="intent" value="mark-all-read" />
                  <button type="submit" className="rounded-md px-2 py-1 text-xs font-medium text-primary hover:bg-primary-light" disabled={markAll.state !== "idle"}>
                    {t("Mark all as read")}
                  </button>
                </markAll.Form>
              ) : null}
              {settings.notif?.subs?.integrated ? (
                <Link
                  to="/notifications/settings"
                  onClick={() => setOpen(false)}
                  className="rounded-full p-1.5 text-muted hover:bg-paper hover:text-foreground"
                  aria-label={t("Notification settings")}
                  title={t("Notification settings")}
                >
                  <SettingsIcon className="size-4" />
                </Link>
              ) : null}
            </div>
          </div>
          <div className="max-h-96 overflow-y-auto">
            {list.isLoading ? (
              <div className="flex justify-center p-6">
                <Spinner label={t("Loading")} />
              </div>
            ) : items.length === 0 ? (
              <p className="px-4 py-8 text-center text-sm text-muted">{t("You have no notifications yet.")}</p>
            ) : (
              <ul className="divide-y divide-divider">
                {items.map((notification) => (
                  <NotificationItem key={notification.id} notification={notification} onNavigate={() => setOpen(false)} />
                ))}
              </ul>
            )}
          </div>
          <div className="border-t border-divider p-2 text-center">
            <Link to="/notifications" onClick={() => setOpen(false)} className="block rounded-md px-3 py-2 text-sm font-medium text-primary hover:bg-primary-light">
              {t("See all notifications")}
            </Link>
          </div>
        </div>
      </Popover>
    </PopoverTrigger>
  );
}
