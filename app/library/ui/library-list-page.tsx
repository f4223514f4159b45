import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";

/**
 * The frame of a member's list pages (/history, /progress): a heading with a
 * link to the sibling page, the empty state or the list, and the pager.
 */
export function LibraryListPage({
  title,
  sibling,
  empty,
  testId,
  isEmpty,
  page,
  hasMore,
  children,
}: {
  title: string;
  sibling: { to: string; label: string };
  empty: string;
  /** `<testId>-empty` on the empty state, `<testId>-items` on the list. */
  testId: string;
  isEmpty: boolean;
  page: number;
  hasMore: boolean;
  children: ReactNode;
}) {
  const t = useTrans();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-foreground">{title}</h1>
        <Link to={sibling.to} className="text-sm font-medium text-primary hover:underline">
          {sibling.label}
        </Link>
      </div>
      {isEmpty ? (
        <p className="mt-10 text-muted" data-testid={`${testId}-empty`}>
          {empty}
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-divider" data-testid={`${testId}-items`}>
          {children}
        </ul>
      )}
      <nav className="mt-8 flex gap-4" aria-label={t("Pages")}>
        {page > 1 ? <Link to={`?page=${page - 1}`}>{t("Previous")}</Link> : null}
        {hasMore ? <Link to={`?page=${page + 1}`}>{t("Next")}</Link> : null}
      </nav>
    </div>
  );
}
