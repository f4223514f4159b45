const iso = (value: Date) => value.toISOString();

export function titleRef(row: { titleId?: number; id?: number; type: "movie" | "series"; name: string; slug: string; year: number | null; poster: string | null }) {
  return { id: (row.titleId ?? row.id)!, type: row.type, name: row.name, slug: row.slug, year: row.year, poster: row.poster };
}

export function episodeRef(row: { episodeId: number | null; seasonNumber: number | null; episodeNumber: number | null; episodeName: string | null }) {
  return row.episodeId ? { id: row.episodeId, season_number: row.seasonNumber ?? 0, episode_number: row.episodeNumber ?? 0, name: row.episodeName ?? "" } : null;
}

export { iso };
