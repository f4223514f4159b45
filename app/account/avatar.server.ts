import { and, eq, sql } from "drizzle-orm";
import { users } from "~/auth/users.tables";
import { AVATAR_MAX_BYTES, AVATAR_MAX_DIMENSION_PX, AVATAR_MAX_PIXELS } from "~/constants";
import type { Database } from "~/db/client.server";
import { fileEntryUrl } from "~/uploads/file-entries";
import { fileEntries } from "~/uploads/tables";
import { newFileName } from "~/uploads/upload-sessions.server";
import { AVATAR_EXTENSIONS, inspectImage, stripImageMetadata } from "../files/avatar-image";

/**
 * Profile images. An avatar is a file entry on the public disk (served by
 * /files/<name> like every upload, with nosniff and the stored raster type),
 * kept in R2 under avatars/. The bytes are checked by their magic numbers,
 * never by name or declared type; SVG is refused; metadata is removed.
 * Replacing or removing an avatar deletes the old object and entry.
 */
export interface AvatarDeps {
  db: Database;
  bucket: R2Bucket;
}

/** Why an image was refused: an English key the route translates (spec: "Please select an image."). */
export type AvatarProblem = { ok: false; message: string; params?: Record<string, string | number> };

/** Marks a file entry as someone's avatar (metadata.purpose), so only avatars are ever replaced or removed here. */
const AVATAR_PURPOSE = "avatar";

export function checkAvatarSize(size: number): AvatarProblem | null {
  if (size <= 0) return { ok: false, message: "Please select an image." };
  if (size > AVATAR_MAX_BYTES) return { ok: false, message: "Please select an image. It may not be larger than :size MB.", params: { size: AVATAR_MAX_BYTES / 1024 / 1024 } };
  return null;
}

/** Reads, checks and cleans an uploaded image. */
export async function prepareAvatar(file: unknown) {
  if (!(file instanceof File) && !(file instanceof Blob)) return { ok: false, message: "Please select an image." } as AvatarProblem;
  const sizeProblem = checkAvatarSize(file.size);
  if (sizeProblem) return sizeProblem;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const info = inspectImage(bytes);
  if (!info.ok) {
    if (info.reason === "svg") return { ok: false, message: "Please select an image. SVG images are not accepted." } as AvatarProblem;
    return { ok: false, message: "Please select an image. Only PNG, JPEG, GIF and WebP images are accepted." } as AvatarProblem;
  }
  if (info.width > AVATAR_MAX_DIMENSION_PX || info.height > AVATAR_MAX_DIMENSION_PX || info.width * info.height > AVATAR_MAX_PIXELS) {
    return { ok: false, message: "Please select an image. It may be at most :size pixels wide and high.", params: { size: AVATAR_MAX_DIMENSION_PX } } as AvatarProblem;
  }
  return { ok: true as const, bytes: stripImageMetadata(bytes, info.mime), mime: info.mime, width: info.width, height: info.height };
}

/**
 * Stores a new avatar for the user and makes it theirs; the previous one
 * (if it was ours) is deleted afterwards. Returns the avatar's URL.
 */
export async function saveAvatar(deps: AvatarDeps, userId: number, file: unknown): Promise<AvatarProblem | { ok: true; url: string }> {
  const prepared = await prepareAvatar(file);
  if (!prepared.ok) return prepared;
  const fileName = newFileName();
  const extension = AVATAR_EXTENSIONS[prepared.mime];
  const path = `avatars/${fileName}`;
  const object = await deps.bucket.put(path, prepared.bytes, {
    httpMetadata: { contentType: prepared.mime, cacheControl: "public, max-age=86400" },
    customMetadata: { purpose: AVATAR_PURPOSE, owner: String(userId) },
  });
  const url = fileEntryUrl(fileName);
  const previous = await ownAvatarEntries(deps.db, userId);
  try {
    await deps.db.batch([
      deps.db.insert(fileEntries).values({
        name: `avatar.${extension}`,
        fileName,
        mime: prepared.mime,
        size: prepared.bytes.length,
        extension,
        disk: "public",
        path,
        etag: object?.httpEtag ?? null,
        ownerId: userId,
        metadata: { purpose: AVATAR_PURPOSE, width: prepared.width, height: prepared.height },
      }),
      deps.db.update(users).set({ avatar: url, updatedAt: new Date() }).where(eq(users.id, userId)),
    ]);
  } catch (error) {
    await deps.bucket.delete(path);
    throw error;
  }
  await deleteAvatarEntries(deps, previous);
  return { ok: true, url };
}

