import { Link } from "react-router";
import type { MenuPosition, RenderedMenu, RenderedMenuItem } from "~/menus/menu";

/** A menu item: in-app navigation for routes, a plain anchor for links. Its label comes translated (bootstrap.server.ts). */
export function MenuItemLink({ item, className }: { item: RenderedMenuItem; className?: string }) {
  const rel = item.target === "_blank" ? "noopener noreferrer" : undefined;
  if (item.type === "route") {
    return (
      <Link to={item.action} target={item.target} rel={rel} className={className}>
        {item.label}
      </Link>
    );
  }
  return (
    <a href={item.action} target={item.target} rel={rel} className={className}>
      {item.label}
    </a>
  );
}

export function findMenu<M extends RenderedMenu>(menus: readonly M[], position: MenuPosition): M | null {
  return menus.find((menu) => menu.positions.includes(position)) ?? null;
}
