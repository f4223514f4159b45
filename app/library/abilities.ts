import { hasPermission, type Viewer } from "~/request/viewer";

/** What a member may do with the library (the forms shown follow it; the actions check it again). */
export function libraryAbilities(viewer: Viewer) {
  return { canRate: hasPermission(viewer, "ratings.create"), canTrack: hasPermission(viewer, "watchlist.use") };
}