/**
 * Makes a file the user already uploaded (with the site's uploader, see
 * AvatarEditor) their avatar. The entry must be theirs, not in the trash, and
 * really a PNG, JPEG, GIF or WebP within the avatar's limits (its bytes are
 * read back from R2 and checked like a posted file). The object is rewritten
 * without its metadata, the entry moves to the public disk as an avatar, and
 * the previous avatar is deleted. A refused upload made for the avatar
 * (metadata.purpose "avatar") is deleted too; any other file stays as it was.
 */
export async function attachAvatarEntry(deps: AvatarDeps, userId: number, entryId: number): Promise<(AvatarProblem & { notFound?: boolean }) | { ok: true; url: string }> {
  const [entry] = await deps.db.select().from(fileEntries).where(eq(fileEntries.id, entryId)).limit(1);
  // Someone else's file answers like a missing one.
  if (!entry || entry.ownerId !== userId || entry.deletedAt) return { ok: false, notFound: true, message: "This file could not be found." };
  const madeForAvatar = entry.metadata?.purpose === AVATAR_PURPOSE;
  const [current] = await deps.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).limit(1);
  const url = fileEntryUrl(entry.fileName);
  if (madeForAvatar && current?.avatar === url && entry.disk === "public") return { ok: true, url };

  const refuse = async (problem: AvatarProblem) => {
    if (madeForAvatar) await deleteAvatarEntries(deps, [{ id: entry.id, path: entry.path }]);
    return problem;
  };
  const sizeProblem = checkAvatarSize(entry.size);
  if (sizeProblem) return refuse(sizeProblem);
  const object = await deps.bucket.get(entry.path);
  if (!object) return { ok: false, notFound: true, message: "This file could not be found." };
  if (object.size > AVATAR_MAX_BYTES) {
    await object.body.cancel();
    return refuse(checkAvatarSize(object.size)!);
  }
  const prepared = await prepareAvatar(new Blob([await object.arrayBuffer()]));
  if (!prepared.ok) return refuse(prepared);

  const extension = AVATAR_EXTENSIONS[prepared.mime];
  const stored = await deps.bucket.put(entry.path, prepared.bytes, {
    httpMetadata: { contentType: prepared.mime, cacheControl: "public, max-age=86400" },
    customMetadata: { purpose: AVATAR_PURPOSE, owner: String(userId) },
  });
  const previous = (await ownAvatarEntries(deps.db, userId)).filter((e) => e.id !== entry.id);
  await deps.db.batch([
    deps.db
      .update(fileEntries)
      .set({
        name: `avatar.${extension}`,
        mime: prepared.mime,
        size: prepared.bytes.length,
        extension,
        disk: "public",
        etag: stored?.httpEtag ?? null,
        metadata: { purpose: AVATAR_PURPOSE, width: prepared.width, height: prepared.height },
        updatedAt: new Date(),
      })
      .where(eq(fileEntries.id, entry.id)),
    deps.db.update(users).set({ avatar: url, updatedAt: new Date() }).where(eq(users.id, userId)),
  ]);
  await deleteAvatarEntries(deps, previous);
  return { ok: true, url };
}

/** Removes the user's avatar: the profile shows initials again, and our stored image is deleted. */
export async function removeAvatar(deps: AvatarDeps, userId: number) {
  const previous = await ownAvatarEntries(deps.db, userId);
  await deps.db.update(users).set({ avatar: null, updatedAt: new Date() }).where(eq(users.id, userId));
  await deleteAvatarEntries(deps, previous);
}

function ownAvatarEntries(db: Database, userId: number) {
  return db
    .select({ id: fileEntries.id, path: fileEntries.path })
    .from(fileEntries)
    .where(and(eq(fileEntries.ownerId, userId), sql`json_extract(${fileEntries.metadata}, '$.purpose') = ${AVATAR_PURPOSE}`));
}

async function deleteAvatarEntries(deps: AvatarDeps, entries: { id: number; path: string }[]) {
  if (entries.length === 0) return;
  // R2 first: if it fails, the entries stay and a later removal finds them again.
  await deps.bucket.delete(entries.map((e) => e.path));
  for (const entry of entries) await deps.db.delete(fileEntries).where(eq(fileEntries.id, entry.id));
}
