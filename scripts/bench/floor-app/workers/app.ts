import { createRequestHandler, RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { dbContext, waitUntilContext } from "../app/context";

interface Env {
  DB: D1Database;
}

// Made once per isolate, as the site's entry does.
const handler = createRequestHandler(build, "production");

export default {
  fetch(request, env, ctx) {
    const context = new RouterContextProvider();
    context.set(dbContext, env.DB);
    context.set(waitUntilContext, (promise) => ctx.waitUntil(promise));
    return handler(request, context);
  },
} satisfies ExportedHandler<Env>;
