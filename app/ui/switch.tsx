import type { ReactNode } from "react";
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from "react-aria-components";
import { AriaScope } from "./aria-provider";

/** An on/off switch. With `name` it submits like a checkbox ("on" when on). */
export function Switch({ children, className = "", ...props }: Omit<AriaSwitchProps, "children" | "className"> & { children?: ReactNode; className?: string }) {
  return (
    <AriaScope>
      <AriaSwitch {...props} className={`group inline-flex cursor-default items-center gap-3 text-sm text-foreground data-[disabled]:opacity-50 ${className}`}>
        <span className="flex h-6 w-10 shrink-0 items-center rounded-full bg-divider p-0.5 transition-colors group-data-[selected]:bg-primary group-data-[focus-visible]:ring-2 group-data-[focus-visible]:ring-focus group-data-[focus-visible]:ring-offset-2 group-data-[focus-visible]:ring-offset-background">
          <span className="size-5 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-4" />
        </span>
        {children}
      </AriaSwitch>
    </AriaScope>
  );
}
