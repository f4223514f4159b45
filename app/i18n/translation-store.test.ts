import { describe, expect, it, vi } from "vitest";
import { createTableLoader } from "./translation-loader";
import { createTranslationStore } from "./translation-store";

function setup(initial: Record<string, string> | null = { Login: "Iniciar sesión" }) {
  const fetched: string[] = [];
  const answers = new Map<string, { resolve: (lines: Record<string, string>) => void; reject: (error: Error) => void }>();
  const idle: (() => void)[] = [];
  const load = createTableLoader({
    fetchLines: (url) =>
      new Promise((resolve, reject) => {
        fetched.push(url);
        answers.set(url, { resolve, reject });
      }),
    whenIdle: (work) => void idle.push(work),
    retryAfterMs: 1000,
  });
  // The browser's store loads its loader as a chunk first; the test calls it directly.
  const store = createTranslationStore(() => initial ?? undefined, load);
  const listener = vi.fn();
  store.subscribe(listener);
  return { store, fetched, answers, idle, listener };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the translation store", () => {
  it("starts with the page's lines", () => {
    const { store } = setup();
    expect(store.getSnapshot()).toEqual({ lines: { Login: "Iniciar sesión" }, complete: false });
  });

  it("reads the page's lines when first asked, not when made (the async module script can run before the lines are parsed)", () => {
    let parsed: Record<string, string> | undefined;
    const store = createTranslationStore(
      () => parsed,
      () => {},
    );
    parsed = { Login: "Iniciar sesión" };
    expect(store.getSnapshot()).toEqual({ lines: { Login: "Iniciar sesión" }, complete: false });
  });

  it("loads the whole table once, when the browser is idle after hydration, then tells its readers", async () => {
    const { store, fetched, answers, idle, listener } = setup();
    store.use("es", "v1");
    expect(fetched).toEqual([]);
    expect(idle).toHaveLength(1);
    idle[0]();
    idle[0]();
    expect(fetched).toEqual(["/resources/i18n/es?v=v1"]);
    answers.get(fetched[0])!.resolve({ Login: "Iniciar sesión", Register: "Registrarse" });
    await flush();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual({ lines: { Login: "Iniciar sesión", Register: "Registrarse" }, complete: true });
  });

  it("ignores misses while hydrating (lines the server rendered untranslated) and loads at once on a later miss", () => {
    const { store, fetched, idle } = setup();
    store.missing();
    expect(fetched).toEqual([]);
    store.use("es", "v1");
    store.missing();
    store.missing();
    expect(fetched).toEqual(["/resources/i18n/es?v=v1"]);
    idle[0]();
    expect(fetched).toHaveLength(1);
  });

  it("a language switch loads the new table at once and shows it when it arrives", async () => {
    const { store, fetched, answers } = setup();
    store.use("es", "v1");
    store.use("fr", "f1");
    expect(fetched).toEqual(["/resources/i18n/fr?v=f1"]);
    expect(store.getSnapshot().lines).toEqual({ Login: "Iniciar sesión" });
    answers.get("/resources/i18n/fr?v=f1")!.resolve({ Login: "Se connecter" });
    await flush();
    expect(store.getSnapshot()).toEqual({ lines: { Login: "Se connecter" }, complete: true });
  });

  it("switching to English (no table) is immediate, and an answer for a language no longer shown is dropped", async () => {
    const { store, fetched, answers } = setup();
    store.use("es", "v1");
    store.use("fr", "f1");
    store.use("en", null);
    expect(store.getSnapshot()).toEqual({ lines: {}, complete: true });
    answers.get(fetched[0])!.resolve({ Login: "Se connecter" });
    await flush();
    expect(store.getSnapshot()).toEqual({ lines: {}, complete: true });
  });

  it("a lazy component waiting for the whole table makes it load as soon as the page is hydrated", async () => {
    const { store, fetched, answers, idle } = setup();
    let ready = false;
    void store.complete().then(() => (ready = true));
    expect(fetched).toEqual([]);
    store.use("es", "v1");
    expect(idle).toEqual([]);
    expect(fetched).toEqual(["/resources/i18n/es?v=v1"]);
    await flush();
    expect(ready).toBe(false);
    answers.get(fetched[0])!.resolve({ Login: "Iniciar sesión", OK: "Aceptar" });
    await flush();
    expect(ready).toBe(true);
    // Once in, at once.
    await expect(store.complete()).resolves.toBeUndefined();
  });

  it("after hydration, waiting for the table loads it at once", async () => {
    const { store, fetched, idle } = setup();
    store.use("es", "v1");
    expect(idle).toHaveLength(1);
    void store.complete();
    expect(fetched).toEqual(["/resources/i18n/es?v=v1"]);
  });

  it("an English page (no inline lines) loads nothing", async () => {
    await expect(setup(null).store.complete()).resolves.toBeUndefined();
    const { store, fetched, idle } = setup(null);
    expect(store.getSnapshot()).toEqual({ lines: {}, complete: true });
    store.use("en", null);
    expect(fetched).toEqual([]);
    expect(idle).toEqual([]);
  });

  it("after a failed load, asks again only after a pause", async () => {
    vi.useFakeTimers();
    try {
      const { store, fetched, answers } = setup();
      store.use("es", "v1");
      store.missing();
      answers.get(fetched[0])!.reject(new Error("offline"));
      await vi.advanceTimersByTimeAsync(0);
      store.missing();
      expect(fetched).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1000);
      store.missing();
      expect(fetched).toHaveLength(2);
      expect(store.getSnapshot().complete).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
