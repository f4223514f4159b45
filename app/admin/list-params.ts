/**
 * The state of an admin list in its URL: search text, filters, sort column
 * and direction, page and page size. Parsed forgivingly (a bad value is
 * dropped, never an error), so any link or hand-edited address works.
 * Shared by loaders (to query) and the data table (to build links).
 */
export const PER_PAGE_CHOICES = [10, 25, 50, 100] as const;
export const DEFAULT_PER_PAGE = 25;
/** Deep pages are slow (OFFSET) and nobody pages that far in an admin list: search instead. */
export const MAX_PAGE = 1000;

export interface ListSpec<Sort extends string, Filter extends string> {
  sorts: readonly Sort[];
  defaultSort: Sort;
  defaultDir?: "asc" | "desc";
  /** Filter name to its allowed values (or a check for free-form values). */
  filters?: Record<Filter, readonly string[] | ((value: string) => boolean)>;
}

export interface ListParams<Sort extends string = string, Filter extends string = string> {
  q: string;
  sort: Sort;
  dir: "asc" | "desc";
  page: number;
  perPage: number;
  filters: Record<Filter, string | null>;
}

export function parseListParams<Sort extends string, Filter extends string = never>(url: URL, spec: ListSpec<Sort, Filter>): ListParams<Sort, Filter> {
  const params = url.searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const sortRaw = params.get("sort");
  const sort = spec.sorts.find((s) => s === sortRaw) ?? spec.defaultSort;
  const dirRaw = params.get("dir");
  const dir = dirRaw === "asc" || dirRaw === "desc" ? dirRaw : (spec.defaultDir ?? "desc");
  const pageRaw = Number.parseInt(params.get("page") ?? "1", 10);
  const page = Number.isSafeInteger(pageRaw) ? Math.min(Math.max(pageRaw, 1), MAX_PAGE) : 1;
  const perPageRaw = Number.parseInt(params.get("perPage") ?? "", 10);
  const perPage = (PER_PAGE_CHOICES as readonly number[]).includes(perPageRaw) ? perPageRaw : DEFAULT_PER_PAGE;
  const filters = {} as Record<Filter, string | null>;
  for (const [name, allowed] of Object.entries(spec.filters ?? {}) as [Filter, readonly string[] | ((v: string) => boolean)][]) {
    const value = params.get(name);
    const ok = value !== null && value !== "" && value.length <= 200 && (typeof allowed === "function" ? allowed(value) : allowed.includes(value));
    filters[name] = ok ? value : null;
  }
  return { q, sort, dir, page, perPage, filters };
}

/** The address of the same list with some parameters changed (null removes one; page resets unless given). */
export function listHref(pathname: string, current: URLSearchParams, changes: Record<string, string | number | null>) {
  const next = new URLSearchParams(current);
  if (!("page" in changes)) next.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  const search = next.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** Row offset of a page. */
export function pageOffset(params: Pick<ListParams, "page" | "perPage">) {
  return (params.page - 1) * params.perPage;
}

/** Ids posted by a bulk form (checkboxes named "ids"): positive integers, deduplicated, at most `max`. */
export function readIds(formData: FormData, max = 100): number[] {
  const ids = formData
    .getAll("ids")
    .map((value) => (typeof value === "string" ? Number(value) : Number.NaN))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)].slice(0, max);
}
