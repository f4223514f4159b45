import { useSyncExternalStore } from "react";

/**
 * What the open tab knows about the user's notifications between page loads:
 * the unread count (the badge) and the newest id, updated by the poller
 * (notifications-live.tsx) and by actions. Page loads reset it from the
 * server's bootstrap data.
 */
interface NotificationState {
  /** Null until the tab has polled or acted: the bootstrap data's count applies. */
  unreadCount: number | null;
  latestId: number;
  /** Grows whenever the list may have changed, so cached popover lists refetch. */
  version: number;
}

let state: NotificationState = { unreadCount: null, latestId: 0, version: 0 };
const listeners = new Set<() => void>();

export const notificationStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => state,
  update(patch: Partial<Omit<NotificationState, "version">>, { changed = false }: { changed?: boolean } = {}) {
    const next = { ...state, ...patch };
    const listChanged = changed || (patch.latestId !== undefined && patch.latestId !== state.latestId);
    if (listChanged) next.version = state.version + 1;
    if (next.unreadCount === state.unreadCount && next.latestId === state.latestId && next.version === state.version) return;
    state = next;
    for (const listener of listeners) listener();
  },
  /** A page load brought fresh numbers from the server. */
  reset() {
    state = { unreadCount: null, latestId: state.latestId, version: state.version + 1 };
    for (const listener of listeners) listener();
  },
};

const serverState: NotificationState = { unreadCount: null, latestId: 0, version: 0 };

export function useNotificationState() {
  return useSyncExternalStore(notificationStore.subscribe, notificationStore.get, () => serverState);
}
