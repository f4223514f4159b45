import { useRef, useState, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { buttonClasses } from "~/ui/button-styles";
import { ConfirmDialog } from "~/ui/dialog";
import { inputClasses } from "~/ui/field-styles";
import { ChevronDownIcon } from "~/ui/control-icons";
import { SearchIcon } from "~/ui/icons";
import { useHydrated } from "~/ui/use-hydrated";
import type { ConfirmationRequest } from "../confirm";
import { listHref, PER_PAGE_CHOICES, type ListParams } from "../list-params";
import { ConfirmationPanel } from "./confirmation-panel";

/**
 * The admin area's data table: search, filters, sortable columns, pages,
 * row selection with bulk actions and per-row actions. Everything lives in
 * the URL and in plain forms, so it works without JavaScript (search and
 * filters are a GET form, sorting and pages are links, bulk actions post the
 * checked rows); with JavaScript filters apply as they change, a header box
 * selects the page, and destructive actions ask in a dialog.
 */
export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The sort key this column orders by (a header link), if sortable. */
  sortKey?: string;
  className?: string;
  /** Keeps the column off small screens. */
  hideOnMobile?: boolean;
}

export interface ListFilter {
  name: string;
  label: string;
  options: { value: string; label: string }[];
}

export interface ListAction {
  intent: string;
  label: string;
  /** Red, and confirmed first (with the message). */
  danger?: boolean;
  confirm?: { title: string; message: string; confirmLabel: string };
}

