import { RemoveRowButton } from "~/admin/ui/row-actions";
import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/title-images";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed } from "~/admin/confirm.server";
import { idParam } from "~/admin/params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { ConfirmationPanel } from "~/admin/ui/confirmation-panel";
import { MediaUpload } from "~/admin/ui/media-upload";
import { AdminSection } from "~/admin/ui/page";
import { TitleEditorHeader } from "~/admin/ui/title-tabs";
import { useTrans } from "~/i18n/translation-context";
import { imageSchema, mediaAddress } from "~/catalogue/schema";
import { addTitleImage, deleteTitleImage, listTitleImages, setTitleArtwork } from "~/catalogue/editor/titles.server";
import { titleSummary } from "~/catalogue/editor/episodes.server";
import { discardRefusedUpload } from "~/catalogue/editor/media-files.server";
import { getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { FormErrors, IntentField, SelectField, SubmitButton, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission, readIntent } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Images") }];

const artworkSchema = z.object({ url: mediaAddress.optional() });

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.titlesUpdate);
  const id = idParam(args.params.titleId);
  const [title, images] = await Promise.all([titleSummary(admin.app.db, id), listTitleImages(admin.app.db, id)]);
  if (!title) throw data(null, { status: 404 });
  return { title, images };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.titlesUpdate);
  const { request, context } = args;
  const id = idParam(args.params.titleId);
  const t = admin.app.t;
  const deps = { db: admin.app.db, bucket: getWorker(context).env.FILES };
  const back = `/admin/titles/${id}/images`;
  const formData = await request.formData();
  const intent = readIntent(formData);
  switch (intent) {
    case "set-poster":
    case "set-backdrop": {
      const field = intent === "set-poster" ? "poster" : "backdrop";
      const submission = await parseFormSubmission(formData, artworkSchema, t);
      if (submission.status !== "success") return invalidSubmission(submission);
      const result = await setTitleArtwork(deps, id, field, submission.value.url ?? null, admin.record("titles.update", "title"));
      if (!result.ok) {
        await discardRefusedUpload(deps, submission.value.url, admin.user.id);
        if (result.notFound) throw data(null, { status: 404 });
        return invalidSubmission(submission, { fieldErrors: result.errors, status: 422 });
      }
      return redirectWithToast(request, back, { message: field === "poster" ? t("Poster saved") : t("Backdrop saved"), type: "positive" });
    }
    case "add-image": {
      const submission = await parseFormSubmission(formData, imageSchema, t);
      if (submission.status !== "success") return invalidSubmission(submission);
      const result = await addTitleImage(deps, id, submission.value, admin.record("titles.update", "title"));
      if (!result.ok) {
        await discardRefusedUpload(deps, submission.value.url, admin.user.id);
        if (result.notFound) throw data(null, { status: 404 });
        return invalidSubmission(submission, { fieldErrors: result.errors, status: 422 });
      }
      return redirectWithToast(request, back, { message: t("Image added"), type: "positive" });
    }
    case "delete-image": {
      const imageId = idParam(String(formData.get("imageId") ?? ""));
      if (!isConfirmed(formData)) {
        return askForConfirmation({
          intent,
          ids: [],
          fields: { imageId: String(imageId) },
          title: "Remove this image?",
          message: "The image is removed from the title, and its file when nothing else uses it.",
          confirmLabel: "Remove",
        });
      }
      await deleteTitleImage(deps, id, imageId, admin.record("titles.update", "title"));
      return redirectWithToast(request, back, { message: t("Image removed"), type: "positive" });
    }
    default:
      throw data({ message: t("Unknown action.") }, { status: 400 });
  }
}

