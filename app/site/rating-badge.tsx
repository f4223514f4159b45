import { useTrans } from "~/i18n/translation-context";

/** A 0-10 rating as a compact star badge; nothing when there is no rating. */
export function RatingBadge({ rating, className = "" }: { rating: number | null | undefined; className?: string }) {
  const t = useTrans();
  if (rating === null || rating === undefined) return null;
  const value = rating.toFixed(1);
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full bg-paper px-2 py-0.5 text-sm font-semibold text-foreground ${className}`}
      aria-label={t("Rated :rating out of 10", { rating: value })}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 text-amber-500" fill="currentColor">
        <path d="M10 1.5l2.6 5.3 5.9.9-4.2 4.1 1 5.8L10 14.9l-5.3 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
      </svg>
      {value}
    </span>
  );
}
