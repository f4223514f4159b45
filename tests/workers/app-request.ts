import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { guestPageKey } from "~/request/guest-page-cache.server";
import { appMiddleware } from "~/composers/middleware.server";
import { workerContext, type WorkerContext } from "~/request/context";

/**
 * Runs `handler` (a loader or action) for `request` behind the real root
 * middleware, as React Router would: settings, viewer and user resolved from
 * the request's cookies. Returns what the handler returned or threw
 * (redirects and error responses are thrown Responses), and the response
 * the middleware made of it.
 */
export async function runRoute<T>(
  request: Request,
  handler: (args: { request: Request; context: RouterContextProvider; url: URL; params: Record<string, string> }) => Promise<T> | T,
  params: Record<string, string> = {},
  options: { isLocal?: boolean; env?: Env; ctx?: ExecutionContext; worker?: WorkerContext } = {},
): Promise<{ value?: T; thrown?: unknown; response?: Response }> {
  const context = new RouterContextProvider();
  context.set(
    workerContext,
    options.worker ?? {
      env: options.env ?? env,
      ctx: options.ctx ?? createExecutionContext(),
      requestId: "test",
      nonce: "test-nonce",
      isLocal: options.isLocal ?? true,
      guestPageKey: guestPageKey(request),
    },
  );
  const url = new URL(request.url);
  let outcome: { value?: T; thrown?: unknown; response?: Response } = {};
  let response: Response | undefined;
  try {
    response = (await appMiddleware({ request, context, url, params, pattern: url.pathname } as never, async () => {
      try {
        outcome = { value: await handler({ request, context, url, params }) };
      } catch (thrown) {
        outcome = { thrown };
      }
      return new Response(null, { status: outcome.thrown instanceof Response ? outcome.thrown.status : 200 });
    })) as Response | undefined;
  } catch (thrown) {
    outcome = { thrown };
  }
  return { ...outcome, response };
}
