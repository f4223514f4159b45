import type { ReactNode } from "react";
import { Form, Link, useSubmit } from "react-router";
import { AdSlot } from "~/ads/ad-slot";
import { formWithoutEmptyFields } from "~/http/clean-query";
import { useTrans } from "~/i18n/translation-context";
import { useBootstrap } from "~/ui/use-bootstrap";
import { fieldLabelClasses, Pagination, selectClasses } from "./pagination";

type BrowseAds = Partial<Record<"ads.general_top" | "ads.general_bottom", string>>;

/**
 * The frame of a browse page (/titles, /people): ad slots, heading, the
 * result count and the Sort control, the filter form, the results or an
 * empty state, and pagination. The form is a plain GET to `path`, so it
 * works without JavaScript (the Apply button); with it, a changed list
 * applies at once and typed fields wait for Enter. On small screens the
 * filters sit in a <details> drawer (app.css) so the results are on the
 * first screen.
 */
export function BrowseLayout({
  testId,
  heading,
  path,
  formClassName,
  actionsClassName = "",
  filters,
  activeFilters,
  sort,
  total,
  more = false,
  pages,
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
  /** Grid classes of the filter fields (it has as many columns as filters). */
  formClassName: string;
  /** Grid classes of the Apply / Clear row. */
  actionsClassName?: string;
  /** The filter fields; the Apply and Clear controls follow them. */
  filters: ReactNode;
  /** How many filters are set (shown on the drawer's summary). */
  activeFilters: number;
  /** The Sort control, shown beside the result count. */
  sort: ReactNode;
  /** How many results match, and on how many pages. */
  total: number;
  /** More match than `total` (the count stops at the last page's worth). */
  more?: boolean;
  pages: number;
  ads: BrowseAds;
  /** Shown instead of `results` when there are none. */
  empty: ReactNode | null;
  results: ReactNode;
  page: number;
  hasNext: boolean;
  pageHref: (page: number) => string;
}) {
  const t = useTrans();
  // The count in the visitor's grouping ("1,408 results"): translate() writes the bare number.
  const language = useBootstrap().i18n.language;
  const submit = useSubmit();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 md:py-10" data-testid={testId}>
      <AdSlot slot="ads.general_top" html={ads["ads.general_top"]} />
      <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{heading}</h1>
      <Form
        method="get"
        action={path}
        data-testid="browse-filters"
        onChange={(event) => {
          // Lists apply at once; typed fields and boxes wait for Enter or the button.
          if (event.target instanceof HTMLSelectElement) submit(formWithoutEmptyFields(new FormData(event.currentTarget)), { method: "get", action: path, preventScrollReset: true });
        }}
        onSubmit={(event) => {
          // Only the fields that say something go into the address (decision 031).
          event.preventDefault();
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          submit(formWithoutEmptyFields(new FormData(event.currentTarget, submitter)), { method: "get", action: path, preventScrollReset: true });
        }}
      >
        <details className="browse-drawer mt-4 md:mt-6" data-testid="filter-drawer">
          <summary className="inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-theme border border-divider bg-paper px-4 text-sm font-semibold text-foreground">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8">
              <path d="M3 5h14M6 10h8M8.5 15h3" strokeLinecap="round" />
            </svg>
            {activeFilters ? t("Filters (:count)", { count: activeFilters }) : t("Filters")}
          </summary>
          <div className={`mt-3 grid grid-cols-2 gap-4 rounded-theme border border-divider bg-paper p-4 md:mt-0 ${formClassName}`}>
            {filters}
            <div className={`flex items-end gap-3 ${actionsClassName}`}>
              <button type="submit" className="h-10 rounded-theme bg-primary px-5 text-sm font-semibold text-on-primary hover:opacity-90" data-testid="apply-filters">
                {t("Apply filters")}
              </button>
              <Link to={path} className="text-sm font-medium text-muted hover:text-foreground">
                {t("Clear")}
              </Link>
            </div>
          </div>
        </details>
        <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
          <p className="text-sm text-muted" data-testid="result-count" aria-live="polite">
            {(more ? t("More than :count results", { count: total }) : t(":count [one result|other results]", { count: total })).replace(String(total), total.toLocaleString(language))}
            {pages > 1 ? ` · ${t("Page :page of :pages", { page, pages })}` : ""}
          </p>
          {sort}
        </div>
      </Form>
      {empty ?? results}
      <Pagination page={page} hasNext={hasNext} href={pageHref} pages={pages} />
      <AdSlot slot="ads.general_bottom" html={ads["ads.general_bottom"]} />
    </div>
  );
}

/**
 * The one Sort control (a sort and its direction). Without JavaScript its
 * own button applies it, with the filters as they are set in the form.
 */
export function SortSelect({ value, options }: { value: string; options: { value: string; label: string }[] }) {
  const t = useTrans();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="filter-sort" className="text-sm font-medium text-foreground">
        {t("Sort")}
      </label>
      <select id="filter-sort" name="sort" defaultValue={value} className={`${selectClasses} w-auto`} data-testid="sort-select">
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="h-10 rounded-theme border border-divider px-3 text-sm font-medium text-foreground">
          {t("Sort")}
        </button>
      </noscript>
    </div>
  );
}

/** A labelled list of a browse form; the first option is "no filter" (empty value). */
export function FilterSelect({ name, label, value, options }: { name: string; label: string; value: string | number | undefined; options: { value: string | number; label: string }[] }) {
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
