import type { ReactNode } from "react";
import {
  Button as AriaButton,
  ComboBox as AriaComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover as AriaPopover,
  Text,
  type ComboBoxProps as AriaComboBoxProps,
} from "react-aria-components";
import { useTrans } from "~/i18n/translation-context";
import { descriptionClasses, errorClasses, inputClasses, labelClasses, listBoxItemClasses } from "./field-styles";
import { matchesQuery } from "./filter";
import { ChevronDownIcon } from "./control-icons";
import { popoverClasses } from "./popover";
import { EmptyState, type SelectOption } from "./select";
import { Spinner } from "./spinner";
import { AriaScope } from "./aria-provider";

export interface ComboBoxProps<T extends SelectOption> extends Omit<AriaComboBoxProps<T, "single">, "children" | "className" | "items" | "defaultItems"> {
  label?: ReactNode;
  description?: ReactNode;
  errorMessage?: string;
  placeholder?: string;
  /**
   * Static options, filtered here by a case-insensitive substring match.
   * For server-side search pass `items` (already filtered, e.g. from
   * useClientQuery) together with `inputValue` / `onInputChange` instead.
   */
  defaultItems?: T[];
  items?: T[];
  /** Shows a spinner while server results load. */
  isLoading?: boolean;
  renderItem?: (item: T) => ReactNode;
  className?: string;
}

/**
 * A text field with a list of suggestions (type-ahead). The list opens while
 * typing, shows "There are no items matching your query" when nothing
 * matches, and selection is by keyboard or pointer.
 */
export function ComboBox<T extends SelectOption>({ label, description, errorMessage, placeholder, isLoading = false, renderItem, className = "", ...props }: ComboBoxProps<T>) {
  const t = useTrans();
  return (
    <AriaScope>
      <AriaComboBox defaultFilter={matchesQuery} allowsEmptyCollection {...props} className={`flex flex-col gap-1.5 ${className}`}>
        {label ? <Label className={labelClasses}>{label}</Label> : null}
        <div className="relative">
          <Input placeholder={placeholder} className={`${inputClasses} pr-16`} />
          <div className="absolute inset-y-0 right-1 flex items-center gap-1">
            {isLoading ? <Spinner className="size-4 text-muted" label={t("Loading")} /> : null}
            <AriaButton className="rounded p-1 text-muted outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-focus">
              <ChevronDownIcon className="size-4" />
            </AriaButton>
          </div>
        </div>
        {description ? (
          <Text slot="description" className={descriptionClasses}>
            {description}
          </Text>
        ) : null}
        <FieldError className={errorClasses}>{errorMessage}</FieldError>
        <AriaPopover offset={4} className={popoverClasses}>
          <ListBox<T> className="max-h-72 overflow-auto p-1 outline-none" renderEmptyState={() => (isLoading ? null : <EmptyState />)}>
            {(item) => (
              <ListBoxItem id={item.id} textValue={item.label} isDisabled={item.isDisabled} className={listBoxItemClasses}>
                {renderItem ? (
                  renderItem(item)
                ) : (
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate">{item.label}</span>
                    {item.description ? <span className="truncate text-xs text-muted">{item.description}</span> : null}
                  </span>
                )}
              </ListBoxItem>
            )}
          </ListBox>
        </AriaPopover>
      </AriaComboBox>
    </AriaScope>
  );
}
