import type { ReactNode } from "react";
import { Form, Link, useSubmit } from "react-router";
import { AdSlot } from "~/ads/ad-slot";
import { useTrans } from "~/i18n/translation-context";
import { fieldLabelClasses, Pagination, selectClasses } from "./pagination";

type BrowseAds = Partial<Record<"ads.general_top" | "ads.general_bottom", string>>;

/**
 * The frame of a browse page (/titles, /people): ad slots, heading, the
 * filter form, the results or an empty state, and pagination. The form is a
 * plain GET to `path`, so it works without JavaScript (the Apply button);
 * with it, a changed list applies at once and typed fields wait for Enter.
 */
export function BrowseLayout({
  testId,
  heading,
  path,
  formClassName,
  actionsClassName = "",
  filters,
  ads,
  empty,
  results,
  page,
  hasNext,
  pageHref,
}: {
  testId: string;
  heading: string;
  path: string;
  /** Grid classes of the filter form (it has as many columns as filters). */
  formClassName: string;
  /** Grid classes of the Apply / Clear row. */
  actionsClassName?: string;
  /** The filter fields; the Apply and Clear controls follow them. */
  filters: ReactNode;
  ads: BrowseAds;
  /** Shown instead of `results` when there are none. */
  empty: ReactNode | null;
  results: ReactNode;
  page: number;
  hasNext: boolean;
  pageHref: (page: number) => string;
}) {
  const t = useTrans();
  const submit = useSubmit();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6" data-testid={testId}>
      <AdSlot slot="ads.general_top" html={ads["ads.general_top"]} />
      <h1 className="text-3xl font-bold tracking-tight text-foreground">{heading}</h1>
      <Form
        method="get"
        action={path}
        className={`mt-6 grid grid-cols-2 gap-4 rounded-theme border border-divider bg-paper p-4 ${formClassName}`}
        data-testid="browse-filters"
        onChange={(event) => {
          // Lists apply at once; typed fields wait for Enter or the button.
          if (event.target instanceof HTMLSelectElement) submit(event.currentTarget, { preventScrollReset: true });
        }}
      >
        {filters}
        <div className={`flex items-end gap-3 ${actionsClassName}`}>
          <button type="submit" className="h-10 rounded-theme bg-primary px-5 text-sm font-semibold text-on-primary hover:opacity-90" data-testid="apply-filters">
            {t("Apply filters")}
          </button>
          <Link to={path} className="text-sm font-medium text-muted hover:text-foreground">
            {t("Clear")}
          </Link>
        </div>
      </Form>
      {empty ?? results}
      <Pagination page={page} hasNext={hasNext} href={pageHref} />
      <AdSlot slot="ads.general_bottom" html={ads["ads.general_bottom"]} />
    </div>
  );
}

/** A labelled list of a browse form; the first option is "no filter" (empty value). */
export function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | number | undefined;
  options: { value: string | number; label: string }[];
}) {
  const id = `filter-${name.replace(/_/g, "-")}`;
  return (
    <div>
      <label htmlFor={id} className={fieldLabelClasses}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={selectClasses}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
