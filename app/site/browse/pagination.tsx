import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";

/** Previous / next links; "Page 2 of 9" when the number of pages is known. */
export function Pagination({ page, hasNext, href, pages }: { page: number; hasNext: boolean; href: (page: number) => string; pages?: number }) {
  const t = useTrans();
  if (page <= 1 && !hasNext) return null;
  return (
    <nav aria-label={t("Pagination")} className="mt-10 flex items-center justify-between gap-4" data-testid="pagination">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="rounded-theme border border-divider px-4 py-2 text-sm font-medium text-foreground hover:bg-paper">
          ← {t("Previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted">{pages ? t("Page :page of :pages", { page, pages }) : t("Page :page", { page })}</span>
      {hasNext ? (
        <Link to={href(page + 1)} rel="next" className="rounded-theme border border-divider px-4 py-2 text-sm font-medium text-foreground hover:bg-paper">
          {t("Next")} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export const selectClasses = "h-10 w-full rounded-theme border border-divider bg-background px-3 text-sm text-foreground focus:border-primary focus:outline-none";
export const fieldLabelClasses = "mb-1 block text-sm font-medium text-foreground";
