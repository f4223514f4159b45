import { createRequestHandler, RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { dbContext, waitUntilContext } from "../app/context";

interface Env {
  DB: D1Database;
}

// Made once per isolate, as the site's entry does.
const handler = createRequestHandler(build, "production");

export default {
  async fetch(request, env, ctx) {
    const context = new RouterContextProvider();
    context.set(dbContext, env.DB);
    context.set(waitUntilContext, (promise) => ctx.waitUntil(promise));
    // `?edge=1`: the page goes through the Cache API as an edge-cached app's must, a lookup on every
    // request and a copy stored on a miss (render-ratio's RENDER_FLOOR_EDGE_CACHE, decision 046).
    if (request.method !== "GET" || !new URL(request.url).searchParams.has("edge")) return handler(request, context);
    const cache = (caches as unknown as { default: Cache }).default;
    const hit = await cache.match(request);
    if (hit) return hit;
    const response = await handler(request, context);
    if (response.status !== 200) return response;
    const body = await response.arrayBuffer();
    const stored = new Headers(response.headers);
    stored.set("Cache-Control", "public, max-age=120");
    ctx.waitUntil(cache.put(request, new Response(body, { status: 200, headers: stored })));
    return new Response(body, { status: 200, headers: response.headers });
  },
} satisfies ExportedHandler<Env>;
