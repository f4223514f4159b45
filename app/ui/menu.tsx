import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuTrigger,
  Popover as AriaPopover,
  Separator,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  type PopoverProps as AriaPopoverProps,
} from "react-aria-components";
import { popoverClasses } from "./popover";
import { AriaScope } from "./aria-provider";

export { MenuTrigger };

/**
 * A dropdown menu (user menu, row actions). Arrow keys move, type-ahead
 * jumps, Enter activates, Escape closes and focus returns to the trigger.
 *
 *   <MenuTrigger>
 *     <Button aria-label={t("Account")}>…</Button>
 *     <Menu>
 *       <MenuItem href="/account-settings">{t("Account settings")}</MenuItem>
 *       <MenuItem onAction={logout}>{t("Log out")}</MenuItem>
 *     </Menu>
 *   </MenuTrigger>
 *
 * Items with `href` navigate through React Router (see AriaScope).
 */
export function Menu<T extends object>({
  placement = "bottom end",
  className = "",
  ...props
}: Omit<AriaMenuProps<T>, "className"> & { placement?: AriaPopoverProps["placement"]; className?: string }) {
  return (
    <AriaScope>
      <AriaPopover placement={placement} offset={6} className={`${popoverClasses} min-w-48 p-1 ${className}`}>
        <AriaMenu {...props} className="max-h-[inherit] overflow-auto outline-none" />
      </AriaPopover>
    </AriaScope>
  );
}

export function MenuItem({ className = "", isDanger = false, children, ...props }: Omit<AriaMenuItemProps, "className"> & { className?: string; isDanger?: boolean }) {
  const textValue = props.textValue ?? (typeof children === "string" ? children : undefined);
  return (
    <AriaMenuItem
      {...props}
      textValue={textValue}
      className={`flex cursor-default items-center gap-3 rounded-md px-3 py-2 text-sm outline-none data-[focused]:bg-paper data-[disabled]:opacity-50 ${
        isDanger ? "text-danger" : "text-foreground"
      } ${className}`}
    >
      {children}
    </AriaMenuItem>
  );
}

export function MenuSeparator() {
  return <Separator className="my-1 border-t border-divider" />;
}
