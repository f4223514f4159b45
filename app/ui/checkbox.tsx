import type { ReactNode } from "react";
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from "react-aria-components";
import { CheckIcon } from "./icons";
import { AriaScope } from "./aria-provider";

/**
 * A checkbox with indeterminate support (e.g. a notification group's
 * "all channels" box). In no-JS forms use forms/CheckboxField (a native input).
 */
export function Checkbox({ children, className = "", ...props }: Omit<AriaCheckboxProps, "children" | "className"> & { children?: ReactNode; className?: string }) {
  return (
    <AriaScope>
      <AriaCheckbox {...props} className={`group inline-flex cursor-default items-center gap-2 text-sm text-foreground data-[disabled]:opacity-50 ${className}`}>
        {({ isIndeterminate, isSelected }) => (
          <>
            <span className="flex size-4 shrink-0 items-center justify-center rounded border border-muted bg-background text-on-primary transition-colors group-data-[selected]:border-primary group-data-[selected]:bg-primary group-data-[indeterminate]:border-primary group-data-[indeterminate]:bg-primary group-data-[invalid]:border-danger group-data-[focus-visible]:ring-2 group-data-[focus-visible]:ring-focus group-data-[focus-visible]:ring-offset-2 group-data-[focus-visible]:ring-offset-background">
              {isIndeterminate ? <span className="h-0.5 w-2 rounded bg-current" /> : isSelected ? <CheckIcon className="size-3" /> : null}
            </span>
            {children}
          </>
        )}
      </AriaCheckbox>
    </AriaScope>
  );
}
