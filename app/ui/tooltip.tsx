import type { ReactElement, ReactNode } from "react";
import { OverlayArrow, Tooltip as AriaTooltip, TooltipTrigger, type TooltipProps as AriaTooltipProps } from "react-aria-components";
import { TOOLTIP_CLOSE_DELAY_MS, TOOLTIP_DELAY_MS } from "~/constants";
import { AriaScope } from "./aria-provider";

/**
 * A tooltip on a focusable React Aria element (Button, Link...). It opens
 * after TOOLTIP_DELAY_MS of hover (at once on keyboard focus, and at once
 * for a neighbour while another tooltip was just shown) and stays
 * TOOLTIP_CLOSE_DELAY_MS after the pointer leaves.
 *
 *   <Tooltip label={t("Copy link")}><Button size="icon">…</Button></Tooltip>
 *
 * A tooltip only adds a hint: the trigger still needs its own accessible name.
 */
export function Tooltip({ label, children, placement = "top", isDisabled }: { label: ReactNode; children: ReactElement; placement?: AriaTooltipProps["placement"]; isDisabled?: boolean }) {
  return (
    <AriaScope>
      <TooltipTrigger delay={TOOLTIP_DELAY_MS} closeDelay={TOOLTIP_CLOSE_DELAY_MS} isDisabled={isDisabled}>
        {children}
        <AriaTooltip placement={placement} offset={8} className="max-w-xs rounded-md bg-foreground px-2 py-1 text-xs font-medium text-background shadow-lg">
          <OverlayArrow className="group">
            <svg width={8} height={8} viewBox="0 0 8 8" className="fill-foreground group-data-[placement=bottom]:rotate-180">
              <path d="M0 0 L4 4 L8 0" />
            </svg>
          </OverlayArrow>
          {label}
        </AriaTooltip>
      </TooltipTrigger>
    </AriaScope>
  );
}
