/**
 * Shared set-up for the upload tests that run inside workerd with real local
 * D1 and R2: a user, an actor, services with a movable clock, deterministic
 * file contents and their SHA-256.
 */
import { env } from "cloudflare:workers";
import { openD1 } from "~/db/client.server";
import { users } from "~/auth/users.tables";
import type { Viewer } from "~/request/viewer";
import { defaultSettings, type Settings } from "~/settings/definitions";
import { createTranslate } from "~/i18n/translate";
import type { UploadActor } from "~/uploads/actor.server";
import type { UploadServices } from "~/uploads/services.server";

export const MiB = 1024 * 1024;
export const ORIGIN = "http://uploads.test";
export const t = createTranslate({});
export const { db } = openD1(env.DB, null);

let userCounter = 0;

export async function createUser(): Promise<number> {
  userCounter++;
  const [row] = await db
    .insert(users)
    .values({ email: `uploader-${Date.now()}-${userCounter}-${Math.random().toString(36).slice(2)}@example.test`, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  return row.id;
}

export function actorFor(userId: number, overrides: Partial<UploadActor> = {}): UploadActor {
  return { userId, workspaceId: 0, canUpload: true, maxBytes: 2 * 1024 * MiB, canViewAll: false, canDeleteAll: false, ...overrides };
}

export function viewerFor(userId: number | null, permissions: string[] = []): Viewer {
  return { userId, roleIds: [], permissions: new Map(permissions.map((p) => [p, []])), isSubscribed: false };
}

export interface TestServices extends UploadServices {
  /** Moves the clock. */
  advance(ms: number): void;
}

export function makeServices(settings: Partial<Settings> = {}): TestServices {
  let offset = 0;
  return {
    db,
    bucket: env.FILES,
    settings: { ...defaultSettings(), ...settings },
    appKey: (env as unknown as { APP_KEY: string }).APP_KEY,
    origin: ORIGIN,
    now: () => Date.now() + offset,
    waitUntil: (work) => {
      work.catch(() => undefined);
    },
    advance(ms) {
      offset += ms;
    },
  };
}

/**
 * Deterministic, incompressible-looking bytes; `seed` makes different files
 * differ. A 64 KiB pseudo-random block is repeated with each copy stamped
 * with its index, so a reordered or repeated range changes the hash.
 */
export function makeBytes(length: number, seed = 1): Uint8Array<ArrayBuffer> {
  const BLOCK = 64 * 1024;
  const block = new Uint8Array(BLOCK);
  let x = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < BLOCK; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    block[i] = x & 0xff;
  }
  const bytes = new Uint8Array(length);
  for (let offset = 0, index = 0; offset < length; offset += BLOCK, index++) {
    bytes.set(block.subarray(0, Math.min(BLOCK, length - offset)), offset);
    const stamp = [index & 0xff, (index >> 8) & 0xff, (index >> 16) & 0xff, seed & 0xff];
    for (let j = 0; j < 4 && offset + j < length; j++) bytes[offset + j] = stamp[j];
  }
  return bytes;
}

export async function sha256Hex(data: ArrayBuffer | Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", data as BufferSource);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function objectHash(key: string): Promise<string | null> {
  const object = await env.FILES.get(key);
  return object ? sha256Hex(await object.arrayBuffer()) : null;
}

/** A body stream of `bytes` in chunks, optionally failing after `failAfter` bytes (a dropped connection). */
export function streamOf(bytes: Uint8Array, { chunk = 64 * 1024, failAfter }: { chunk?: number; failAfter?: number } = {}) {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (failAfter !== undefined && offset >= failAfter) {
        controller.error(new Error("connection reset"));
        return;
      }
      if (offset >= bytes.length) return controller.close();
      const end = Math.min(offset + chunk, bytes.length, failAfter ?? Number.POSITIVE_INFINITY);
      controller.enqueue(bytes.slice(offset, end));
      offset = end;
    },
  });
}

export async function listKeys(prefix: string): Promise<string[]> {
  const listed = await env.FILES.list({ prefix });
  return listed.objects.map((o) => o.key);
}
