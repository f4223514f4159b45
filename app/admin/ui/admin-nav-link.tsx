import { Link, useLocation } from "react-router";

/**
 * A link of the admin navigation that knows whether it is the current page
 * (aria-current="page" and the active style), as React Router's NavLink
 * does for these menus. Not NavLink itself: the router is one module in the
 * shell chunk every public page loads, and NavLink with its view-transition
 * helper would ship to every guest for the admin area alone (the public-page
 * JavaScript budget, decision 006).
 */
export function AdminNavLink({
  to,
  end = false,
  className,
  children,
}: {
  to: string;
  /** Active only on `to` itself, not on the pages below it. */
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
  children: React.ReactNode;
}) {
  const isActive = isActivePath(useLocation().pathname, to, end);
  return (
    <Link to={to} className={className({ isActive })} aria-current={isActive ? "page" : undefined}>
      {children}
    </Link>
  );
}

/** NavLink's rule: the same path (ignoring case and a trailing slash), or below it unless `end`. */
export function isActivePath(pathname: string, to: string, end: boolean): boolean {
  const current = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  const target = to.toLowerCase().replace(/\/+$/, "") || "/";
  if (current === target) return true;
  return !end && (target === "/" || current.startsWith(`${target}/`));
}
