import { isbot } from "isbot";
// React's Node build of the same renderToReadableStream (nodejs_compat): it writes text into 4 KB
// buffers with encodeInto, where the edge build encodes every attribute and text on its own, about
// a millisecond of an uncached page's CPU here; same bytes out (decision 045).
import { renderToReadableStream } from "react-dom/server.node";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { errorFields, log } from "~/log/log.server";
import { reportPageError } from "~/observability/page-errors.server";
import { createLineRecorder, LineRecorderContext, linesVersion } from "~/i18n/page-lines";
import { pageLinesScript } from "~/i18n/page-lines.server";
import { appContext, workerContext, type AppContext } from "~/request/context";
import { spliceDocument } from "~/http/splice-document";
import { ServerHtmlContext } from "~/request/server-html";
import { serverHtmlOf } from "~/request/server-html.server";
import { jsonLdScript, pageJsonLd } from "~/seo/json-ld.server";
import { serverLazyComponentsReady } from "~/ui/lazy-component";

export const streamTimeout = 5_000;

/**
 * Renders the document with this request's CSP nonce on every inline script
 * React and React Router emit; workers/app.ts sends the matching
 * Content-Security-Policy header.
 */
export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, requestId } = loadContext.get(workerContext);
  let shellRendered = false;
  // Lazy components the server renders in place (signed-in navbar controls) must be loaded first.
  await serverLazyComponentsReady();
  // Every key the page translates is recorded; only those lines go to the browser (app/i18n/page-lines.tsx).
  const app = appOf(loadContext);
  const recorder = createLineRecorder(app?.lines ?? {}, app?.language);
  const body = await renderToReadableStream(
    <LineRecorderContext.Provider value={recorder}>
      <ServerHtmlContext.Provider value={serverHtmlOf(loadContext)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ServerHtmlContext.Provider>
    </LineRecorderContext.Provider>,
    {
      nonce,
      // React outlines any finished Suspense boundary over 500 bytes once the page passes this size,
      // revealing it with an inline script: without JavaScript it would stay hidden. Keep finished
      // boundaries in place; only what is still pending when the shell flushes streams.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) log("error", "streaming render failed", { requestId, ...errorFields(error) });
      },
    },
  );
  shellRendered = true;
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode || needsCompleteHtml(routerContext) || !hasDeferredData(routerContext)) {
    await body.allReady;
  }

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The page's structured data goes into the HTML only, not into the loader data (app/seo/json-ld.server.ts),
  // at the end of the head; a language with lines (not plain English) gets the lines this page rendered
  // before </body>, read once everything has rendered and before the hydrating scripts run.
  const jsonLd = pageJsonLd(loadContext);
  const withLines = app !== null && Boolean(linesVersion(app.lines));
  const document =
    jsonLd || withLines
      ? spliceDocument(body, {
          head: jsonLd ? jsonLdScript(jsonLd, nonce) : undefined,
          tail: withLines ? () => pageLinesScript(recorder.usedLines(), nonce) : undefined,
        })
      : body;
  return new Response(document, { headers: responseHeaders, status: responseStatusCode });
}

/** The request's app context; absent when the root middleware did not run (it failed before setting it). */
function appOf(context: RouterContextProvider): AppContext | null {
  try {
    return context.get(appContext);
  } catch {
    return null;
  }
}

/**
 * A route whose screen is lazy-loaded (handle.completeHtml) must not stream it
 * after the shell: without JavaScript the streamed part would never replace the
 * empty Suspense fallback. Waiting for everything lets React inline it.
 */
function needsCompleteHtml(routerContext: EntryContext): boolean {
  const { matches, loaderData } = routerContext.staticHandlerContext;
  return matches.some((match) => {
    const handle = routerContext.routeModules[match.route.id]?.handle as { completeHtml?: (data: unknown) => boolean } | undefined;
    return typeof handle?.completeHtml === "function" && handle.completeHtml(loaderData[match.route.id]);
  });
}

/**
 * Whether a loader or action returned a promise for React Router to stream
 * (deferred data). Without one, the only Suspense boundary still open when
 * the shell is ready is React Router's own transfer of the (already loaded)
 * data, which finishes a moment later: streaming the shell first would only
 * cost every page React's boundary-reveal script (about 0.6 KB gzip of inline
 * JavaScript, the public-page JavaScript budget, decision 006) for no earlier byte worth having.
 */
function hasDeferredData(routerContext: EntryContext): boolean {
  const { loaderData, actionData } = routerContext.staticHandlerContext;
  const isPromise = (value: unknown) => typeof (value as { then?: unknown } | null)?.then === "function";
  return [...Object.values(loaderData ?? {}), ...Object.values(actionData ?? {})].some((data) => isPromise(data) || (typeof data === "object" && data !== null && Object.values(data).some(isPromise)));
}

/** Loader, action and render errors: logged, recorded in the error log, traced for the debug dialog. */
export function handleError(error: unknown, { request, context }: { request: Request; context: RouterContextProvider }) {
  if (request.signal.aborted) return;
  reportPageError(error, request, context);
}
