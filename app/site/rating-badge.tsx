import { useBootstrap } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";

/**
 * A 0-10 rating as a compact star badge that names where it comes from
 * ("IMDb 8.9", "Reelbase users 7.2"); nothing when there is no rating. The
 * visible text is the accessible one (the star is decoration). It is in
 * every public page's shell: the site-users label and the title's choice of
 * rating live in site/cards.tsx (TitleRatingBadge).
 */
export function RatingBadge({ rating, source, className = "", fit = false }: { rating: number | null | undefined; source: string; className?: string; fit?: boolean }) {
  if (rating === null || rating === undefined) return null;
  // `fit`: inside a narrow card the source's name shortens with "…" instead of overflowing (the value always shows).
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full py-0.5 text-sm font-semibold text-foreground ${fit ? "min-w-0 max-w-full" : "shrink-0 bg-paper px-2"} ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 text-amber-500" fill="currentColor">
        <path d="M10 1.5l2.6 5.3 5.9.9-4.2 4.1 1 5.8L10 14.9l-5.3 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
      </svg>
      <span className={`font-normal text-muted ${fit ? "truncate" : ""}`}>{source}</span> {rating.toFixed(1)}
    </span>
  );
}

/** "Reelbase users": the label of the site's own rating (here, in the shell, so a title page needs no card code for it). */
export function useSiteRatingSource() {
  const t = useTrans();
  const site = useBootstrap().settings.branding.site_name;
  // A function, so pages that show no site rating record no line for it.
  return () => t(":site users", { site });
}