export default function TitleImages({ loaderData, actionData }: Route.ComponentProps) {
  const { title, images } = loaderData;
  const confirmation = actionData && "confirm" in actionData ? actionData.confirm : null;
  return (
    <>
      <TitleEditorHeader title={title} current="images" />
      {confirmation ? <ConfirmationPanel request={confirmation} /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <ArtworkSection kind="poster" title={title} current={title.poster} lastResult={actionData} />
        <ArtworkSection kind="backdrop" title={title} current={title.backdrop} lastResult={actionData} />
      </div>
      <GallerySection titleId={title.id} images={images} lastResult={actionData} />
    </>
  );
}

function ArtworkSection({ kind, title, current, lastResult }: { kind: "poster" | "backdrop"; title: { id: number }; current: string | null; lastResult: unknown }) {
  const t = useTrans();
  const intent = kind === "poster" ? "set-poster" : "set-backdrop";
  const [form, fields] = useAppForm({
    schema: artworkSchema,
    id: intent,
    lastResult: (lastResult as { intent?: unknown } | undefined) && isFor(lastResult, intent) ? (lastResult as never) : undefined,
    defaultValue: { url: current ?? "" },
  });
  return (
    <AdminSection title={kind === "poster" ? t("Poster") : t("Backdrop")} id={kind}>
      <div className="flex flex-col gap-4">
        {current ? (
          <img
            src={current}
            alt={kind === "poster" ? t("Current poster") : t("Current backdrop")}
            className={`rounded-theme border border-divider object-cover ${kind === "poster" ? "aspect-[2/3] w-40" : "aspect-video w-full"}`}
            data-testid={`current-${kind}`}
          />
        ) : (
          <p className="text-sm text-muted">{kind === "poster" ? t("No poster yet.") : t("No backdrop yet.")}</p>
        )}
        <MediaUpload label={kind === "poster" ? "Upload a poster" : "Upload a backdrop"} kind="image" intent={intent} target={`title-${kind}:${title.id}`} />
        <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
          <IntentField value={intent} />
          <FormErrors form={form} />
          <TextField meta={fields.url} label={t("Or an address")} placeholder="https://…" className="min-w-56 flex-1" />
          <SubmitButton variant="outlined" color="neutral">
            {t("Save")}
          </SubmitButton>
        </Form>
      </div>
    </AdminSection>
  );
}

/** Replies carry the submitted intent; each form reports only its own. */
function isFor(result: unknown, intent: string) {
  const initial = (result as { initialValue?: Record<string, unknown> } | null)?.initialValue;
  return initial?.intent === intent;
}

function GallerySection({ titleId, images, lastResult }: { titleId: number; images: { id: number; type: string; url: string; width: number; height: number }[]; lastResult: unknown }) {
  const t = useTrans();
  const [form, fields] = useAppForm({ schema: imageSchema, id: "add-image", lastResult: isFor(lastResult, "add-image") ? (lastResult as never) : undefined, defaultValue: { type: "backdrop" } });
  return (
    <AdminSection title={t("Gallery")} description={t("Pictures shown on the title page.")} id="gallery" className="mt-6">
      {images.length === 0 ? (
        <p className="text-sm text-muted">{t("No images yet.")}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="gallery">
          {images.map((image) => (
            <li key={image.id} className="flex flex-col gap-2">
              <img src={image.url} alt="" loading="lazy" className="aspect-video w-full rounded-theme border border-divider object-cover" />
              <div className="flex items-center justify-between gap-2 text-xs text-muted">
                <span>
                  {t(image.type)} · {image.width}×{image.height}
                </span>
                <RemoveRowButton
                  intent="delete-image"
                  fields={{ imageId: String(image.id) }}
                  label="Remove"
                  title="Remove this image?"
                  message="The image is removed from the title, and its file when nothing else uses it."
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <MediaUpload label="Upload an image" kind="image" intent="add-image" fields={{ type: "backdrop" }} target={`title-image:${titleId}`} />
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
          <IntentField value="add-image" />
          <FormErrors form={form} />
          <SelectField
            meta={fields.type}
            label={t("Kind")}
            options={[
              { value: "backdrop", label: t("Backdrop") },
              { value: "poster", label: t("Poster") },
              { value: "still", label: t("Still") },
            ]}
          />
          <TextField meta={fields.url} label={t("Address")} placeholder="https://…" />
          <div>
            <SubmitButton variant="outlined" color="neutral">
              {t("Add image")}
            </SubmitButton>
          </div>
        </Form>
      </div>
    </AdminSection>
  );
}
