import { lazy, type ComponentType } from "react";

/** Loads started on the server at module start; entry.server waits for them once. */
const serverLoads = new Set<Promise<unknown>>();

/**
 * `React.lazy` for code that public pages should not ship but that the
 * server must render in place (no-JavaScript visitors see it too).
 *
 * On the server the module is loaded when this file is evaluated (it is in
 * the Worker bundle anyway) and the lazy component then resolves
 * synchronously, so React renders it into the HTML instead of streaming a
 * Suspense fallback that would never be replaced without JavaScript. In the
 * browser it is an ordinary lazy chunk: a server-rendered boundary stays as
 * it is until the chunk arrives and hydrates.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const start = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  if (typeof window === "undefined") {
    const loading = start();
    serverLoads.add(loading);
    void loading.finally(() => serverLoads.delete(loading)).catch(() => {});
  }
  const component = lazy(() => {
    // A thenable that settles at once keeps React from suspending (React reads it synchronously).
    if (loaded) {
      const module = { default: loaded };
      return { then: (resolve: (value: typeof module) => void) => resolve(module) } as unknown as Promise<typeof module>;
    }
    return start().then((component) => ({ default: component }));
  });
  // Loads the chunk ahead of its first client render (a static island's components, decision 045).
  return Object.assign(component, { preload: () => void (loaded ? null : start().catch(() => {})) });
}

/** Resolves once every lazy component the server preloads is ready (instant after the first request). */
export function serverLazyComponentsReady(): Promise<unknown> {
  return serverLoads.size ? Promise.all(serverLoads) : Promise.resolve();
}
