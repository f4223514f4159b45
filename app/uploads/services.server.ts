import type { RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import { getApp, getWorker } from "~/request/context";
import type { Settings } from "~/settings/definitions";

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
  };
}
