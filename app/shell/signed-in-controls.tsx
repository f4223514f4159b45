import { lazy, Suspense } from "react";
import { UserMenuDisclosure } from "~/auth/ui/user-menu-disclosure";
import { NotificationBell, NotificationsLiveRoot } from "~/notifications/ui/notification-bell";
import { useHydrated } from "~/ui/use-hydrated";
import { WorkspaceSwitcher } from "~/workspaces/ui/workspace-switcher";

/**
 * The navbar's parts that only signed-in users see: the user menu, the
 * workspace switcher, the notification bell and the live poller. The navbar
 * loads this module lazily (app/ui/lazy-component.ts), so guests' pages do not
 * ship it; the server renders it in place for signed-in users.
 */

/**
 * The user menu is built on React Aria (menu, popover, press handling:
 * ~60 KB gzip). Before hydration, and without JavaScript, the plain
 * disclosure menu stands in.
 */
const UserMenu = lazy(() => import("~/auth/ui/user-menu").then((module) => ({ default: module.UserMenu })));

export type SignedInSlot = "user-menu" | "workspaces" | "bell" | "live";

export default function SignedInControls({ slot }: { slot: SignedInSlot }) {
  const hydrated = useHydrated();
  switch (slot) {
    case "user-menu":
      if (!hydrated) return <UserMenuDisclosure />;
      return (
        <Suspense fallback={<UserMenuDisclosure />}>
          <UserMenu />
        </Suspense>
      );
    case "workspaces":
      return <WorkspaceSwitcher />;
    case "bell":
      return <NotificationBell />;
    case "live":
      return <NotificationsLiveRoot />;
  }
}
