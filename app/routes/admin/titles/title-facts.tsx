import { data, Form } from "react-router";
import type { Route } from "./+types/title-facts";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed } from "~/admin/confirm.server";
import { idParam } from "~/admin/params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { ConfirmationPanel } from "~/admin/ui/confirmation-panel";
import { ConfirmedActionButton } from "~/admin/ui/confirmed-action";
import { AdminSection } from "~/admin/ui/page";
import { TitleEditorHeader } from "~/admin/ui/title-tabs";
import { useTrans } from "~/i18n/translation-context";
import { titleFactsSchema } from "~/catalogue/schema";
import { allGenres, deleteTitles, loadTitleForEditor, updateTitle } from "~/catalogue/editor/titles.server";
import { getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { FieldErrors, FormErrors, IntentField, SelectField, SubmitButton, TextArea, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission, readIntent } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: siteTitle(matches, loaderData ? loaderData.title.name : "Title") }];

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.titlesUpdate);
  const id = idParam(args.params.titleId);
  const [found, genres] = await Promise.all([loadTitleForEditor(admin.app.db, id), allGenres(admin.app.db)]);
  if (!found) throw data(null, { status: 404 });
  const { title } = found;
  return {
    title: { id: title.id, name: title.name, slug: title.slug, type: title.type, poster: title.poster, generatedFields: title.generatedFields, updatedAt: title.updatedAt.toISOString() },
    values: {
      type: title.type,
      name: title.name,
      originalName: title.originalName ?? "",
      tagline: title.tagline ?? "",
      plot: title.plot ?? "",
      releaseDate: title.releaseDate ?? "",
      endYear: title.endYear ?? undefined,
      runtime: title.runtime ?? undefined,
      certification: title.certification ?? "",
      language: title.language ?? "",
      countries: title.countries.join(", "),
      budget: title.budget ?? undefined,
      revenue: title.revenue ?? undefined,
      popularity: title.popularity,
      externalRating: title.externalRating ?? undefined,
      poster: title.poster ?? "",
      backdrop: title.backdrop ?? "",
      keywords: found.keywords.join(", "),
    },
    genreIds: found.genreIds,
    genres,
    counts: found.counts,
    canDelete: admin.can(P.titlesDelete),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.titlesUpdate);
  const { request, context } = args;
  const id = idParam(args.params.titleId);
  const t = admin.app.t;
  const bucket = getWorker(context).env.FILES;
  const formData = await request.formData();
  const intent = readIntent(formData);

  if (intent === "delete") {
    requireAdmin(args, P.titlesDelete);
    if (!isConfirmed(formData)) {
      return askForConfirmation({
        intent,
        ids: [id],
        title: "Delete this title?",
        message: "It will be deleted with its credits, seasons, episodes, videos and files. This cannot be undone.",
        confirmLabel: "Delete",
      });
    }
    const { deleted } = await deleteTitles({ db: admin.app.db, bucket }, [id], admin.record("titles.delete", "title"));
    if (deleted.length === 0) throw data(null, { status: 404 });
    return redirectWithToast(request, "/admin/titles", { message: t("Title deleted"), type: "positive" });
  }

  const submission = await parseFormSubmission(formData, titleFactsSchema, t);
  if (submission.status !== "success") return invalidSubmission(submission);
  const result = await updateTitle({ db: admin.app.db, bucket }, id, submission.value, admin.record("titles.update", "title"));
  if (!result.ok) {
    if (result.notFound) throw data(null, { status: 404 });
    return invalidSubmission(submission, { fieldErrors: result.errors, status: 422 });
  }
  return redirectWithToast(request, `/admin/titles/${id}`, { message: t("Saved"), type: "positive" });
}

