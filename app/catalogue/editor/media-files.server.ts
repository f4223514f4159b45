import { and, inArray, isNull, or, sql } from "drizzle-orm";
import { inspectImage } from "~/files/avatar-image";
import type { Database } from "~/db/client.server";
import type { Statement } from "~/db/change-recorder";
import { log } from "~/log/log.server";
import { fileEntries } from "~/uploads/tables";
import { episodes, images, people, seasons, titles, videos } from "../tables";

/**
 * Catalogue pictures and videos uploaded through the admin area are file
 * entries on the public disk (/files/<file_name>, R2 key files/<file_name>).
 * When one is attached to a title or person the site adopts it (owner set to
 * none), so it no longer belongs to the administrator who uploaded it: their
 * account deletion must not take the catalogue's posters with it. When a
 * title, person or video goes, each of its files that nothing else uses goes
 * too (R2 object and entry). Seeded catalogue media under catalogue/ is
 * treated the same way: removed only when no video refers to it any more.
 */

const FILE_URL = /^\/files\/([a-f0-9]{32})$/;
const FILE_KEY = /^files\/([a-f0-9]{32})$/;
const CATALOGUE_KEY = /^catalogue\/[\w./-]+$/;
/** D1 binds at most 100 parameters per statement. */
const CHUNK = 90;

/** The stored file name behind a "/files/<name>" address or "files/<name>" key, else null. */
export function uploadedFileName(addressOrKey: string | null | undefined): string | null {
  if (!addressOrKey) return null;
  return FILE_URL.exec(addressOrKey)?.[1] ?? FILE_KEY.exec(addressOrKey)?.[1] ?? null;
}

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type ImageCheck = { ok: true; width: number | null; height: number | null } | { ok: false; message: string };

/**
 * An address about to become a poster, backdrop, profile or gallery image.
 * Uploaded files must exist, be public and be a real raster image (its first
 * bytes are read: an SVG or a renamed document is refused); their size in
 * pixels comes back. Other addresses (site paths, https) are taken as given.
 */
export async function checkImageAddress(db: Database, bucket: R2Bucket, address: string): Promise<ImageCheck> {
  const fileName = uploadedFileName(address);
  if (!fileName) return { ok: true, width: null, height: null };
  const [entry] = await db
    .select({ path: fileEntries.path, disk: fileEntries.disk, mime: fileEntries.mime, deletedAt: fileEntries.deletedAt })
    .from(fileEntries)
    .where(sql`${fileEntries.fileName} = ${fileName}`)
    .limit(1);
  if (!entry || entry.deletedAt) return { ok: false, message: "This file does not exist." };
  if (entry.disk !== "public") return { ok: false, message: "This file is private; upload it again as a public file." };
  const head = await bucket.get(entry.path, { range: { offset: 0, length: 64 * 1024 } });
  if (!head) return { ok: false, message: "This file does not exist." };
  const inspection = inspectImage(new Uint8Array(await head.arrayBuffer()));
  if (!inspection.ok) return { ok: false, message: "Please select a PNG, JPEG, GIF or WebP image." };
  return { ok: true, width: inspection.width, height: inspection.height };
}

/** An uploaded video about to be attached: its entry must exist, be public and be a video. */
export async function checkVideoFile(db: Database, key: string): Promise<{ ok: true; mime: string } | { ok: false; message: string }> {
  const fileName = uploadedFileName(key);
  if (!fileName) return { ok: true, mime: "" };
  const [entry] = await db.select({ disk: fileEntries.disk, mime: fileEntries.mime, deletedAt: fileEntries.deletedAt }).from(fileEntries).where(sql`${fileEntries.fileName} = ${fileName}`).limit(1);
  if (!entry || entry.deletedAt) return { ok: false, message: "This file does not exist." };
  if (entry.disk !== "public") return { ok: false, message: "This file is private; upload it again as a public file." };
  if (!entry.mime.startsWith("video/")) return { ok: false, message: "This file is not a video." };
  return { ok: true, mime: entry.mime };
}

/** Statements that hand uploaded files over to the site (see the note at the top). */
export function adoptFiles(db: Database, addresses: (string | null | undefined)[]): Statement[] {
  const names = [...new Set(addresses.map(uploadedFileName).filter((n): n is string => n !== null))];
  return chunks(names).map((part) => db.update(fileEntries).set({ ownerId: null }).where(inArray(fileEntries.fileName, part)));
}

