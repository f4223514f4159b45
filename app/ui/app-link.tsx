import { createContext, useContext, type AnchorHTMLAttributes } from "react";
import { Link } from "react-router";

/**
 * Set by a guest's static island as the server renders it (app/request/server-html.tsx, decision 045):
 * the browser keeps that HTML without hydrating it and the island follows its own links, so its
 * links can be plain anchors. React Router's <Link> runs several hooks for each link on every
 * render, a few per cent of an uncached page's CPU on pages of cards.
 */
export const PlainLinksContext = createContext(false);

/** Marks an island's link that keeps the scroll position, as `preventScrollReset` does on a <Link>. */
export const KEEP_SCROLL_ATTRIBUTE = "data-keep-scroll";

/** React Router's <Link>, or a plain anchor inside a static island. */
export function AppLink({
  to,
  preventScrollReset,
  ...attributes
}: { to: string; preventScrollReset?: boolean } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { "data-testid"?: string; "data-kind"?: string }) {
  return useContext(PlainLinksContext) ? (
    <a href={to} {...attributes} {...(preventScrollReset ? { [KEEP_SCROLL_ATTRIBUTE]: "" } : {})} />
  ) : (
    <Link to={to} preventScrollReset={preventScrollReset} {...attributes} />
  );
}
