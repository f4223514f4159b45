import { createContext, type RouterContextProvider } from "react-router";
import { workerContext } from "./context";
import type { ServerData, ServerHtml } from "./server-html";

/** The server HTML a document request's loaders put aside for the render (app/request/server-html.tsx). */
const serverHtmlContext = createContext<Map<string, unknown> | null>(null);

/**
 * What a loader returns for a block of server-made HTML: on a document request a reference (the
 * render gets the HTML from `serverHtmlOf`, the browser from the document), on a data request
 * (a client navigation, a revalidation) the HTML itself. `key` is unique on the page.
 */
export function serverHtml(context: Readonly<RouterContextProvider>, key: string, html: string): ServerHtml {
  return serverData(context, key, html);
}

/** The same for the data of a `StaticIsland`: a reference on a document request, the data itself otherwise. */
export function serverData<T>(context: Readonly<RouterContextProvider>, key: string, data: T): ServerData<T> {
  if (!context.get(workerContext).documentRequest) return data;
  let kept = context.get(serverHtmlContext);
  if (!kept) {
    kept = new Map();
    (context as RouterContextProvider).set(serverHtmlContext, kept);
  }
  kept.set(key, data);
  return { serverHtml: key };
}

/** The HTML this request's loaders put aside (entry.server provides it to the render). */
export function serverHtmlOf(context: Readonly<RouterContextProvider>): ReadonlyMap<string, unknown> {
  try {
    return context.get(serverHtmlContext) ?? new Map();
  } catch {
    return new Map();
  }
}