/** Every media address a set of rows refers to (uploaded files and catalogue keys). */
export function mediaOf(values: (string | null | undefined)[]) {
  return [...new Set(values.filter((v): v is string => !!v && (uploadedFileName(v) !== null || CATALOGUE_KEY.test(v))))];
}

/**
 * Of the candidate addresses (media of rows just deleted), those no other
 * catalogue row still uses. Run after the deletion committed.
 */
async function unreferenced(db: Database, candidates: string[]): Promise<string[]> {
  const used = new Set<string>();
  for (const part of chunks(candidates, 40)) {
    const urls = part.flatMap((c) => (uploadedFileName(c) ? [`/files/${uploadedFileName(c)}`, `files/${uploadedFileName(c)}`] : [c]));
    const [a, b, c, d, e, f] = await db.batch([
      db
        .select({ v: titles.poster, w: titles.backdrop })
        .from(titles)
        .where(or(inArray(titles.poster, urls), inArray(titles.backdrop, urls))),
      db.select({ v: people.profile }).from(people).where(inArray(people.profile, urls)),
      db.select({ v: images.url }).from(images).where(inArray(images.url, urls)),
      db
        .select({ v: videos.src, w: videos.thumbnail })
        .from(videos)
        .where(or(inArray(videos.src, urls), inArray(videos.thumbnail, urls))),
      db.select({ v: seasons.poster }).from(seasons).where(inArray(seasons.poster, urls)),
      db.select({ v: episodes.still }).from(episodes).where(inArray(episodes.still, urls)),
    ]);
    for (const row of [...a, ...b, ...c, ...d, ...e, ...f] as { v: string | null; w?: string | null }[]) {
      for (const value of [row.v, row.w]) {
        if (!value) continue;
        used.add(value);
        const name = uploadedFileName(value);
        if (name) used.add(`name:${name}`);
      }
    }
  }
  return candidates.filter((c) => {
    const name = uploadedFileName(c);
    return name ? !used.has(`name:${name}`) : !used.has(c);
  });
}

/**
 * Removes the media of deleted catalogue rows that nothing else uses: the R2
 * objects, then the file entries. Failures are logged, not thrown: the
 * catalogue change already happened, and an object left behind costs
 * storage, never correctness.
 */
export async function removeOrphanedMedia(deps: { db: Database; bucket: R2Bucket }, candidates: string[]) {
  if (candidates.length === 0) return { removed: 0 };
  try {
    const orphans = await unreferenced(deps.db, candidates);
    const names = orphans.map(uploadedFileName).filter((n): n is string => n !== null);
    const entryRows = names.length
      ? (
          await Promise.all(
            chunks(names).map((part) =>
              deps.db
                .select({ id: fileEntries.id, path: fileEntries.path })
                .from(fileEntries)
                .where(and(inArray(fileEntries.fileName, part), isNull(fileEntries.ownerId))),
            ),
          )
        ).flat()
      : [];
    const keys = [...entryRows.map((r) => r.path), ...orphans.filter((c) => CATALOGUE_KEY.test(c))];
    for (const part of chunks(keys, 1000)) await deps.bucket.delete(part);
    for (const part of chunks(entryRows.map((r) => r.id))) await deps.db.delete(fileEntries).where(inArray(fileEntries.id, part));
    return { removed: keys.length };
  } catch (error) {
    log("error", "catalogue media left behind after a deletion", { error: String(error), candidates: candidates.slice(0, 20) });
    return { removed: 0 };
  }
}

/**
 * A file the uploader just stored for an admin screen but that could not be
 * attached (not an image, say): removed again when it is still the
 * uploader's own (never adopted by the site), so refused files leave nothing behind.
 */
export async function discardRefusedUpload(deps: { db: Database; bucket: R2Bucket }, address: string | null | undefined, uploaderId: number) {
  const name = uploadedFileName(address);
  if (!name) return;
  const [entry] = await deps.db.select({ id: fileEntries.id, path: fileEntries.path, ownerId: fileEntries.ownerId }).from(fileEntries).where(sql`${fileEntries.fileName} = ${name}`).limit(1);
  if (!entry || entry.ownerId !== uploaderId) return;
  await deps.bucket.delete(entry.path);
  await deps.db.delete(fileEntries).where(sql`${fileEntries.id} = ${entry.id}`);
}
