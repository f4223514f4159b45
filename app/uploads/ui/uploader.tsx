import { useEffect, useId } from "react";
import { DropZone, FileTrigger, ProgressBar, Text, type DropItem } from "react-aria-components";
import { useTrans } from "~/i18n/translation-context";
import { Button } from "~/ui/button";
import { buttonClasses } from "~/ui/button-styles";
import { useHydrated } from "~/ui/use-hydrated";
import { formatBytes } from "../restrictions";
import type { UploadItem } from "./upload-queue";
import { useUploader, type UseUploaderOptions } from "./use-uploader";

/**
 * A drop zone with a file button and the list of uploads (status, progress,
 * cancel, retry, clear inactive). Without JavaScript it falls back to a plain
 * form posting the file to `fallbackAction`, when the page offers one.
 */
export interface UploaderProps extends UseUploaderOptions {
  label?: string;
  /** Mime types or extensions the file picker offers (e.g. ["image/*"]). */
  accept?: string[];
  multiple?: boolean;
  /** Let people drop or pick whole folders. */
  folders?: boolean;
  /** Where the no-JavaScript form posts (a route action that stores the file). */
  fallbackAction?: string;
  /** Called whenever an upload changes (status, progress). */
  onChange?: (items: readonly UploadItem[]) => void;
}

export function Uploader({ label, accept, multiple = true, folders = false, fallbackAction, onChange, ...options }: UploaderProps) {
  const t = useTrans();
  const hydrated = useHydrated();
  const uploader = useUploader(options);
  // Several uploaders may share a page (poster, backdrop, gallery): each fallback field its own id.
  const inputId = `uploader-file-${useId()}`;
  useEffect(() => onChange?.(uploader.items), [onChange, uploader.items]);
  const title = label ?? t("Upload files");

  if (!hydrated) {
    return fallbackAction ? (
      <form method="post" encType="multipart/form-data" action={fallbackAction} className="flex flex-col gap-3 rounded-lg border border-dashed border-divider p-6">
        <label className="font-medium" htmlFor={inputId}>
          {title}
        </label>
        <input id={inputId} type="file" name="file" required accept={accept?.join(",")} />
        <div>
          <button type="submit" className={buttonClasses({ variant: "filled", color: "primary" })}>
            {t("Upload")}
          </button>
        </div>
      </form>
    ) : (
      <p className="rounded-lg border border-dashed border-divider p-6 text-sm text-muted">{t("Uploading files needs JavaScript.")}</p>
    );
  }

  const onDrop = async (items: DropItem[]) => {
    const files: File[] = [];
    const paths: (string | null)[] = [];
    const walk = async (item: DropItem, prefix: string | null) => {
      if (item.kind === "file") {
        files.push(await item.getFile());
        paths.push(prefix ? `${prefix}/${item.name}` : null);
      } else if (item.kind === "directory" && folders) {
        for await (const entry of item.getEntries()) await walk(entry, prefix ? `${prefix}/${item.name}` : item.name);
      }
    };
    for (const item of items) await walk(item, null);
    if (files.length > 0) uploader.addFiles(multiple ? files : files.slice(0, 1), multiple ? paths : paths.slice(0, 1));
  };

  return (
    <section className="flex flex-col gap-4" aria-label={title}>
      <DropZone
        onDrop={(event) => void onDrop(event.items)}
        className={({ isDropTarget }) =>
          `flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-8 text-center transition-colors ${isDropTarget ? "border-primary bg-primary/5" : "border-divider"}`
        }
      >
        <Text slot="label" className="text-sm text-muted">
          {multiple ? t("Drop files here, or") : t("Drop a file here, or")}
        </Text>
        <FileTrigger
          allowsMultiple={multiple}
          acceptedFileTypes={accept}
          acceptDirectory={false}
          onSelect={(list) => {
            if (list) uploader.addFiles([...list]);
          }}
        >
          <Button variant="outlined">{multiple ? t("Choose files") : t("Choose a file")}</Button>
        </FileTrigger>
      </DropZone>

      {uploader.items.length > 0 ? (
        <div className="flex flex-col gap-2">
          <ul className="flex flex-col divide-y divide-divider rounded-lg border border-divider" aria-label={t("Uploads")}>
            {uploader.items.map((item) => (
              <UploadRow key={item.id} item={item} onCancel={() => uploader.cancel(item.id)} onRetry={() => uploader.retry(item.id)} />
            ))}
          </ul>
          {uploader.hasInactive ? (
            <div className="flex justify-end">
              <Button variant="text" size="sm" onPress={uploader.clearInactive}>
                {t("Clear inactive")}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** One upload: name, size, status, progress, cancel and retry (also used alone, e.g. by the avatar editor). */
export function UploadRow({ item, onCancel, onRetry }: { item: UploadItem; onCancel: () => void; onRetry: () => void }) {
  const t = useTrans();
  const active = item.status === "pending" || item.status === "inProgress";
  const statusText = {
    pending: t("Waiting"),
    inProgress: t("Uploading… :percentage%", { percentage: item.percentage }),
    completed: t("Uploaded"),
    failed: item.errorMessage ?? t("Upload failed"),
    aborted: t("Upload cancelled"),
  }[item.status];
  return (
    <li className="flex flex-col gap-2 px-4 py-3" data-status={item.status} data-testid="upload-item">
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-auto">
          <p className="truncate text-sm font-medium">
            {item.status === "completed" && item.entry ? (
              <a href={item.entry.url} className="hover:underline" target="_blank" rel="noreferrer">
                {item.relativePath ?? item.name}
              </a>
            ) : (
              (item.relativePath ?? item.name)
            )}
          </p>
          <p className={`text-xs ${item.status === "failed" ? "text-danger" : "text-muted"}`} role={item.status === "failed" ? "alert" : undefined}>
            {formatBytes(item.size)} · <span data-testid="upload-status">{statusText}</span>
          </p>
        </div>
        {active ? (
          <Button variant="text" size="sm" onPress={onCancel} aria-label={t("Cancel upload of :name", { name: item.name })}>
            {t("Cancel")}
          </Button>
        ) : null}
        {item.status === "failed" || item.status === "aborted" ? (
          <Button variant="text" size="sm" onPress={onRetry} aria-label={t("Retry upload of :name", { name: item.name })}>
            {t("Retry")}
          </Button>
        ) : null}
      </div>
      {active ? (
        <ProgressBar value={item.percentage} aria-label={t("Upload progress of :name", { name: item.name })} className="w-full">
          <div className="h-1.5 w-full overflow-hidden rounded-full bg-divider">
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${item.percentage}%` }} />
          </div>
        </ProgressBar>
      ) : null}
    </li>
  );
}