export default function TitleFacts({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { title, values, genres, genreIds, counts } = loaderData;
  const confirmation = actionData && "confirm" in actionData ? actionData.confirm : null;
  const [form, fields] = useAppForm({ schema: titleFactsSchema, lastResult: confirmation ? undefined : actionData, defaultValue: values, id: `title-facts-${title.updatedAt}` });
  return (
    <>
      <TitleEditorHeader
        title={title}
        current="details"
        actions={
          loaderData.canDelete ? (
            <ConfirmedActionButton
              intent="delete"
              label="Delete"
              title="Delete this title?"
              message="It will be deleted with its credits, seasons, episodes, videos and files. This cannot be undone."
              confirmLabel="Delete"
            />
          ) : null
        }
      />
      {confirmation ? <ConfirmationPanel request={confirmation} /> : null}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
        <IntentField value="save" />
        <FormErrors form={form} />
        <AdminSection title={t("Facts")} id="facts">
          <div className="grid gap-4 md:grid-cols-2">
            <TextField meta={fields.name} label={t("Name")} />
            <TextField meta={fields.originalName} label={t("Original name")} />
            <SelectField
              meta={fields.type}
              label={t("Type")}
              options={[
                { value: "movie", label: t("Movie") },
                { value: "series", label: t("Series") },
              ]}
            />
            <TextField meta={fields.releaseDate} label={title.type === "series" ? t("First aired") : t("Release date")} type="date" />
            {values.type === "series" ? <TextField meta={fields.endYear} label={t("Last year aired")} type="number" description={t("Empty while the series is running.")} /> : null}
            <TextField meta={fields.runtime} label={t("Runtime (minutes)")} type="number" min={1} />
            <TextField meta={fields.certification} label={t("Certification")} placeholder="PG-13" />
            <TextField meta={fields.language} label={t("Original language")} placeholder="en" />
            <TextField meta={fields.countries} label={t("Countries")} description={t("Two-letter codes separated by commas.")} placeholder="US, GB" />
            <TextField meta={fields.tagline} label={t("Tagline")} className="md:col-span-2" />
            <TextArea meta={fields.plot} label={t("Plot")} rows={6} className="md:col-span-2" />
          </div>
          {title.generatedFields.length > 0 ? (
            <p className="mt-3 text-xs text-muted">{t("Generated for the demo catalogue: :fields. Editing a field makes it yours.", { fields: title.generatedFields.join(", ") })}</p>
          ) : null}
        </AdminSection>

        <AdminSection title={t("Numbers")} id="numbers">
          <div className="grid gap-4 md:grid-cols-4">
            <TextField meta={fields.budget} label={t("Budget (USD)")} type="number" min={0} />
            <TextField meta={fields.revenue} label={t("Revenue (USD)")} type="number" min={0} />
            <TextField meta={fields.popularity} label={t("Popularity")} type="number" step="any" min={0} />
            <TextField meta={fields.externalRating} label={t("IMDb rating")} type="number" step="0.1" min={0} max={10} />
          </div>
        </AdminSection>

        <AdminSection title={t("Pictures")} description={t("Upload pictures on the Images tab, or give their addresses here.")} id="pictures">
          <div className="grid gap-4 md:grid-cols-2">
            <TextField meta={fields.poster} label={t("Poster")} placeholder="/files/…" />
            <TextField meta={fields.backdrop} label={t("Backdrop")} placeholder="/files/…" />
          </div>
        </AdminSection>

        <AdminSection title={t("Genres and keywords")} id="genres">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-foreground">{t("Genres")}</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4">
              {genres.map((genre) => (
                <label key={genre.id} className="inline-flex items-center gap-2 text-sm">
                  <input type="checkbox" name="genres" value={genre.id} defaultChecked={genreIds.includes(genre.id)} className="size-4 accent-(--be-primary)" />
                  {t(genre.name)}
                </label>
              ))}
            </div>
            <FieldErrors id={fields.genres.errorId} errors={fields.genres.errors} />
          </fieldset>
          <TextArea meta={fields.keywords} label={t("Keywords")} rows={2} description={t("Separated by commas.")} className="mt-4" />
        </AdminSection>

        <div className="flex items-center justify-between gap-3">
          <p className="text-xs text-muted">{t(":credits credits, :videos videos, :images images", { credits: counts.credits, videos: counts.videos, images: counts.images })}</p>
          <SubmitButton>{t("Save")}</SubmitButton>
        </div>
      </Form>
    </>
  );
}
