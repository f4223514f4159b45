export const EXPORT_KINDS = ["ratings", "watchlist", "history", "lists"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
