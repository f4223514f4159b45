import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { cleanUpExpiredUploads } from "../cleanup.server";
import { claimStoredUpload } from "../file-entries.server";
import { uploadParts, uploadSessions } from "../tables";
import { actorFor, createUser, db, listKeys, makeBytes, makeServices, MiB, objectHash, ORIGIN, sha256Hex, streamOf, t, type TestServices } from "../../../tests/support/uploads.workers";
import { findOwnSession } from "../upload-sessions.server";
import { handleTusRequest, TUS_PATH } from "./tus-server.server";
import { formatUploadMetadata } from "./tus-metadata";

let userId: number;
let services: TestServices;
let actorOverrides: Parameters<typeof actorFor>[1] = {};

beforeEach(async () => {
  userId = await createUser();
  services = makeServices();
  actorOverrides = {};
});

function tus(method: string, uploadId: string | null, headers: Record<string, string> = {}, body?: BodyInit | null, as = userId) {
  const url = `${ORIGIN}${TUS_PATH}${uploadId ? `/${uploadId}` : ""}`;
  return handleTusRequest(new Request(url, { method, headers: { "Tus-Resumable": "1.0.0", ...headers }, body }), uploadId, {
    services,
    actor: () => actorFor(as, actorOverrides),
    t,
  });
}

