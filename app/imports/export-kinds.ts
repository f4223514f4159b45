/** The library's CSV exports (decision 027); `history` is the older name of `diary`, kept for api/v1 clients. */
export const EXPORT_KINDS = ["ratings", "diary", "watchlist", "reviews", "lists", "comments", "letterboxd", "history"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
