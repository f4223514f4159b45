import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useSettings } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import type { FileEntryJson } from "../file-entries";
import { checkFile, type UploadRestrictions } from "../restrictions";
import { UploadQueue, type UploadItem } from "./upload-queue";
import { chooseStrategy, fitInOneRequest, type UploadSettings, type UploadStrategy } from "./upload-strategy";

/**
 * The uploader as a hook, for any page that uploads (avatar, admin, the
 * developer page): a queue following the spec's rules, fed by Uppy, which
 * is loaded only when the first upload starts.
 */
export interface UseUploaderOptions {
  disk?: "public" | "uploads";
  /** Stored with every file entry. */
  metadata?: Record<string, unknown> | null;
  workspaceId?: number | null;
  /** Narrower rules than the site's, e.g. an avatar: images up to 2 MB. */
  restrictions?: Partial<UploadRestrictions>;
  /** Use this strategy whatever the size (tests, admin tools). */
  strategy?: UploadStrategy;
  onUploaded?: (entry: FileEntryJson, item: UploadItem) => void;
  onFailed?: (item: UploadItem) => void;
}

const EMPTY: readonly UploadItem[] = [];

export function useUploader(options: UseUploaderOptions = {}) {
  const t = useTrans();
  // Pages embed the upload settings for signed-in users only (every uploader is behind sign-in).
  const site = useSettings().uploads;
  if (!site) throw new Error("useUploader needs a signed-in user: a guest's page has no upload settings");
  const settings: UploadSettings = { chunk: site.chunk, chunkSize: site.chunk_size, directUpload: site.direct_upload };
  const restrictions: UploadRestrictions = {
    maxSize: Math.min(site.max_size, options.restrictions?.maxSize ?? Number.POSITIVE_INFINITY),
    allowed: options.restrictions?.allowed ?? site.allowed_extensions,
    blocked: [...site.blocked_extensions, ...(options.restrictions?.blocked ?? [])],
  };

  // The queue is created once; what it reads (options, translations) is kept current through a ref.
  const current = useRef({ options, settings, restrictions, t });
  current.current = { options, settings, restrictions, t };

  const [queue] = useState(
    () =>
      new UploadQueue({
        settings,
        timeoutMessage: t("Upload timed out"),
        chooseStrategy: (file) => {
          const forced = current.current.options.strategy;
          // A forced single-request strategy still goes in parts when the file is too large for one request.
          return forced ? fitInOneRequest(forced, file.size, current.current.settings) : chooseStrategy(file.size, current.current.settings);
        },
        validate: (file) => {
          const violation = checkFile({ name: file.name, size: file.size, mime: file.type }, current.current.restrictions);
          return violation ? current.current.t(violation.message, violation.values) : null;
        },
        start: async (file, item, callbacks) => {
          const { createStartTransport } = await import("./uppy-transports");
          const { options: latest, settings: latestSettings } = current.current;
          return createStartTransport({
            settings: latestSettings,
            disk: latest.disk,
            metadata: latest.metadata,
            workspaceId: latest.workspaceId,
          })(file, item, callbacks);
        },
        onSettled: (item) => {
          const { options: latest } = current.current;
          if (item.status === "completed" && item.entry) latest.onUploaded?.(item.entry, item);
          if (item.status === "failed") latest.onFailed?.(item);
        },
      }),
  );
  useEffect(() => () => queue.destroy(), [queue]);

  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot, () => EMPTY);
  return {
    items,
    addFiles: (files: File[], relativePaths?: (string | null)[]) => queue.add(files, { relativePaths }),
    cancel: (id: string) => queue.cancel(id),
    retry: (id: string) => queue.retry(id),
    clearInactive: () => queue.clearInactive(),
    hasInactive: items.some((item) => item.status !== "pending" && item.status !== "inProgress"),
    isUploading: items.some((item) => item.status === "pending" || item.status === "inProgress"),
  };
}
