import { Link as AriaLink, type LinkProps as AriaLinkProps } from "react-aria-components";
import { AriaScope } from "./aria-provider";

/**
 * A React Aria link: navigates through React Router (client-side) and can be
 * the trigger of a HoverPopover or Tooltip, which a plain router <Link>
 * cannot. For ordinary links on public pages prefer react-router's <Link>:
 * it costs no extra JavaScript.
 */
export function AriaRouterLink({ className = "", ...props }: Omit<AriaLinkProps, "className"> & { className?: string }) {
  return (
    <AriaScope>
      <AriaLink {...props} className={`rounded-sm outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-focus ${className}`} />
    </AriaScope>
  );
}
