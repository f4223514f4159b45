import type { ReactNode } from "react";
import {
  Autocomplete,
  Button as AriaButton,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover as AriaPopover,
  SearchField,
  Select as AriaSelect,
  SelectValue,
  Text,
  type Key,
  type SelectProps as AriaSelectProps,
} from "react-aria-components";
import { useTrans } from "~/i18n/translation-context";
import { descriptionClasses, errorClasses, inputClasses, labelClasses, listBoxItemClasses } from "./field-styles";
import { matchesQuery } from "./filter";
import { ChevronDownIcon } from "./control-icons";
import { CheckIcon, SearchIcon } from "./icons";
import { popoverClasses } from "./popover";
import { AriaScope } from "./aria-provider";

export interface SelectOption {
  id: Key;
  label: string;
  /** Smaller second line. */
  description?: string;
  isDisabled?: boolean;
}

export interface SelectProps extends Omit<AriaSelectProps<SelectOption, "single">, "children" | "className" | "items"> {
  label?: ReactNode;
  description?: ReactNode;
  errorMessage?: string;
  options: SelectOption[];
  /** Show a search box above the options (case-insensitive substring filter). */
  isSearchable?: boolean;
  className?: string;
}

/**
 * A select for screens that need JavaScript anyway (filters, settings
 * dialogs). With `name` it submits its key in a hidden native select.
 * Inside forms that must work without JavaScript use forms/SelectField,
 * which renders a native <select>.
 *
 * Type-ahead on the closed button and in the list resets after
 * TYPEAHEAD_RESET_MS (see vite.config.ts, react-aria's default is 1 s).
 */
export function Select({ label, description, errorMessage, options, isSearchable = false, className = "", ...props }: SelectProps) {
  const t = useTrans();
  const list = (
    <ListBox items={options} className="max-h-72 overflow-auto p-1 outline-none" renderEmptyState={() => <EmptyState />}>
      {(option) => (
        <ListBoxItem id={option.id} textValue={option.label} isDisabled={option.isDisabled} className={listBoxItemClasses}>
          {({ isSelected }) => (
            <>
              <span className="flex min-w-0 flex-auto flex-col">
                <span className="truncate">{option.label}</span>
                {option.description ? <span className="truncate text-xs font-normal text-muted">{option.description}</span> : null}
              </span>
              {isSelected ? <CheckIcon className="size-4 shrink-0 text-primary" /> : null}
            </>
          )}
        </ListBoxItem>
      )}
    </ListBox>
  );
  return (
    <AriaScope>
      <AriaSelect {...props} className={`flex flex-col gap-1.5 ${className}`}>
        {label ? <Label className={labelClasses}>{label}</Label> : null}
        <AriaButton className={`${inputClasses} flex items-center justify-between gap-2 text-left`}>
          <SelectValue className="truncate data-[placeholder]:text-muted" />
          <ChevronDownIcon className="size-4 shrink-0 text-muted" />
        </AriaButton>
        {description ? (
          <Text slot="description" className={descriptionClasses}>
            {description}
          </Text>
        ) : null}
        <FieldError className={errorClasses}>{errorMessage}</FieldError>
        <AriaPopover offset={4} className={`${popoverClasses} flex flex-col`}>
          {isSearchable ? (
            <Autocomplete filter={matchesQuery}>
              <SearchField aria-label={t("Search")} autoFocus className="border-b border-divider p-2">
                <div className="relative">
                  <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted" />
                  <Input placeholder={t("Search...")} className={`${inputClasses} pl-8`} />
                </div>
              </SearchField>
              {list}
            </Autocomplete>
          ) : (
            list
          )}
        </AriaPopover>
      </AriaSelect>
    </AriaScope>
  );
}

/** What a filtered list shows when nothing matches. */
export function EmptyState() {
  const t = useTrans();
  return <div className="px-3 py-6 text-center text-sm text-muted">{t("There are no items matching your query")}</div>;
}
