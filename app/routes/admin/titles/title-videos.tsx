import { EditRowLink, RemoveRowButton } from "~/admin/ui/row-actions";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/title-videos";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed } from "~/admin/confirm.server";
import { idParam } from "~/admin/params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { ConfirmationPanel } from "~/admin/ui/confirmation-panel";
import { MediaUpload } from "~/admin/ui/media-upload";
import { AdminSection, Badge } from "~/admin/ui/page";
import { TitleEditorHeader } from "~/admin/ui/title-tabs";
import { useTrans } from "~/i18n/translation-context";
import { videoSchema } from "~/catalogue/schema";
import { listEpisodeChoices, titleSummary } from "~/catalogue/editor/episodes.server";
import { discardRefusedUpload } from "~/catalogue/editor/media-files.server";
import { deleteVideos, listTitleVideos, saveVideo } from "~/catalogue/editor/videos.server";
import { VIDEO_CATEGORIES, VIDEO_SOURCES } from "~/catalogue/tables";
import { getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { FormErrors, IntentField, SelectField, SubmitButton, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission, readIntent } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Videos") }];

const SOURCE_LABELS: Record<(typeof VIDEO_SOURCES)[number], string> = { r2: "Uploaded file", external: "File address", youtube: "YouTube", vimeo: "Vimeo" };

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.titlesUpdate);
  const id = idParam(args.params.titleId);
  const [title, videos, episodes] = await Promise.all([titleSummary(admin.app.db, id), listTitleVideos(admin.app.db, id), listEpisodeChoices(admin.app.db, id)]);
  if (!title) throw data(null, { status: 404 });
  const editId = Number(args.url.searchParams.get("edit"));
  return { title, videos, episodes, editing: videos.find((v) => v.id === editId) ?? null };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.titlesUpdate);
  const { request, context } = args;
  const id = idParam(args.params.titleId);
  const t = admin.app.t;
  const deps = { db: admin.app.db, bucket: getWorker(context).env.FILES };
  const back = `/admin/titles/${id}/videos`;
  const formData = await request.formData();
  const intent = readIntent(formData);
  if (intent === "delete-video") {
    const videoId = idParam(String(formData.get("videoId") ?? ""));
    if (!isConfirmed(formData)) {
      return askForConfirmation({
        intent,
        ids: [],
        fields: { videoId: String(videoId) },
        title: "Delete this video?",
        message: "The video and its play counts are deleted, and its file when nothing else uses it.",
        confirmLabel: "Delete",
      });
    }
    const videos = await listTitleVideos(admin.app.db, id);
    if (!videos.some((v) => v.id === videoId)) throw data(null, { status: 404 });
    await deleteVideos(deps, [videoId], admin.record("titles.update", "title"));
    return redirectWithToast(request, back, { message: t("Video deleted"), type: "positive" });
  }
  if (intent === "upload-video-file") {
    // A video the uploader just stored: added as a trailer named after its file.
    const url = formData.get("url");
    const fileName = String(formData.get("fileName") ?? "")
      .replace(/\.[^.]+$/, "")
      .trim()
      .slice(0, 250);
    if (typeof url !== "string" || !/^files\/[a-f0-9]{32}$/.test(url)) throw data({ message: t("Upload the video first.") }, { status: 400 });
    const result = await saveVideo(deps, id, null, { name: fileName || t("Video"), category: "trailer", source: "r2", src: url }, admin.record("titles.update", "title"));
    if (!result.ok) {
      await discardRefusedUpload(deps, url, admin.user.id);
      if (result.notFound) throw data(null, { status: 404 });
      return redirectWithToast(request, back, { message: t(Object.values(result.errors ?? {}).flat()[0] ?? "This file could not be used."), type: "danger" });
    }
    return redirectWithToast(request, back, { message: t("Video added"), type: "positive" });
  }
  if (intent !== "save-video") throw data({ message: t("Unknown action.") }, { status: 400 });
  const submission = await parseFormSubmission(formData, videoSchema, t);
  if (submission.status !== "success") return invalidSubmission(submission);
  const videoIdRaw = formData.get("videoId");
  const videoId = typeof videoIdRaw === "string" && videoIdRaw ? idParam(videoIdRaw) : null;
  const result = await saveVideo(deps, id, videoId, submission.value, admin.record("titles.update", "title"));
  if (!result.ok) {
    if (result.notFound) throw data(null, { status: 404 });
    return invalidSubmission(submission, { fieldErrors: result.errors, status: 422 });
  }
  return redirectWithToast(request, back, { message: videoId ? t("Video saved") : t("Video added"), type: "positive" });
}

