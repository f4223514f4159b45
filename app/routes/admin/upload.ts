import { DomainError, domainErrorMessage } from "~/http/domain-error";
import { data } from "react-router";
import { eq } from "drizzle-orm";
import type { Route } from "./+types/upload";
import { requireAdmin, type AdminRequest } from "~/admin/access.server";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { SETTINGS_GROUPS } from "~/admin/settings-groups";
import { setPersonProfile } from "~/catalogue/editor/people.server";
import { addTitleImage, setTitleArtwork } from "~/catalogue/editor/titles.server";
import { saveVideo } from "~/catalogue/editor/videos.server";
import { safeRedirectPath } from "~/http/redirects";
import { getWorker } from "~/request/context";
import { saveSettings } from "~/settings/settings.server";
import { redirectWithToast } from "~/toasts/flash.server";
import { resolveUploadActor } from "~/uploads/actor.server";
import { receiveDirectUpload } from "~/uploads/direct-upload.server";
import { fileEntries, type FileEntryRow } from "~/uploads/tables";
import { uploadServices } from "~/uploads/services.server";

/**
 * POST /admin/upload?target=<what>:<id>&back=<admin page>: the admin area's
 * uploads without JavaScript (with it, the uploader talks to api/v1 and the
 * page attaches the file itself). The file streams into R2 like any direct
 * upload (uploads' restrictions, the uploader's files.create), goes on the
 * public disk, and is attached to its target with the same domain
 * functions and checks as a file uploaded with JavaScript. A file that
 * cannot be attached (not an image, say) is deleted again.
 *
 * Targets: title-poster, title-backdrop, title-image (type=...),
 * title-video (category=...), person-profile, setting (key=<an image setting>).
 */
const TARGET = /^(title-poster|title-backdrop|title-image|title-video|person-profile|setting):([\w.]{1,60})$/;
const IMAGE_SETTING_KEYS = new Set(SETTINGS_GROUPS.flatMap((g) => g.fields.filter((f) => f.kind === "image").map((f) => f.key as string)));

type Target = { kind: string; ref: string };

function readTarget(url: URL): Target {
  const match = TARGET.exec(url.searchParams.get("target") ?? "");
  if (!match) throw data({ message: "Unknown upload target." }, { status: 400 });
  return { kind: match[1], ref: match[2] };
}

function permissionFor(target: Target) {
  if (target.kind === "setting") {
    if (!IMAGE_SETTING_KEYS.has(target.ref)) throw data({ message: "Unknown upload target." }, { status: 400 });
    return P.settingsUpdate;
  }
  if (!/^\d{1,15}$/.test(target.ref)) throw data({ message: "Unknown upload target." }, { status: 400 });
  return P.titlesUpdate;
}

async function attach(admin: AdminRequest, bucket: R2Bucket, target: Target, entry: FileEntryRow, url: URL) {
  const deps = { db: admin.app.db, bucket };
  const address = `/files/${entry.fileName}`;
  const id = Number(target.ref);
  switch (target.kind) {
    case "title-poster":
    case "title-backdrop":
      return setTitleArtwork(deps, id, target.kind === "title-poster" ? "poster" : "backdrop", address, admin.record("titles.update", "title"));
    case "title-image": {
      const type = url.searchParams.get("type");
      return addTitleImage(deps, id, { type: type === "poster" || type === "still" ? type : "backdrop", url: address }, admin.record("titles.update", "title"));
    }
    case "title-video": {
      const category = url.searchParams.get("category");
      return saveVideo(
        deps,
        id,
        null,
        {
          name: entry.name.replace(/\.[^.]+$/, "").slice(0, 250) || "Video",
          category: category === "clip" || category === "teaser" || category === "featurette" || category === "full" || category === "episode" ? category : "trailer",
          source: "r2",
          src: `files/${entry.fileName}`,
        },
        admin.record("titles.update", "title"),
      );
    }
    case "person-profile":
      return setPersonProfile(deps, id, address, admin.record("people.update", "person"));
    default: {
      const result = await saveSettings(admin.app.db, { [target.ref]: address }, { record: admin.record("settings.update", "setting") });
      return result.ok ? { ok: true as const } : { ok: false as const, errors: result.errors };
    }
  }
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const url = args.url;
  // Who asks comes first: nobody without admin.access learns anything about targets.
  requireAdmin(args);
  const target = readTarget(url);
  const admin = requireAdmin(args, permissionFor(target));
  const t = admin.app.t;
  const back = safeRedirectPath(url.searchParams.get("back"), "/admin");
  const to = back.startsWith("/admin") ? back : "/admin";
  const services = uploadServices(context, request);
  let entry: FileEntryRow;
  try {
    entry = await receiveDirectUpload(services, request, (workspaceId) => resolveUploadActor(context, { workspaceId }));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return redirectWithToast(request, to, { message: domainErrorMessage(t, error), type: "danger" });
  }
  // Catalogue and branding files are public, whatever the form said.
  if (entry.disk !== "public") await admin.app.db.update(fileEntries).set({ disk: "public" }).where(eq(fileEntries.id, entry.id));
  const result = await attach(admin, getWorker(context).env.FILES, target, entry, url);
  if (!result.ok) {
    await services.bucket.delete(entry.path).catch(() => {});
    await admin.app.db.delete(fileEntries).where(eq(fileEntries.id, entry.id));
    const message = ("errors" in result && result.errors ? Object.values(result.errors).flat()[0] : null) ?? "This file could not be used.";
    if ("notFound" in result && result.notFound) throw data(null, { status: 404 });
    return redirectWithToast(request, to, { message: t(message), type: "danger" });
  }
  return redirectWithToast(request, to, { message: t("Uploaded :name", { name: entry.name }), type: "positive" });
}

export function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
