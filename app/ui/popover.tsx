import type { ReactNode } from "react";
import { Dialog as AriaDialog, DialogTrigger, Popover as AriaPopover, PreviewTrigger, type PopoverProps as AriaPopoverProps } from "react-aria-components";
import { POPOVER_HOVER_CLOSE_DELAY_MS } from "~/constants";
import { AriaScope } from "./aria-provider";

export { DialogTrigger as PopoverTrigger };

export const popoverClasses = "min-w-(--trigger-width) rounded-theme border border-divider bg-elevated text-foreground shadow-xl outline-none";

export type PopoverProps = Omit<AriaPopoverProps, "className" | "children"> & {
  className?: string;
  children: ReactNode;
  /** Accessible name when the content has no heading. */
  "aria-label"?: string;
};

/**
 * A click-open popover with interactive content (e.g. the notifications
 * list). Put it after the trigger button inside `PopoverTrigger`.
 */
export function Popover({ className = "", children, "aria-label": ariaLabel, offset = 8, ...props }: PopoverProps) {
  return (
    <AriaScope>
      <AriaPopover offset={offset} {...props} className={`${popoverClasses} ${className}`}>
        <AriaDialog aria-label={ariaLabel} className="max-h-[inherit] overflow-auto outline-none">
          {children}
        </AriaDialog>
      </AriaPopover>
    </AriaScope>
  );
}

/**
 * A popover that opens while the pointer rests on (or focus is on) its
 * trigger, and closes POPOVER_HOVER_CLOSE_DELAY_MS after the pointer leaves
 * both, so the pointer can travel into it (e.g. a person preview on a link).
 *
 *   <HoverPopover trigger={<AriaRouterLink href="/people/1">Ada</AriaRouterLink>}>…card…</HoverPopover>
 *
 * The trigger must be a focusable React Aria element (AriaRouterLink from
 * ./link, Button); a plain router <Link> does not receive the hover handlers.
 */
export function HoverPopover({
  trigger,
  children,
  openDelay = 400,
  placement = "bottom start",
  className = "",
  "aria-label": ariaLabel,
}: {
  trigger: ReactNode;
  children: ReactNode;
  /** How long the pointer rests before it opens. */
  openDelay?: number;
  placement?: AriaPopoverProps["placement"];
  className?: string;
  "aria-label"?: string;
}) {
  return (
    <AriaScope>
      <PreviewTrigger delay={openDelay} closeDelay={POPOVER_HOVER_CLOSE_DELAY_MS}>
        {trigger}
        <AriaPopover placement={placement} offset={6} className={`${popoverClasses} ${className}`}>
          <AriaDialog aria-label={ariaLabel} className="outline-none">
            {children}
          </AriaDialog>
        </AriaPopover>
      </PreviewTrigger>
    </AriaScope>
  );
}
