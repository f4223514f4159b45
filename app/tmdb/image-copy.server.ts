import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { episodes, images, people, seasons, titles } from "~/catalogue/tables";
import { CATALOGUE_MEDIA_PREFIX, mediaUrl } from "~/catalogue/media";
import { TMDB_IMAGE_COPY_CONCURRENCY, TMDB_IMAGE_COPY_MAX_BYTES, TMDB_IMAGE_MAX_REDIRECTS } from "~/constants";
import type { Database } from "~/db/client.server";
import { errorFields, log } from "~/log/log.server";
import { fetchImage } from "./image-fetch";

/**
 * The `tmdb.copy_images` option (decision 019): after an import (or a
 * refresh) has written a title's or person's rows with TMDB image URLs, the
 * images it stored (poster, backdrop, gallery images, season posters,
 * episode stills, the credited people's profiles) are copied from
 * TMDB_IMAGE_URL into the FILES bucket under `catalogue/tmdb/{size}{path}`
 * and the columns point at /media/tmdb/{size}{path} (served by
 * app/routes/media/file.ts). Idempotent: an object already in R2 is not
 * fetched again. Bounded: only raster image/* answers (no SVG) up to
 * TMDB_IMAGE_COPY_MAX_BYTES, from the image host alone (./image-fetch.ts). A failed copy leaves the TMDB URL in place and
 * never fails the import.
 */

export interface ImageCopier {
  bucket: R2Bucket;
  /** The fetch used to download images (tests point it at the fake TMDB). */
  fetch: typeof fetch;
}

export const TMDB_IMAGE_KEY_PREFIX = `${CATALOGUE_MEDIA_PREFIX}tmdb`;

/** `{base}/w500/abc.jpg` -> `catalogue/tmdb/w500/abc.jpg`; null for a URL not under the base or an odd path. */
export function tmdbImageKey(imageBase: string, url: string): string | null {
  if (!url.startsWith(`${imageBase}/`)) return null;
  const rest = url.slice(imageBase.length);
  return /^\/[a-z0-9]{1,12}\/[A-Za-z0-9_-]{1,200}\.[a-z0-9]{2,5}$/.test(rest) ? TMDB_IMAGE_KEY_PREFIX + rest : null;
}

type Found = { table: "titles.poster" | "titles.backdrop" | "images.url" | "seasons.poster" | "episodes.still" | "people.profile"; id: number; url: string | null };

async function imageColumns(db: Database, owner: { titleId: number } | { personId: number }): Promise<Found[]> {
  if ("personId" in owner) {
    const [profiles, gallery] = await db.batch([
      db.select({ id: people.id, url: people.profile }).from(people).where(eq(people.id, owner.personId)),
      db
        .select({ id: images.id, url: images.url })
        .from(images)
        .where(and(eq(images.personId, owner.personId), isNotNull(images.tmdbPath))),
    ]);
    return [...profiles.map((r) => ({ ...r, table: "people.profile" as const })), ...gallery.map((r) => ({ ...r, table: "images.url" as const }))];
  }
  const id = owner.titleId;
  const [title, gallery, seasonRows, episodeRows, profiles] = await db.batch([
    db.select({ id: titles.id, poster: titles.poster, backdrop: titles.backdrop }).from(titles).where(eq(titles.id, id)),
    db
      .select({ id: images.id, url: images.url })
      .from(images)
      .where(and(eq(images.titleId, id), isNotNull(images.tmdbPath))),
    db.select({ id: seasons.id, url: seasons.poster }).from(seasons).where(eq(seasons.titleId, id)),
    db.select({ id: episodes.id, url: episodes.still }).from(episodes).where(eq(episodes.titleId, id)),
    db
      .select({ id: people.id, url: people.profile })
      .from(people)
      .where(inArray(people.id, sql`(SELECT person_id FROM credits WHERE title_id = ${id})`)),
  ]);
  return [
    ...title.flatMap((t) => [
      { table: "titles.poster" as const, id: t.id, url: t.poster },
      { table: "titles.backdrop" as const, id: t.id, url: t.backdrop },
    ]),
    ...gallery.map((r) => ({ ...r, table: "images.url" as const })),
    ...seasonRows.map((r) => ({ ...r, table: "seasons.poster" as const })),
    ...episodeRows.map((r) => ({ ...r, table: "episodes.still" as const })),
    ...profiles.map((r) => ({ ...r, table: "people.profile" as const })),
  ];
}

