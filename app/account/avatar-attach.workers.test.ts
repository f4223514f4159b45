import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { users } from "~/auth/users.tables";
import { insertFileEntry } from "~/uploads/file-entries.server";
import { fileEntries } from "~/uploads/tables";
import { createUser, db, makeServices } from "../../tests/support/uploads.workers";
import { newFileName, objectKeyFor } from "~/uploads/upload-sessions.server";
import { AVATAR_UPLOAD_METADATA } from "../files/avatar-image";
import { attachAvatarEntry } from "./avatar.server";
import { contains, jpegWithMetadata, SAMPLE_PNG, SECRET_TEXT, SVG_WITH_SCRIPT } from "../../tests/support/test-images";

/**
 * Attaching a file entry uploaded with the site's uploader as the user's
 * avatar (the JavaScript path of the account page), on real D1 and R2.
 */
const { bucket } = makeServices();
const deps = { db, bucket };
let userId: number;

beforeEach(async () => {
  userId = await createUser();
});

async function uploaded(owner: number, bytes: Uint8Array, { mime = "image/png", name = "me.png", metadata = AVATAR_UPLOAD_METADATA as Record<string, unknown> | null } = {}) {
  const fileName = newFileName();
  const path = objectKeyFor(fileName);
  const object = await bucket.put(path, bytes, { httpMetadata: { contentType: mime } });
  return insertFileEntry(db, {
    name,
    fileName,
    mime,
    size: bytes.length,
    extension: name.split(".").pop() ?? "",
    disk: "uploads",
    path,
    etag: object.httpEtag,
    ownerId: owner,
    metadata,
  });
}

const entryRow = async (id: number) => (await db.select().from(fileEntries).where(eq(fileEntries.id, id)))[0] ?? null;
const avatarOf = async (id: number) => (await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, id)))[0]?.avatar ?? null;

describe("attachAvatarEntry", () => {
  it("makes the user's uploaded image their avatar: public, cleaned, and the previous avatar is deleted", async () => {
    const first = await uploaded(userId, jpegWithMetadata(), { mime: "image/jpeg", name: "photo.jpg" });
    const result = await attachAvatarEntry(deps, userId, first.id);
    expect(result).toEqual({ ok: true, url: `/files/${first.fileName}` });
    expect(await avatarOf(userId)).toBe(`/files/${first.fileName}`);
    const row = await entryRow(first.id);
    expect(row).toMatchObject({ disk: "public", mime: "image/jpeg", name: "avatar.jpg", metadata: { purpose: "avatar", width: 24, height: 16 } });
    const stored = new Uint8Array(await (await bucket.get(first.path))!.arrayBuffer());
    expect(contains(stored, SECRET_TEXT)).toBe(false);
    expect(row!.size).toBe(stored.length);

    const second = await uploaded(userId, SAMPLE_PNG);
    expect(await attachAvatarEntry(deps, userId, second.id)).toMatchObject({ ok: true });
    expect(await entryRow(first.id)).toBeNull();
    expect(await bucket.head(first.path)).toBeNull();
    expect(await avatarOf(userId)).toBe(`/files/${second.fileName}`);
    // Attaching the current avatar again changes nothing.
    expect(await attachAvatarEntry(deps, userId, second.id)).toMatchObject({ ok: true });
    expect(await entryRow(second.id)).not.toBeNull();
  });

  it("refuses another user's entry as if it did not exist, and leaves it alone", async () => {
    const other = await createUser();
    const theirs = await uploaded(other, SAMPLE_PNG);
    expect(await attachAvatarEntry(deps, userId, theirs.id)).toMatchObject({ ok: false, notFound: true, message: "This file could not be found." });
    expect(await avatarOf(userId)).toBeNull();
    expect(await entryRow(theirs.id)).toMatchObject({ disk: "uploads", ownerId: other });
    expect(await bucket.head(theirs.path)).not.toBeNull();
  });

  it("refuses a missing or trashed entry", async () => {
    expect(await attachAvatarEntry(deps, userId, 987654321)).toMatchObject({ ok: false, notFound: true });
    const trashed = await uploaded(userId, SAMPLE_PNG);
    await db.update(fileEntries).set({ deletedAt: new Date() }).where(eq(fileEntries.id, trashed.id));
    expect(await attachAvatarEntry(deps, userId, trashed.id)).toMatchObject({ ok: false, notFound: true });
    expect(await avatarOf(userId)).toBeNull();
  });

  it("refuses a non-image entry; one uploaded for the avatar is deleted, any other file is kept", async () => {
    const text = new TextEncoder().encode("This is a text file pretending to be a PNG.\n");
    const forAvatar = await uploaded(userId, text);
    expect(await attachAvatarEntry(deps, userId, forAvatar.id)).toEqual({
      ok: false,
      message: "Please select an image. Only PNG, JPEG, GIF and WebP images are accepted.",
    });
    expect(await entryRow(forAvatar.id)).toBeNull();
    expect(await bucket.head(forAvatar.path)).toBeNull();

    const document = await uploaded(userId, text, { mime: "text/plain", name: "notes.txt", metadata: null });
    expect(await attachAvatarEntry(deps, userId, document.id)).toMatchObject({ ok: false });
    expect(await entryRow(document.id)).toMatchObject({ disk: "uploads", mime: "text/plain", name: "notes.txt" });
    expect(await bucket.head(document.path)).not.toBeNull();

    const svg = await uploaded(userId, SVG_WITH_SCRIPT, { mime: "image/png", name: "logo.png" });
    expect(await attachAvatarEntry(deps, userId, svg.id)).toMatchObject({ ok: false, message: "Please select an image. SVG images are not accepted." });
    expect(await avatarOf(userId)).toBeNull();
  });

  it("refuses an image over 2 MB (the entry's size, then the stored object's)", async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(SAMPLE_PNG);
    const entry = await uploaded(userId, big);
    expect(await attachAvatarEntry(deps, userId, entry.id)).toMatchObject({ ok: false, message: "Please select an image. It may not be larger than :size MB." });
    expect(await entryRow(entry.id)).toBeNull();
    expect(await avatarOf(userId)).toBeNull();
  });
});