export interface DataTableProps<Row> {
  /** Names the table for assistive technology ("Titles"). */
  label: string;
  rows: Row[];
  rowId: (row: Row) => number;
  /** Rows a bulk action may not touch (e.g. a channel the home page uses) get no checkbox. */
  canSelect?: (row: Row) => boolean;
  columns: Column<Row>[];
  params: ListParams;
  /** Total rows matching, when counted; null shows only previous/next. */
  total: number | null;
  hasNextPage: boolean;
  filters?: ListFilter[];
  searchPlaceholder?: string;
  /** Actions for the checked rows (posted with intent and ids). */
  bulkActions?: ListAction[];
  /** Actions on one row (posted as row="<intent>:<id>"). */
  rowActions?: (row: Row) => ListAction[];
  /** Buttons beside the search (e.g. "New title"). */
  toolbar?: ReactNode;
  /** The action's confirmation request (no JavaScript), rendered above the table. */
  confirmation?: ConfirmationRequest | null;
  emptyMessage?: string;
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, rows, rowId, columns, params, total, hasNextPage, filters = [], bulkActions = [], rowActions, toolbar, confirmation } = props;
  const t = useTrans();
  const hydrated = useHydrated();
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const search = new URLSearchParams(location.search);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [pending, setPending] = useState<{ action: ListAction; ids: number[] } | null>(null);
  const bulkForm = useRef<HTMLFormElement>(null);
  const pageIds = (props.canSelect ? rows.filter(props.canSelect) : rows).map(rowId);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someSelected = pageIds.some((id) => selected.has(id));
  const selectable = bulkActions.length > 0;
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;

  function toggle(id: number, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function run(action: ListAction, ids: number[]) {
    const formData = new FormData();
    formData.set("intent", action.intent);
    for (const id of ids) formData.append("ids", String(id));
    formData.set("confirmed", "yes");
    submit(formData, { method: "post", action: location.pathname + location.search });
    setSelected(new Set());
  }

  /** With JavaScript a destructive action asks first; the rest post at once. */
  function onAction(event: React.MouseEvent, action: ListAction, ids: number[]) {
    if (!hydrated) return;
    event.preventDefault();
    if (ids.length === 0) return;
    if (action.confirm) setPending({ action, ids });
    else run(action, ids);
  }

  const offset = (params.page - 1) * params.perPage;
  const sortLink = (key: string) => {
    const dir = params.sort === key && params.dir === "asc" ? "desc" : "asc";
    return listHref(location.pathname, search, { sort: key, dir });
  };

  return (
    <section aria-label={label} className="flex flex-col gap-4" data-testid="data-table">
      {confirmation ? <ConfirmationPanel request={confirmation} /> : null}

      <div className="flex flex-wrap items-end gap-3">
        <Form method="get" role="search" className="flex flex-1 flex-wrap items-end gap-3" aria-label={t("Search and filter")}>
          <label className="relative min-w-56 flex-1 sm:max-w-sm">
            <span className="sr-only">{t("Search")}</span>
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
            <input type="search" name="q" defaultValue={params.q} placeholder={props.searchPlaceholder ?? t("Search...")} className={`${inputClasses} pl-9`} maxLength={200} />
          </label>
          {filters.map((filter) => (
            <label key={filter.name} className="flex flex-col gap-1 text-xs text-muted">
              {t(filter.label)}
              <span className="relative">
                <select
                  name={filter.name}
                  defaultValue={params.filters[filter.name] ?? ""}
                  className={`${inputClasses} appearance-none py-1.5 pr-8`}
                  onChange={(event) => event.currentTarget.form?.requestSubmit()}
                  data-testid={`filter-${filter.name}`}
                >
                  <option value="">{t("All")}</option>
                  {filter.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {t(option.label)}
                    </option>
                  ))}
                </select>
                <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2 size-4 -translate-y-1/2" />
              </span>
            </label>
          ))}
          {params.sort ? <input type="hidden" name="sort" value={params.sort} /> : null}
          {params.dir ? <input type="hidden" name="dir" value={params.dir} /> : null}
          <input type="hidden" name="perPage" value={params.perPage} />
          <button type="submit" className={buttonClasses({ variant: "outlined", color: "neutral", size: "md" })}>
            {t("Search")}
          </button>
        </Form>
        {toolbar ? <div className="flex flex-wrap gap-2">{toolbar}</div> : null}
      </div>

      <Form method="post" ref={bulkForm} action={location.pathname + location.search} className="flex flex-col gap-2">
        {selectable ? (
          <div className="flex min-h-10 flex-wrap items-center gap-2 text-sm" data-testid="bulk-actions">
            <span className="text-muted" aria-live="polite">
              {hydrated ? (selected.size > 0 ? t(":count selected", { count: selected.size }) : t("Select rows for bulk actions")) : t("Tick rows, then choose an action")}
            </span>
            {bulkActions.map((action) => (
              <button
                key={action.intent}
                type="submit"
                name="intent"
                value={action.intent}
                disabled={hydrated && selected.size === 0}
                onClick={(event) => onAction(event, action, [...selected])}
                className={buttonClasses({ variant: "outlined", color: action.danger ? "danger" : "neutral", size: "sm" })}
              >
                {t(action.label)}
              </button>
            ))}
          </div>
        ) : null}

        <div className={`overflow-x-auto rounded-theme border border-divider bg-elevated ${loading ? "opacity-60" : ""}`}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{label}</caption>
            <thead className="border-b border-divider bg-paper text-xs tracking-wide text-muted uppercase">
              <tr>
                {selectable ? (
                  <th scope="col" className="w-10 px-3 py-2">
                    {hydrated ? (
                      <input
                        type="checkbox"
                        aria-label={t("Select all rows on this page")}
                        checked={allSelected}
                        ref={(el) => {
                          if (el) el.indeterminate = someSelected && !allSelected;
                        }}
                        onChange={(event) => {
                          const on = event.currentTarget.checked;
                          setSelected((current) => {
                            const next = new Set(current);
                            for (const id of pageIds) {
                              if (on) next.add(id);
                              else next.delete(id);
                            }
                            return next;
                          });
                        }}
                        className="size-4 accent-(--be-primary)"
                      />
                    ) : (
                      <span className="sr-only">{t("Select")}</span>
                    )}
                  </th>
                ) : null}
                {columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={`px-3 py-2 font-semibold ${column.hideOnMobile ? "hidden md:table-cell" : ""} ${column.className ?? ""}`}
                    aria-sort={column.sortKey && params.sort === column.sortKey ? (params.dir === "asc" ? "ascending" : "descending") : undefined}
                  >
                    {column.sortKey ? (
                      <Link to={sortLink(column.sortKey)} className="inline-flex items-center gap-1 hover:text-foreground" preventScrollReset>
                        {column.header}
                        {params.sort === column.sortKey ? <ChevronDownIcon className={`size-3.5 ${params.dir === "asc" ? "rotate-180" : ""}`} /> : null}
                      </Link>
                    ) : (
                      column.header
                    )}
                  </th>
                ))}
                {rowActions ? (
                  <th scope="col" className="px-3 py-2 text-right">
                    <span className="sr-only">{t("Actions")}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-divider">
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0)} className="px-3 py-10 text-center text-muted">
                    {props.emptyMessage ?? (params.q || Object.values(params.filters).some(Boolean) ? t("Nothing matches these filters.") : t("Nothing here yet."))}
                  </td>
                </tr>
              ) : (
                rows.map((row) => {
                  const id = rowId(row);
                  return (
                    <tr key={id} className="hover:bg-paper/60" data-row-id={id}>
                      {selectable && props.canSelect && !props.canSelect(row) ? (
                        <td className="px-3 py-2" />
                      ) : selectable ? (
                        <td className="px-3 py-2">
                          <input
                            type="checkbox"
                            name="ids"
                            value={id}
                            aria-label={t("Select row :id", { id })}
                            checked={hydrated ? selected.has(id) : undefined}
                            onChange={(event) => toggle(id, event.currentTarget.checked)}
                            className="size-4 accent-(--be-primary)"
                          />
                        </td>
                      ) : null}
                      {columns.map((column) => (
                        <td key={column.key} className={`px-3 py-2 align-middle ${column.hideOnMobile ? "hidden md:table-cell" : ""} ${column.className ?? ""}`}>
                          {column.cell(row)}
                        </td>
                      ))}
                      {rowActions ? (
                        <td className="px-3 py-2 text-right whitespace-nowrap">
                          {rowActions(row).map((action) => (
                            <button
                              key={action.intent}
                              type="submit"
                              name="row"
                              value={`${action.intent}:${id}`}
                              onClick={(event) => onAction(event, action, [id])}
                              className={buttonClasses({ variant: "text", color: action.danger ? "danger" : "neutral", size: "xs" })}
                            >
                              {t(action.label)}
                            </button>
                          ))}
                        </td>
                      ) : null}
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
      </Form>

      <Pagination params={params} total={total} hasNextPage={hasNextPage} shown={rows.length} offset={offset} />

      {pending ? (
        <ConfirmDialog
          isOpen
          onOpenChange={(open) => (open ? undefined : setPending(null))}
          title={t(pending.action.confirm!.title)}
          body={t(pending.action.confirm!.message, { count: pending.ids.length })}
          confirmLabel={t(pending.action.confirm!.confirmLabel)}
          isDanger={pending.action.danger}
          onConfirm={() => run(pending.action, pending.ids)}
        />
      ) : null}
    </section>
  );
}

function Pagination({ params, total, hasNextPage, shown, offset }: { params: ListParams; total: number | null; hasNextPage: boolean; shown: number; offset: number }) {
  const t = useTrans();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const lastPage = total === null ? null : Math.max(1, Math.ceil(total / params.perPage));
  const pages = lastPage === null ? [] : pageNumbers(params.page, lastPage);
  const link = (page: number) => listHref(location.pathname, search, { page: page === 1 ? null : page });
  return (
    <nav aria-label={t("Pages")} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted" data-testid="list-summary">
        {shown === 0
          ? t("No results")
          : total === null
            ? t("Showing :from–:to", { from: offset + 1, to: offset + shown })
            : t("Showing :from–:to of :total", { from: offset + 1, to: offset + shown, total: total.toLocaleString() })}
      </p>
      <div className="flex flex-wrap items-center gap-1">
        {params.page > 1 ? (
          <Link to={link(params.page - 1)} className={buttonClasses({ variant: "text", color: "neutral", size: "sm" })} rel="prev">
            {t("Previous")}
          </Link>
        ) : null}
        {pages.map((page, index) =>
          page === null ? (
            <span key={`gap-${index}`} className="px-1 text-muted">
              …
            </span>
          ) : (
            <Link
              key={page}
              to={link(page)}
              aria-current={page === params.page ? "page" : undefined}
              className={buttonClasses({ variant: page === params.page ? "filled" : "text", color: page === params.page ? "primary" : "neutral", size: "sm" })}
            >
              {page}
            </Link>
          ),
        )}
        {hasNextPage ? (
          <Link to={link(params.page + 1)} className={buttonClasses({ variant: "text", color: "neutral", size: "sm" })} rel="next">
            {t("Next")}
          </Link>
        ) : null}
        <Form method="get" className="ml-2 flex items-center gap-1">
          {[...search.entries()]
            .filter(([key]) => key !== "perPage" && key !== "page")
            .map(([key, value]) => (
              <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
            ))}
          <label className="flex items-center gap-1 text-muted">
            {t("Per page")}
            <select
              name="perPage"
              defaultValue={params.perPage}
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
              className="rounded-theme border border-divider bg-background px-2 py-1 text-sm text-foreground"
            >
              {PER_PAGE_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit" className={buttonClasses({ variant: "text", color: "neutral", size: "sm" })}>
              {t("Apply")}
            </button>
          </noscript>
        </Form>
      </div>
    </nav>
  );
}

/** 1 … 4 5 [6] 7 8 … 20 */
function pageNumbers(current: number, last: number): (number | null)[] {
  const out: (number | null)[] = [];
  const from = Math.max(1, current - 2);
  const to = Math.min(last, current + 2);
  if (from > 1) out.push(1);
  if (from > 2) out.push(null);
  for (let page = from; page <= to; page++) out.push(page);
  if (to < last - 1) out.push(null);
  if (to < last) out.push(last);
  return out;
}
