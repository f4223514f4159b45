import { Link } from "react-router";
import { useTrans } from "~/bootstrap/use-bootstrap";
import type { Menu, MenuItem } from "~/menus/menu";

/** A menu item: in-app navigation for routes, a plain anchor for links. */
export function MenuItemLink({ item, className }: { item: MenuItem; className?: string }) {
  const t = useTrans();
  const rel = item.target === "_blank" ? "noopener noreferrer" : undefined;
  if (item.type === "route") {
    return (
      <Link to={item.action} target={item.target} rel={rel} className={className}>
        {t(item.label)}
      </Link>
    );
  }
  return (
    <a href={item.action} target={item.target} rel={rel} className={className}>
      {t(item.label)}
    </a>
  );
}

export function findMenu(menus: readonly Menu[], position: Menu["positions"][number]) {
  return menus.find((menu) => menu.positions.includes(position)) ?? null;
}
