import type { RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import { getApp, getWorker } from "~/request/context";
import type { Settings } from "~/settings/definitions";
import { r2S3ConfigFrom, type R2S3Api } from "./s3/r2-s3-api.server";

/** What the upload code needs from the outside world; tests build it by hand. */
export interface UploadServices {
  db: Database;
  bucket: R2Bucket;
  settings: Settings;
  /** Derives the key of signed upload URLs. */
  appKey: string | undefined;
  /** Origin of the URLs handed to clients (tus Location, signed part URLs). */
  origin: string;
  /** Milliseconds since the epoch (tests move time forward). */
  now: () => number;
  /** Work that must finish even when the client goes away (releasing a tus lock). */
  waitUntil: (work: Promise<unknown>) => void;
  /**
   * R2's S3 API when its credentials are configured: part and object URLs
   * are then real R2 presigned URLs; otherwise (null) they point at the Worker.
   */
  r2Api?: R2S3Api | null;
}

export function uploadServices(context: Readonly<RouterContextProvider>, request: Request): UploadServices {
  const app = getApp(context);
  const worker = getWorker(context);
  return {
    db: app.db,
    bucket: worker.env.FILES,
    settings: app.settings,
    appKey: (worker.env as unknown as { APP_KEY?: string }).APP_KEY,
    origin: new URL(request.url).origin,
    now: () => Date.now(),
    waitUntil: (work) => worker.ctx.waitUntil(work.catch(() => undefined)),
    r2Api: r2ApiFor(worker.env),
  };
}

function r2ApiFor(env: unknown): R2S3Api | null {
  const config = r2S3ConfigFrom(env);
  return config ? { config, fetch: (input, init) => fetch(input, init) } : null;
}
