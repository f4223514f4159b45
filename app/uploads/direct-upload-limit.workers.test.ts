import { DomainError } from "~/http/domain-error";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { DIRECT_UPLOAD_MAX_BYTES } from "~/constants";
import { uploadErrorResponse } from "./api.server";
import { receiveDirectUpload } from "./direct-upload.server";
import { fileEntries } from "./tables";
import { actorFor, createUser, db, makeServices, MiB, ORIGIN, t, type TestServices } from "../../tests/support/uploads.workers";

/**
 * POST api/v1/file-entries carries one file in one request, and Cloudflare
 * refuses request bodies over 100 MB: a larger body is refused with a 413
 * JSON error naming the file and telling the client to upload in parts,
 * never a 500, and nothing is kept.
 */
let userId: number;
let services: TestServices;

beforeEach(async () => {
  userId = await createUser();
  services = makeServices({ "uploads.max_size": 5 * 1024 * MiB });
});

const BOUNDARY = "----uploads-limit-test";
const encoder = new TextEncoder();
const head = (name: string) => encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: video/mp4\r\n\r\n`);
const tail = encoder.encode(`\r\n--${BOUNDARY}--\r\n`);

/** A multipart/form-data body with one file of `size` bytes, generated as it is read (never held whole). */
function formStream(name: string, size: number) {
  let sent = 0;
  let stage: "head" | "file" | "tail" | "done" = "head";
  const chunk = new Uint8Array(256 * 1024).fill(7);
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === "head") {
        controller.enqueue(head(name));
        stage = "file";
      } else if (stage === "file") {
        const n = Math.min(chunk.length, size - sent);
        controller.enqueue(chunk.slice(0, n));
        sent += n;
        if (sent >= size) stage = "tail";
      } else if (stage === "tail") {
        controller.enqueue(tail);
        stage = "done";
      } else controller.close();
    },
  });
}

function request(body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}/api/v1/file-entries`, {
    method: "POST",
    body,
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
  });
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

async function entriesOfUser() {
  return db.select({ id: fileEntries.id }).from(fileEntries).where(eq(fileEntries.ownerId, userId));
}

describe("direct uploads over the one-request limit", { timeout: 120_000 }, () => {
  it("refuses a body whose Content-Length is over the limit with a 413 naming the file, before storing anything", async () => {
    const declared = DIRECT_UPLOAD_MAX_BYTES + 1;
    const error = await refusal(receiveDirectUpload(services, request(formStream("holiday.mp4", 1024), { "Content-Length": String(declared) }), () => actorFor(userId)));
    expect(error).toMatchObject({ status: 413, code: "request_too_large", field: "file" });
    const response = uploadErrorResponse(error, t);
    expect(response.status).toBe(413);
    const body = (await response.json()) as { message: string; code: string; errors: { file: string } };
    expect(body.message).toBe("`holiday.mp4` exceeds maximum allowed size of 100 MB for a single request. Upload it in parts (resumable or multipart upload).");
    expect(body.errors.file).toEqual([body.message]);
    expect(await entriesOfUser()).toEqual([]);
  });

  it("measures a body sent without Content-Length and refuses it once it passes the limit, keeping nothing", async () => {
    const error = await refusal(receiveDirectUpload(services, request(formStream("stream.mp4", DIRECT_UPLOAD_MAX_BYTES + 1)), () => actorFor(userId)));
    expect(error).toMatchObject({ status: 413, code: "request_too_large", field: "file" });
    expect(await entriesOfUser()).toEqual([]);
    const listed = await services.bucket.list({ prefix: "files/" });
    const owned = await Promise.all(listed.objects.map((o) => services.bucket.head(o.key)));
    expect(owned.filter((o) => o && o.size > DIRECT_UPLOAD_MAX_BYTES - 10 * MiB)).toEqual([]);
  });

  it("still takes a file that fits in one request", async () => {
    const size = 6 * MiB;
    const entry = await receiveDirectUpload(services, request(formStream("ok.mp4", size)), () => actorFor(userId));
    expect(entry).toMatchObject({ size, name: "ok.mp4" });
  });
});
