import { DomainError, domainErrorMessage } from "~/http/domain-error";
import { useEffect, useState } from "react";
import { data, useSearchParams } from "react-router";
import type { Route } from "./+types/uploads";
import { requireUser } from "~/auth/guards.server";
import { useTrans } from "~/i18n/translation-context";
import { getApp, getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { resolveUploadActor } from "~/uploads/actor.server";
import { receiveDirectUpload } from "~/uploads/direct-upload.server";
import type { FileEntryJson } from "~/uploads/file-entries";
import { uploadServices } from "~/uploads/services.server";
import { Uploader } from "~/uploads/ui/uploader";
import type { UploadItem } from "~/uploads/ui/upload-queue";
import type { UploadStrategy } from "~/uploads/ui/upload-strategy";
import { siteTitle } from "~/seo/seo";

/**
 * /_dev/uploads: the uploader on its own, for developers and the end-to-end
 * tests (?strategy=tus|multipart|presigned|direct forces a strategy,
 * ?disk=public the public disk). Only in a local Worker; elsewhere 404.
 */
export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Uploads") }, { name: "robots", content: "noindex" }];

const STRATEGIES = ["tus", "multipart", "presigned", "direct"] as const;

function requireLocal(context: Route.LoaderArgs["context"]) {
  if (!getWorker(context).isLocal) throw data(null, { status: 404 });
}

export function loader(args: Route.LoaderArgs) {
  requireLocal(args.context);
  requireUser(args);
  return null;
}

/** The no-JavaScript path: the file arrives in a plain form post. */
export async function action(args: Route.ActionArgs) {
  requireLocal(args.context);
  requireUser(args);
  const { request, context } = args;
  const t = getApp(context).t;
  try {
    const entry = await receiveDirectUpload(uploadServices(context, request), request, (workspaceId) => resolveUploadActor(context, { workspaceId }));
    return redirectWithToast(request, "/_dev/uploads", { message: t("Uploaded :name", { name: entry.name }), type: "positive" });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return redirectWithToast(request, "/_dev/uploads", { message: domainErrorMessage(t, error), type: "danger" });
  }
}

declare global {
  interface Window {
    /** Every change of every upload, for the end-to-end tests. */
    __uploadLog?: { name: string; status: string; percentage: number; bytesUploaded: number }[];
  }
}

export default function DevUploads() {
  const t = useTrans();
  const [params] = useSearchParams();
  const strategy = STRATEGIES.find((s) => s === params.get("strategy")) as UploadStrategy | undefined;
  const disk = params.get("disk") === "public" ? "public" : "uploads";
  const [entries, setEntries] = useState<FileEntryJson[]>([]);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-2xl font-semibold">{t("Uploads")}</h1>
      <LoggedUploader strategy={strategy} disk={disk} onUploaded={(entry) => setEntries((list) => [entry, ...list])} />
      {entries.length > 0 ? (
        <section aria-labelledby="uploaded-heading">
          <h2 id="uploaded-heading" className="mb-2 font-medium">
            {t("Uploaded files")}
          </h2>
          <ul className="flex flex-col gap-1 text-sm" data-testid="uploaded-entries">
            {entries.map((entry) => (
              <li key={entry.id} data-entry-id={entry.id} data-entry-size={entry.size}>
                <a className="hover:underline" href={entry.url}>
                  {entry.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function LoggedUploader(props: { strategy?: UploadStrategy; disk: "public" | "uploads"; onUploaded: (entry: FileEntryJson) => void }) {
  const [items, setItems] = useState<readonly UploadItem[]>([]);
  useEffect(() => {
    window.__uploadLog ??= [];
    for (const item of items) {
      window.__uploadLog.push({ name: item.name, status: item.status, percentage: item.percentage, bytesUploaded: item.bytesUploaded });
    }
  }, [items]);
  return <Uploader strategy={props.strategy} disk={props.disk} fallbackAction="/_dev/uploads" onUploaded={props.onUploaded} onChange={setItems} />;
}
