import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { KEEP_SCROLL_ATTRIBUTE, PlainLinksContext } from "~/ui/app-link";

/**
 * HTML the server makes for a page (a guest's title actions, the reviews section, TMDB's extras:
 * decisions 019 and 030) is needed twice by the server render, the HTML itself, and by client
 * navigations, which have no server render. A document's hydration does not need it a second
 * time in the loader data (inline JavaScript counted by the public pages' budget, decision 045):
 * on a document request the loader hands the HTML to the server render through
 * `ServerHtmlContext` and sends only a reference (`{ serverHtml: key }`); the hydrating browser
 * reads the HTML its own document already has.
 */
export type ServerHtml = string | { serverHtml: string };

/** The HTML a document request's loaders put aside, by key (provided by entry.server). */
export const ServerHtmlContext = createContext<ReadonlyMap<string, unknown> | null>(null);

/** The attribute naming a server-HTML block in the document, so hydration can find it. */
export const SERVER_HTML_ATTRIBUTE = "data-server-html";

/** The HTML to render: the string itself, or the one the reference names (server: from the loader; browser: from the document). */
export function useServerHtml(value: ServerHtml): string {
  const fromServer = useContext(ServerHtmlContext);
  const key = typeof value === "string" ? null : value.serverHtml;
  // Read once, when the block first renders (hydration): later renders of the same page reuse it.
  const [kept] = useState(() => (key === null ? "" : readHtml(key, fromServer)));
  return typeof value === "string" ? value : kept;
}

function readHtml(key: string, fromServer: ReadonlyMap<string, unknown> | null): string {
  if (fromServer) return String(fromServer.get(key) ?? "");
  if (typeof document === "undefined") return "";
  return document.querySelector(`[${SERVER_HTML_ATTRIBUTE}="${key}"]`)?.innerHTML ?? "";
}

/** The key a block is found by in the document (for `SERVER_HTML_ATTRIBUTE`), or undefined for a plain string. */
export function serverHtmlKey(value: ServerHtml): string | undefined {
  return typeof value === "string" ? undefined : value.serverHtml;
}

/** A block (div or section) holding server-made HTML, by value or by reference. */
export function ServerHtmlBlock({
  html,
  as: Tag = "div",
  ...attributes
}: { html: ServerHtml; as?: "div" | "section" } & Omit<React.HTMLAttributes<HTMLElement>, "dangerouslySetInnerHTML" | "children"> & { "data-testid"?: string }) {
  const shown = useServerHtml(html);
  return <Tag {...attributes} {...{ [SERVER_HTML_ATTRIBUTE]: serverHtmlKey(html) }} dangerouslySetInnerHTML={{ __html: shown }} />;
}

/** Data a block renders, or (a guest's document) a reference to it: the server has it, the browser keeps the block's HTML. */
export type ServerData<T> = T | { serverHtml: string };

function isReference<T>(value: ServerData<T>): value is { serverHtml: string } {
  return typeof value === "object" && value !== null && typeof (value as { serverHtml?: unknown }).serverHtml === "string" && Object.keys(value).length === 1;
}

/**
 * A block that needs no code in the browser when the document brought it: a guest's card rows
 * (decision 045). With the data (a client navigation, a member) it renders `children(data)`; with a
 * reference the server renders `children` from the data its loader put aside and the hydrating
 * browser keeps the block's HTML as it is (neither its data nor its components' code is loaded).
 * Its links still navigate in the page, as React Router's links do.
 */
export function StaticIsland<T>({
  data,
  children,
  className,
  preload,
}: {
  data: ServerData<T>;
  children: (data: T) => ReactNode;
  className?: string;
  /** Loads the components' chunk once the page is idle after hydration, so the first client navigation renders at once. */
  preload?: () => void;
}) {
  const fromServer = useContext(ServerHtmlContext);
  const key = isReference(data) ? data.serverHtml : null;
  const [kept] = useState(() => (key === null || fromServer ? "" : readHtml(key, null)));
  const navigate = useNavigate();
  useEffect(() => {
    if (key === null || !preload) return;
    if (!("requestIdleCallback" in window)) {
      const timer = setTimeout(preload, 1500);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(preload, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, [key, preload]);
  // Keyed: switching between kept HTML and rendered children (a client navigation) remounts the block.
  if (key === null)
    return (
      <div key="rendered" className={className}>
        {children(data as T)}
      </div>
    );
  if (fromServer) {
    return (
      <div key={key} className={className} {...{ [SERVER_HTML_ATTRIBUTE]: key }}>
        <PlainLinksContext.Provider value={true}>{children(fromServer.get(key) as T)}</PlainLinksContext.Provider>
      </div>
    );
  }
  const followLink = (event: React.MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest("a");
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (link.origin !== window.location.origin || link.target || link.hasAttribute("download")) return;
    event.preventDefault();
    void navigate(link.pathname + link.search + link.hash, { preventScrollReset: link.hasAttribute(KEEP_SCROLL_ATTRIBUTE) });
  };
  return <div key={key} className={className} {...{ [SERVER_HTML_ATTRIBUTE]: key }} onClick={followLink} dangerouslySetInnerHTML={{ __html: kept }} />;
}