/** Only raster images: an SVG served from the site's origin could carry script. */
const RASTER_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"]);

/** Copies one image into R2 unless it is there already; true when the object is (now) in the bucket. */
async function copyOne(copier: ImageCopier, imageBase: string, url: string, key: string): Promise<boolean> {
  if (await copier.bucket.head(key)) return true;
  try {
    // Never off the configured image host, whatever it redirects to (decision 021).
    const got = await fetchImage(copier.fetch, url, { allowedBase: imageBase, maxBytes: TMDB_IMAGE_COPY_MAX_BYTES, maxRedirects: TMDB_IMAGE_MAX_REDIRECTS, types: RASTER_TYPES });
    if (!got.ok) {
      log("warn", "tmdb image not copied", { url, reason: got.reason, status: got.status });
      return false;
    }
    await copier.bucket.put(key, got.bytes, { httpMetadata: { contentType: got.type, cacheControl: "public, max-age=31536000, immutable" } });
    return true;
  } catch (error) {
    log("warn", "tmdb image copy failed; the TMDB URL stays", { url, ...errorFields(error) });
    return false;
  }
}

function update(db: Database, table: Found["table"], ids: number[], url: string): BatchItem<"sqlite"> {
  switch (table) {
    case "titles.poster":
      return db.update(titles).set({ poster: url }).where(inArray(titles.id, ids));
    case "titles.backdrop":
      return db.update(titles).set({ backdrop: url }).where(inArray(titles.id, ids));
    case "images.url":
      return db.update(images).set({ url }).where(inArray(images.id, ids));
    case "seasons.poster":
      return db.update(seasons).set({ poster: url }).where(inArray(seasons.id, ids));
    case "episodes.still":
      return db.update(episodes).set({ still: url }).where(inArray(episodes.id, ids));
    case "people.profile":
      return db.update(people).set({ profile: url }).where(inArray(people.id, ids));
  }
}

/** Copies the owner's TMDB images into R2 and re-points their columns; returns how many distinct images are now served by the site, and how many failed. */
export async function copyImportedImages(db: Database, copier: ImageCopier, imageBase: string, owner: { titleId: number } | { personId: number }) {
  const found = (await imageColumns(db, owner)).filter((f) => f.url && tmdbImageKey(imageBase, f.url));
  const urls = [...new Set(found.map((f) => f.url!))];
  const copied = new Set<string>();
  let failed = 0;
  for (let i = 0; i < urls.length; i += TMDB_IMAGE_COPY_CONCURRENCY) {
    const part = urls.slice(i, i + TMDB_IMAGE_COPY_CONCURRENCY);
    const results = await Promise.all(part.map((url) => copyOne(copier, imageBase, url, tmdbImageKey(imageBase, url)!)));
    part.forEach((url, n) => (results[n] ? copied.add(url) : (failed += 1)));
  }
  // One statement per (column, image): the rows that hold it get the site's URL.
  const groups = new Map<string, { table: Found["table"]; url: string; ids: number[] }>();
  for (const f of found) {
    if (!copied.has(f.url!)) continue;
    const group = groups.get(`${f.table} ${f.url}`) ?? { table: f.table, url: f.url!, ids: [] };
    group.ids.push(f.id);
    groups.set(`${f.table} ${f.url}`, group);
  }
  // Ids in chunks under D1's 100 bound parameters.
  const statements = [...groups.values()].flatMap((g) => {
    const url = mediaUrl(tmdbImageKey(imageBase, g.url)!);
    const parts: BatchItem<"sqlite">[] = [];
    for (let i = 0; i < g.ids.length; i += 90) parts.push(update(db, g.table, g.ids.slice(i, i + 90), url));
    return parts;
  });
  for (let i = 0; i < statements.length; i += 50) {
    const part = statements.slice(i, i + 50);
    await db.batch(part as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }
  return { copied: copied.size, failed };
}
