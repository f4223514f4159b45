import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createStaticHandler } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";
import { describe, expect, it } from "vitest";
import siteMap from "../app/routes";
import { withTrieMatching } from "./trie-matching";

/**
 * The Worker entry turns on React Router's route-pattern matcher on the
 * server (workers/app.ts, `withTrieMatching`) while the browser keeps the
 * default one. Both must pick the same routes and params for every address
 * the site answers, or a page rendered on the server would hydrate into
 * another route. This walks every route of app/routes.ts with sample
 * params, with and without a trailing slash, in other letter cases and
 * percent-encoded, plus addresses nothing matches, and compares.
 */
unstable_preloadRoutePattern();

type AgnosticDataRouteObject = Parameters<typeof createStaticHandler>[0][number];

function toDataRoutes(entries: RouteConfigEntry[]): AgnosticDataRouteObject[] {
  return entries.map((entry) => ({
    id: entry.id ?? entry.file.replace(/\.tsx?$/, ""),
    path: entry.path,
    caseSensitive: entry.caseSensitive,
    ...(entry.index ? { index: true as const } : { children: toDataRoutes(entry.children ?? []) }),
    loader: () => null,
  })) as AgnosticDataRouteObject[];
}

const routes = toDataRoutes(siteMap as RouteConfigEntry[]);
const regexMatcher = createStaticHandler(routes);
const trieMatcher = createStaticHandler(toDataRoutes(siteMap as RouteConfigEntry[]), { future: { unstable_routePatternMatching: true } });

/** Every full path pattern of the site map (a route's path joined to its parents'). */
function patterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : [parent, entry.path].filter(Boolean).join("/");
    return [...(entry.path !== undefined || entry.index ? [path] : []), ...patterns(entry.children ?? [], path)];
  });
}

const SAMPLES = ["123", "a-film-s-name", "7", "Ünïcode name", "1e5"];
function addressesFor(pattern: string): string[] {
  const out = new Set<string>();
  for (const sample of SAMPLES) {
    const filled = pattern
      .split("/")
      .map((segment) => (segment.startsWith(":") ? (segment.endsWith("?") ? "" : sample) : segment === "*" ? `${sample}/deeper/part` : segment.replace(/\?$/, "")))
      .filter((segment, i, all) => segment !== "" || i === all.length - 1)
      .join("/");
    const path = `/${filled}`.replace(/\/+$/, "") || "/";
    if (path === "/") out.add("/index");
    out.add(path);
    out.add(`${path}/`);
    out.add(path.toUpperCase());
    out.add(encodeURI(path));
    out.add(`${path}/unknown-extra`);
  }
  return [...out];
}

function summary(handler: ReturnType<typeof createStaticHandler>, path: string) {
  const matches = handler.match(path);
  return matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, base: m.pathnameBase })) ?? null;
}

describe("server route matching (route-pattern) agrees with the browser's (default)", () => {
  // Addresses made only of slashes never reach React Router (the entry redirects them home).
  const all = [...new Set(patterns(siteMap as RouteConfigEntry[]).flatMap(addressesFor))].filter((path) => !/^\/{2,}$/.test(path));
  const extra = ["/", "/nothing/here", "/titles//123/x", "/%E2%82%AC", "/api/v1/nothing", "/admin/nothing/here", "/TITLES", "/titles/abc/def/ghi/jkl/mno"];

  it(`matches ${all.length + extra.length} addresses the same way`, () => {
    expect(all.length).toBeGreaterThan(500);
    const differences = [...all, ...extra]
      .map((path) => ({ path, regex: summary(regexMatcher, path), trie: summary(trieMatcher, path) }))
      .filter(({ regex, trie }) => JSON.stringify(regex) !== JSON.stringify(trie));
    expect(differences).toEqual([]);
  });

  it("differs only on an address made of slashes, which the Worker entry redirects to the home page", () => {
    expect(summary(regexMatcher, "//")?.at(-1)?.id).toBe("routes/site/home");
    expect(summary(trieMatcher, "//")?.at(-1)?.id).toBe("routes/site/not-found");
  });

  it("is the matcher the request handler uses: a route only the trie would find is not hidden by a fallback", () => {
    // The site map's catch-alls make every address match something: the test above would pass with a
    // matcher that always answered the not-found route if both did. Guard: real pages resolve to their own route.
    expect(summary(trieMatcher, "/titles/12/a-film")?.at(-1)?.id).toBe("routes/titles/title");
    expect(summary(trieMatcher, "/people/12/someone")?.at(-1)?.params).toEqual({ id: "12", slug: "someone" });
    expect(summary(trieMatcher, "/no/such/page")?.at(-1)?.id).toBe("routes/site/not-found");
  });
});

describe("the server build the Worker entry uses", () => {
  const build = { future: { someFlag: false }, basename: "/" } as unknown as Parameters<typeof withTrieMatching>[0];
  const served = withTrieMatching(build);

  it("turns the route-pattern matcher on for the server's static handler (which copies the flags)", () => {
    expect({ ...served.future }).toMatchObject({ unstable_routePatternMatching: true, someFlag: false });
  });

  it("leaves it out of the flags the browser receives (the hydration handoff is JSON): the browser bundle has no such matcher", () => {
    const handoff = JSON.parse(JSON.stringify({ basename: "/", future: served.future }));
    expect(handoff.future).toEqual({ someFlag: false });
  });
});
