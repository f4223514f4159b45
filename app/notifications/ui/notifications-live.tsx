import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { NOTIFICATIONS_POLL_INTERVAL_MS } from "~/constants";
import { isExternalAction, isSafeAction } from "../notification-data";
import { notificationStore } from "./notification-store";

/**
 * Keeps an open tab up to date (browser channel): every
 * NOTIFICATIONS_POLL_INTERVAL_MS (twice that while the tab is hidden, and at
 * once when it comes back) it asks GET api/v1/notifications/updates for the
 * unread count and the browser-channel notifications it has not seen, and
 * shows those through the Web Notifications API when permission is granted.
 *
 * A light poll (one indexed read) instead of a held-open stream: Workers bill
 * and limit long-lived requests, and a 30-second delay is fine for news.
 * Several tabs share what they showed through localStorage, and each system
 * notification carries a tag, so a notification shows once.
 */
const SHOWN_KEY = "notifications:last-shown";

interface Updates {
  unreadCount: number;
  latest_id: number;
  browser: { id: number; title: string; body: string; url: string | null; image: string | null }[];
}

export function browserPermission(): NotificationPermission | "unsupported" {
  if (typeof window === "undefined" || !("Notification" in window)) return "unsupported";
  return window.Notification.permission;
}

function lastShown(): number {
  try {
    return Number(window.localStorage.getItem(SHOWN_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

function rememberShown(id: number) {
  try {
    if (id > lastShown()) window.localStorage.setItem(SHOWN_KEY, String(id));
  } catch {
    // Private mode without storage: the tag still keeps duplicates apart.
  }
}

export function NotificationsLive() {
  const navigate = useNavigate();
  /** The newest id this tab knows; null until the first answer. */
  const after = useRef<number | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    let controller: AbortController | null = null;

    async function poll() {
      controller?.abort();
      controller = new AbortController();
      try {
        const query = after.current === null ? "" : `?after=${after.current}`;
        const response = await fetch(`/api/v1/notifications/updates${query}`, {
          headers: { Accept: "application/json" },
          signal: controller.signal,
        });
        if (response.ok) {
          const updates = (await response.json()) as Updates;
          notificationStore.update({ unreadCount: updates.unreadCount, latestId: updates.latest_id });
          show(updates.browser);
          after.current = Math.max(after.current ?? 0, updates.latest_id);
        }
      } catch {
        // Offline or navigating away: the next poll tries again.
      }
      schedule();
    }

    function schedule() {
      if (stopped) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(poll, document.visibilityState === "hidden" ? NOTIFICATIONS_POLL_INTERVAL_MS * 2 : NOTIFICATIONS_POLL_INTERVAL_MS);
    }

    function show(items: Updates["browser"]) {
      if (browserPermission() !== "granted") return;
      for (const item of items) {
        if (item.id <= lastShown()) continue;
        rememberShown(item.id);
        try {
          const shown = new window.Notification(item.title, {
            body: item.body,
            tag: `notification-${item.id}`,
            icon: item.image ?? undefined,
          });
          shown.onclick = () => {
            window.focus();
            shown.close();
            const url = item.url;
            if (!url || !isSafeAction(url)) return;
            if (isExternalAction(url)) window.open(url, "_blank", "noopener,noreferrer");
            else navigate(url);
          };
        } catch {
          // Some browsers only allow notifications from a service worker: the badge still updates.
        }
      }
    }

    function onVisible() {
      if (document.visibilityState === "visible") void poll();
    }

    void poll();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      controller?.abort();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [navigate]);

  return null;
}
