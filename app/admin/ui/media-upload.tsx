import { useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import type { FileEntryJson } from "~/uploads/file-entries";
import { toast } from "~/toasts/toast-store";
import { Uploader } from "~/uploads/ui/uploader";

export const IMAGE_TYPES_ACCEPTED = ["image/png", "image/jpeg", "image/gif", "image/webp"];
export const VIDEO_TYPES_ACCEPTED = ["video/mp4", "video/webm", "video/quicktime"];

/**
 * Uploads one picture or video for the admin area and hands it to the
 * page's action. With JavaScript it is the site's uploader (resumable,
 * large files in parts) on the public disk, and the finished file is posted
 * with `intent` as `url` ("/files/<name>" for pictures, "files/<name>" for
 * videos). Without JavaScript the file goes to /admin/upload, which stores
 * it and attaches it to `target` the same way, then comes back here.
 */
export function MediaUpload({
  label,
  kind,
  intent,
  target,
  fields = {},
  onUploaded,
}: {
  label: string;
  kind: "image" | "video";
  /** The page action's intent that attaches the uploaded file. */
  intent?: string;
  /** What /admin/upload attaches the file to without JavaScript ("title-poster:12"). */
  target: string;
  fields?: Record<string, string>;
  /** Instead of posting: hand the file to the page (e.g. fill a form field). */
  onUploaded?: (address: string, entry: FileEntryJson) => void;
}) {
  const t = useTrans();
  const fetcher = useFetcher();
  const location = useLocation();
  const back = location.pathname + location.search;
  const fallback = `/admin/upload?${new URLSearchParams({ target, back, ...fields }).toString()}`;
  // A refused file (an upload that is not a picture, say): the action's message as a toast.
  const reported = useRef<unknown>(null);
  useEffect(() => {
    const answer = fetcher.data as { error?: Record<string, string[] | null>; message?: string } | undefined;
    if (!answer || reported.current === answer || fetcher.state !== "idle") return;
    reported.current = answer;
    const message =
      Object.values(answer.error ?? {})
        .flat()
        .find(Boolean) ?? answer.message;
    if (message) toast.danger(t(message));
  }, [fetcher.data, fetcher.state, t]);
  return (
    <div data-testid={`upload-${target.split(":")[0]}`}>
      <Uploader
        label={t(label)}
        multiple={false}
        accept={kind === "image" ? IMAGE_TYPES_ACCEPTED : VIDEO_TYPES_ACCEPTED}
        restrictions={{ allowed: kind === "image" ? IMAGE_TYPES_ACCEPTED : VIDEO_TYPES_ACCEPTED }}
        disk="public"
        metadata={{ purpose: "catalogue", target }}
        fallbackAction={fallback}
        onUploaded={(entry) => {
          const address = kind === "image" ? entry.url : `files/${entry.file_name}`;
          if (onUploaded) onUploaded(address, entry);
          else if (intent) fetcher.submit({ intent, url: address, fileName: entry.name, ...fields }, { method: "post", action: back });
        }}
      />
      {fetcher.state !== "idle" ? <p className="mt-2 text-sm text-muted">{t("Saving…")}</p> : null}
    </div>
  );
}
