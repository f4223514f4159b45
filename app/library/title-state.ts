/** The signed-in parts of a title page (loaded by title-state.server.ts). */
export interface MyTitleState {
  rating: number | null;
  inWatchlist: boolean;
  timesWatched: number;
  watchedEpisodes: number;
  next: { seasonNumber: number; episodeNumber: number; name: string } | null;
}

export interface MyEpisodeState {
  rating: number | null;
  inWatchlist: boolean;
  timesWatched: number;
}

/** Which library forms a member sees (app/library/abilities.ts). */
export interface LibraryAbilitiesView {
  canRate: boolean;
  canTrack: boolean;
}
