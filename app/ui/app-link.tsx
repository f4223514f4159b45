import { createContext, useContext, type AnchorHTMLAttributes } from "react";
import { Link } from "react-router";

/**
 * Set by a guest's static island as the server renders it (app/request/server-html.tsx, decision 045):
 * the browser keeps that HTML without hydrating it and the island follows its own links, so its
 * links can be plain anchors. React Router's <Link> runs several hooks for each link on every
 * render, a few per cent of an uncached page's CPU on pages of cards.
 */
export const PlainLinksContext = createContext(false);

/** React Router's <Link> to an absolute path, or a plain anchor inside a static island. */
export function AppLink({ to, ...attributes }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { "data-testid"?: string; "data-kind"?: string }) {
  return useContext(PlainLinksContext) ? <a href={to} {...attributes} /> : <Link to={to} {...attributes} />;
}