export default function TitleVideos({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { title, videos, episodes, editing } = loaderData;
  const confirmation = actionData && "confirm" in actionData ? actionData.confirm : null;
  return (
    <>
      <TitleEditorHeader title={title} current="videos" />
      {confirmation ? <ConfirmationPanel request={confirmation} /> : null}
      <AdminSection title={t("Videos")} id="videos">
        {videos.length === 0 ? (
          <p className="text-sm text-muted">{t("No videos yet.")}</p>
        ) : (
          <ul className="divide-y divide-divider" data-testid="title-videos">
            {videos.map((video) => {
              const episode = episodes.find((e) => e.id === video.episodeId);
              return (
                <li key={video.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-medium text-foreground">{video.name}</p>
                    <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-muted">
                      <Badge>{t(video.category)}</Badge>
                      <span>{t(SOURCE_LABELS[video.source])}</span>
                      {episode ? <span>{`S${episode.seasonNumber}E${episode.episodeNumber}`}</span> : null}
                      <span>{t(":count plays", { count: video.plays })}</span>
                    </p>
                  </div>
                  <div className="flex items-center gap-1">
                    <a href={`/watch/${video.id}`} target="_blank" rel="noreferrer" className={buttonClasses({ variant: "text", color: "neutral", size: "xs" })}>
                      {t("Watch")}
                    </a>
                    <EditRowLink id={video.id} form="video-form" />
                    <RemoveRowButton
                      intent="delete-video"
                      fields={{ videoId: String(video.id) }}
                      label="Delete"
                      title="Delete this video?"
                      message="The video and its play counts are deleted, and its file when nothing else uses it."
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </AdminSection>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <VideoForm key={editing?.id ?? "new"} editing={editing} episodes={episodes} lastResult={confirmation ? undefined : actionData} />
        {editing ? null : (
          <AdminSection title={t("Upload a video")} description={t("The video is added as a trailer; edit it afterwards to change its name or kind.")}>
            <MediaUpload label="Upload a video" kind="video" target={`title-video:${title.id}`} intent="upload-video-file" />
          </AdminSection>
        )}
      </div>
    </>
  );
}

function VideoForm({
  editing,
  episodes,
  lastResult,
}: {
  editing: Awaited<ReturnType<typeof loader>>["editing"];
  episodes: { id: number; seasonNumber: number; episodeNumber: number; name: string }[];
  lastResult: unknown;
}) {
  const t = useTrans();
  const [form, fields] = useAppForm({
    schema: videoSchema,
    id: "video",
    lastResult: lastResult as never,
    defaultValue: editing
      ? {
          name: editing.name,
          category: editing.category,
          source: editing.source,
          src: editing.src,
          quality: (editing.quality ?? undefined) as never,
          language: editing.language ?? "",
          duration: editing.duration ?? undefined,
          thumbnail: editing.thumbnail ?? "",
          episodeId: editing.episodeId ?? undefined,
        }
      : { category: "trailer", source: "youtube" },
  });
  return (
    <AdminSection title={editing ? t("Edit video") : t("Add a video")} id="video-form">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <IntentField value="save-video" />
        {editing ? <input type="hidden" name="videoId" value={editing.id} /> : null}
        <FormErrors form={form} />
        <TextField meta={fields.name} label={t("Name")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField meta={fields.category} label={t("Kind")} options={VIDEO_CATEGORIES.map((c) => ({ value: c, label: t(c) }))} />
          <SelectField meta={fields.source} label={t("Source")} options={VIDEO_SOURCES.map((s) => ({ value: s, label: t(SOURCE_LABELS[s]) }))} />
        </div>
        <TextField meta={fields.src} label={t("Video")} description={t("YouTube or Vimeo id, an https:// file address, or files/… of an uploaded video.")} />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField meta={fields.quality} label={t("Quality")} placeholder={t("Unknown")} options={["2160p", "1080p", "720p", "480p", "sd"].map((q) => ({ value: q, label: q }))} />
          <TextField meta={fields.language} label={t("Language")} placeholder="en" />
          <TextField meta={fields.duration} label={t("Length (seconds)")} type="number" min={1} />
        </div>
        <TextField meta={fields.thumbnail} label={t("Thumbnail")} placeholder="/files/…" />
        {episodes.length > 0 ? (
          <SelectField
            meta={fields.episodeId}
            label={t("Episode")}
            placeholder={t("The whole series")}
            options={episodes.map((e) => ({ value: String(e.id), label: `S${e.seasonNumber}E${e.episodeNumber} ${e.name}` }))}
          />
        ) : null}
        <div className="flex justify-end gap-2">
          {editing ? (
            <Link to="?" className={buttonClasses({ variant: "text", color: "neutral" })}>
              {t("Cancel")}
            </Link>
          ) : null}
          <SubmitButton>{editing ? t("Save") : t("Add video")}</SubmitButton>
        </div>
      </Form>
    </AdminSection>
  );
}
