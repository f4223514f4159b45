import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False during SSR and the first client render, true once JavaScript runs. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
