import { createContext, useContext } from "react";
import { Link, type LinkProps } from "react-router";

/**
 * Set by a guest's static island as the server renders it (app/request/server-html.tsx, decision 045):
 * the browser keeps that HTML without hydrating it and the island follows its own links, so its
 * links can be plain anchors. React Router's <Link> runs several hooks for each link on every
 * render, a few per cent of an uncached page's CPU on pages of cards.
 */
export const PlainLinksContext = createContext(false);

/** React Router's <Link> to an absolute path, or a plain anchor inside a static island. */
export function AppLink({ to, ...props }: Omit<LinkProps, "to"> & { to: string }) {
  const plain = useContext(PlainLinksContext);
  if (!plain) return <Link to={to} {...props} />;
  const {
    prefetch: _prefetch,
    replace: _replace,
    state: _state,
    preventScrollReset: _reset,
    relative: _relative,
    reloadDocument: _reload,
    viewTransition: _transition,
    discover: _discover,
    ...anchor
  } = props;
  return <a href={to} {...anchor} />;
}
