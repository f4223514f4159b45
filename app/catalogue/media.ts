/**
 * Catalogue media in R2: every public file (trailers, sample videos, uploaded
 * artwork) lives under the `catalogue/` prefix and is served by
 * GET /media/{rest} (app/routes/media/file.ts), which maps to the R2 key
 * `catalogue/{rest}`. Keys outside the prefix are never served there.
 */
export const CATALOGUE_MEDIA_PREFIX = "catalogue/";

/**
 * The public URL of an R2 key as stored in videos.src: under catalogue/
 * (seeded media, /media/...) or an uploaded file entry's files/<file_name>
 * (a video uploaded in the admin area, served by /files/<file_name>).
 */
export function mediaUrl(key: string): string {
  if (/^files\/[a-f0-9]{32}$/.test(key)) return `/${key}`;
  const rest = key.startsWith(CATALOGUE_MEDIA_PREFIX) ? key.slice(CATALOGUE_MEDIA_PREFIX.length) : key;
  return `/media/${rest.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * The R2 key for the path after /media/, or null when the path is not a
 * plausible key (empty, too long, dot segments, control characters).
 */
export function mediaKeyFromPath(rest: string | undefined): string | null {
  if (!rest || rest.length > 900) return null;
  const segments = rest.split("/");
  if (segments.some((s) => s === "" || s === "." || s === ".." || /[\u0000-\u001f\u007f\\]/.test(s))) return null;
  return CATALOGUE_MEDIA_PREFIX + rest;
}