async function create(size: number, name = "movie.mp4", type = "video/mp4", extra: Record<string, string> = {}) {
  const response = await tus("POST", null, {
    "Upload-Length": String(size),
    "Upload-Metadata": formatUploadMetadata({ name, type, ...extra }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const location = response.headers.get("Location")!;
  return { response, id: location.slice(location.lastIndexOf("/") + 1), location };
}

function patch(id: string, offset: number, bytes: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) {
  return tus("PATCH", id, { "Content-Type": "application/offset+octet-stream", "Upload-Offset": String(offset), "Content-Length": String(bytes.length), ...headers }, bytes);
}

async function headOffset(id: string) {
  const response = await tus("HEAD", id);
  expect(response.status).toBe(200);
  return Number(response.headers.get("Upload-Offset"));
}

async function uploadInChunks(id: string, data: Uint8Array<ArrayBuffer>, sizes: number[]) {
  let offset = 0;
  for (const size of sizes) {
    const response = await patch(id, offset, data.subarray(offset, offset + size));
    expect(response.status, await response.clone().text()).toBe(204);
    offset += size;
    expect(Number(response.headers.get("Upload-Offset"))).toBe(offset);
  }
  return offset;
}

describe("tus discovery and headers", () => {
  it("advertises its version, extensions and maximum size on OPTIONS", async () => {
    const response = await tus("OPTIONS", null);
    expect(response.status).toBe(204);
    expect(response.headers.get("Tus-Version")).toBe("1.0.0");
    expect(response.headers.get("Tus-Extension")).toBe("creation,creation-with-upload,termination,expiration");
    expect(Number(response.headers.get("Tus-Max-Size"))).toBeGreaterThan(0);
  });

  it("refuses a request without Tus-Resumable 1.0.0 with 412", async () => {
    const response = await handleTusRequest(new Request(`${ORIGIN}${TUS_PATH}`, { method: "POST", headers: { "Upload-Length": "10" } }), null, {
      services,
      actor: () => actorFor(userId),
      t,
    });
    expect(response.status).toBe(412);
    expect(response.headers.get("Tus-Version")).toBe("1.0.0");
  });

  it("creates an upload with a Location and an expiry, and reports its offset on HEAD", async () => {
    const { response, id, location } = await create(12 * MiB);
    expect(location).toBe(`${ORIGIN}${TUS_PATH}/${id}`);
    expect(new Date(response.headers.get("Upload-Expires")!).getTime()).toBeGreaterThan(Date.now());
    const head = await tus("HEAD", id);
    expect(head.headers.get("Upload-Offset")).toBe("0");
    expect(head.headers.get("Upload-Length")).toBe(String(12 * MiB));
    expect(head.headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers GET on an upload with its offset as JSON, without Tus-Resumable (decision 036), and 404 for a stranger's", async () => {
    const { id } = await create(12 * MiB);
    await uploadInChunks(id, makeBytes(5 * MiB), [5 * MiB]);
    const get = await handleTusRequest(new Request(`${ORIGIN}${TUS_PATH}/${id}`), id, { services, actor: () => actorFor(userId), t });
    expect(get.status).toBe(200);
    expect(get.headers.get("Upload-Offset")).toBe(String(5 * MiB));
    expect(await get.json()).toMatchObject({ upload_id: id, offset: 5 * MiB, length: 12 * MiB, complete: false, expires_at: expect.stringMatching(/^\d{4}-/) });
    const stranger = await createUser();
    const hidden = await handleTusRequest(new Request(`${ORIGIN}${TUS_PATH}/${id}`), id, { services, actor: () => actorFor(stranger), t });
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ message: expect.any(String), code: "upload_not_found" });
    // HEAD is the tus call: it still needs the version header.
    const head = await handleTusRequest(new Request(`${ORIGIN}${TUS_PATH}/${id}`, { method: "HEAD" }), id, { services, actor: () => actorFor(userId), t });
    expect(head.status).toBe(412);
  });
});

describe("tus uploads into R2 parts", () => {
  it("stores a file sent in chunks of the part size and turns it into a file entry", async () => {
    const data = makeBytes(12 * MiB + 3, 11);
    const { id } = await create(data.length);
    await uploadInChunks(id, data, [5 * MiB, 5 * MiB, 2 * MiB + 3]);
    const session = await findOwnSession(services, actorFor(userId), id, "tus");
    expect(session.status).toBe("stored");
    expect(await objectHash(session.path)).toBe(await sha256Hex(data));
    expect(await listKeys(`.tus-tails/${id}/`)).toEqual([]);
    const entry = await claimStoredUpload(services, actorFor(userId), session);
    expect(entry).toMatchObject({ name: "movie.mp4", mime: "video/mp4", size: data.length, ownerId: userId, disk: "uploads" });
    // Claiming again answers the same entry.
    const again = await claimStoredUpload(services, actorFor(userId), await findOwnSession(services, actorFor(userId), id, "tus"));
    expect(again.id).toBe(entry.id);
  });

  it("claimed by several callers at once, every caller gets the same entry", async () => {
    const data = makeBytes(1000, 13);
    const { id } = await create(data.length);
    await uploadInChunks(id, data, [1000]);
    // Each caller read the session while it was still "stored", as parallel requests do.
    const sessions = await Promise.all(Array.from({ length: 6 }, () => findOwnSession(services, actorFor(userId), id, "tus")));
    const outcomes = await Promise.allSettled(sessions.map((session) => claimStoredUpload(services, actorFor(userId), session)));
    const errors = outcomes.filter((o) => o.status === "rejected").map((o) => String((o as PromiseRejectedResult).reason));
    expect(errors).toEqual([]);
    const ids = new Set(outcomes.map((o) => (o as PromiseFulfilledResult<{ id: number }>).value.id));
    expect(ids.size).toBe(1);
    const [session] = await db.select().from(uploadSessions).where(eq(uploadSessions.path, sessions[0]!.path));
    expect(session).toMatchObject({ status: "claimed", fileEntryId: [...ids][0] });
  });

  it("buffers uneven chunks as a tail in R2 and still stores the exact bytes", async () => {
    const data = makeBytes(11 * MiB + 5, 12);
    const { id } = await create(data.length);
    await uploadInChunks(id, data, [3 * MiB, 1, 4 * MiB, 3 * MiB - 1, MiB + 5]);
    const session = await findOwnSession(services, actorFor(userId), id, "tus");
    expect(session.status).toBe("stored");
    const parts = await db.select().from(uploadParts).where(eq(uploadParts.sessionId, id));
    expect(parts.map((p) => p.size)).toEqual([5 * MiB, 5 * MiB, MiB + 5]);
    expect(await objectHash(session.path)).toBe(await sha256Hex(data));
    expect(await listKeys(`.tus-tails/${id}/`)).toEqual([]);
  });

  it("accepts a body of unknown length (chunked transfer), one part in memory at a time", async () => {
    const data = makeBytes(7 * MiB, 13);
    const { id } = await create(data.length);
    const first = await tus("PATCH", id, { "Content-Type": "application/offset+octet-stream", "Upload-Offset": "0" }, streamOf(data.subarray(0, 6 * MiB)));
    expect(first.status).toBe(204);
    expect(first.headers.get("Upload-Offset")).toBe(String(6 * MiB));
    const second = await tus("PATCH", id, { "Content-Type": "application/offset+octet-stream", "Upload-Offset": String(6 * MiB) }, streamOf(data.subarray(6 * MiB)));
    expect(second.status).toBe(204);
    const session = await findOwnSession(services, actorFor(userId), id, "tus");
    expect(await objectHash(session.path)).toBe(await sha256Hex(data));
  });

  it("supports creation-with-upload", async () => {
    const data = makeBytes(MiB, 14);
    const response = await tus(
      "POST",
      null,
      {
        "Upload-Length": String(data.length),
        "Upload-Metadata": formatUploadMetadata({ filename: "clip.webm", filetype: "video/webm" }),
        "Content-Type": "application/offset+octet-stream",
        "Content-Length": String(data.length),
      },
      data,
    );
    expect(response.status).toBe(201);
    expect(response.headers.get("Upload-Offset")).toBe(String(data.length));
    const id = response.headers.get("Location")!.split("/").pop()!;
    const session = await findOwnSession(services, actorFor(userId), id, "tus");
    expect(session).toMatchObject({ status: "stored", clientName: "clip.webm", clientMime: "video/webm" });
  });

  it("accepts PATCH sent as POST with X-HTTP-Method-Override", async () => {
    const data = makeBytes(2 * MiB, 15);
    const { id } = await create(data.length);
    const response = await tus(
      "POST",
      id,
      {
        "X-HTTP-Method-Override": "PATCH",
        "Content-Type": "application/offset+octet-stream",
        "Upload-Offset": "0",
        "Content-Length": String(data.length),
      },
      data,
    );
    expect(response.status).toBe(204);
    expect(response.headers.get("Upload-Offset")).toBe(String(data.length));
  });

  it("resumes from the server's offset after a connection drops mid-PATCH", async () => {
    const data = makeBytes(12 * MiB, 16);
    const { id } = await create(data.length);
    // The client announces the whole file but the connection dies after 7 MiB.
    await tus("PATCH", id, { "Content-Type": "application/offset+octet-stream", "Upload-Offset": "0", "Content-Length": String(data.length) }, streamOf(data, { failAfter: 7 * MiB })).catch(
      () => null,
    );
    const offset = await headOffset(id);
    expect(offset).toBe(5 * MiB); // the whole part that reached R2
    const rest = await patch(id, offset, data.subarray(offset));
    expect(rest.status).toBe(204);
    const session = await findOwnSession(services, actorFor(userId), id, "tus");
    expect(await objectHash(session.path)).toBe(await sha256Hex(data));
  });
});

describe("tus refusals", () => {
  it("answers a wrong Upload-Offset with 409 and the server's offset", async () => {
    const data = makeBytes(6 * MiB, 17);
    const { id } = await create(data.length);
    await uploadInChunks(id, data, [5 * MiB]);
    const response = await patch(id, 4 * MiB, data.subarray(4 * MiB));
    expect(response.status).toBe(409);
    expect(response.headers.get("Upload-Offset")).toBe(String(5 * MiB));
    expect(await headOffset(id)).toBe(5 * MiB);
  });

  it("refuses a PATCH past Upload-Length with 413, known or unknown length, storing nothing of it", async () => {
    const { id } = await create(MiB);
    const tooLong = makeBytes(MiB + 1, 18);
    expect((await patch(id, 0, tooLong)).status).toBe(413);
    const chunked = await tus("PATCH", id, { "Content-Type": "application/offset+octet-stream", "Upload-Offset": "0" }, streamOf(tooLong));
    expect(chunked.status).toBe(413);
    expect(await headOffset(id)).toBe(0);
    const session = await findOwnSession(services, actorFor(userId), id, "tus");
    expect(await env_has(session.path)).toBe(false);
  });

  it("refuses the wrong content type with 415", async () => {
    const { id } = await create(10);
    expect((await patch(id, 0, makeBytes(10), { "Content-Type": "application/octet-stream" })).status).toBe(415);
  });

  it("answers 423 while another request holds the upload", async () => {
    const { id } = await create(10);
    await db
      .update(uploadSessions)
      .set({ lockToken: "someone-else", lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(uploadSessions.id, id));
    expect((await patch(id, 0, makeBytes(10))).status).toBe(423);
    // An abandoned lock (lease over) is taken over.
    await db
      .update(uploadSessions)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(uploadSessions.id, id));
    expect((await patch(id, 0, makeBytes(10))).status).toBe(204);
  });

  it("checks restrictions before storing anything: empty, too large, blocked types and double extensions", async () => {
    const empty = await tus("POST", null, { "Upload-Length": "0", "Upload-Metadata": formatUploadMetadata({ name: "empty.txt" }) });
    expect(empty.status).toBe(422);
    expect((await empty.json<{ message: string }>()).message).toBe("`empty.txt` is empty");

    actorOverrides = { maxBytes: 5 * MiB };
    const big = await tus("POST", null, { "Upload-Length": String(5 * MiB + 1), "Upload-Metadata": formatUploadMetadata({ name: "big.mp4" }) });
    expect(big.status).toBe(413);
    expect((await big.json<{ message: string }>()).message).toBe("`big.mp4` exceeds maximum allowed size of 5 MB");

    const html = await tus("POST", null, { "Upload-Length": "10", "Upload-Metadata": formatUploadMetadata({ name: "x.jpg.html", type: "image/jpeg" }) });
    expect(html.status).toBe(422);
    expect((await html.json<{ message: string }>()).message).toBe("This file type is not allowed");
    expect(await db.select().from(uploadSessions).where(eq(uploadSessions.ownerId, userId))).toEqual([]);
  });

  it("refuses malformed lengths and metadata with 400", async () => {
    expect((await tus("POST", null, { "Upload-Length": "-1" })).status).toBe(400);
    expect((await tus("POST", null, { "Upload-Length": "ten" })).status).toBe(400);
    expect((await tus("POST", null, { "Upload-Length": "10", "Upload-Metadata": "name not-base64!" })).status).toBe(400);
    expect((await tus("POST", null, { "Upload-Defer-Length": "1" })).status).toBe(400);
  });

  it("hides another user's upload (404)", async () => {
    const { id } = await create(10);
    const other = await createUser();
    expect((await tus("HEAD", id, {}, null, other)).status).toBe(404);
    expect((await tus("DELETE", id, {}, null, other)).status).toBe(404);
  });
});

describe("tus termination and expiration", () => {
  it("terminates an upload: R2 parts, tails and the record are gone", async () => {
    const data = makeBytes(7 * MiB, 19);
    const { id } = await create(12 * MiB);
    await uploadInChunks(id, data, [7 * MiB]); // one part and a 2 MiB tail
    expect((await listKeys(`.tus-tails/${id}/`)).length).toBe(1);
    const response = await tus("DELETE", id);
    expect(response.status).toBe(204);
    expect((await tus("HEAD", id)).status).toBe(404);
    expect(await listKeys(`.tus-tails/${id}/`)).toEqual([]);
    expect(await db.select().from(uploadParts).where(eq(uploadParts.sessionId, id))).toEqual([]);
  });

  it("expires idle uploads (410) and the cleanup job removes them", async () => {
    const data = makeBytes(6 * MiB, 20);
    const { id } = await create(12 * MiB);
    await uploadInChunks(id, data, [6 * MiB]);
    services.advance(25 * 3600 * 1000);
    expect((await tus("HEAD", id)).status).toBe(410);
    expect((await patch(id, 6 * MiB, data.subarray(0, 10))).status).toBe(410);
    const result = await cleanUpExpiredUploads(db, services.bucket, new Date(services.now()));
    expect(result.removed).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(uploadSessions).where(eq(uploadSessions.id, id))).toEqual([]);
    expect(await listKeys(`.tus-tails/${id}/`)).toEqual([]);
  });
});

async function env_has(key: string) {
  return (await services.bucket.head(key)) !== null;
}
