import { EditRowLink, RemoveRowButton } from "~/admin/ui/row-actions";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/title-season";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed } from "~/admin/confirm.server";
import { idParam } from "~/admin/params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { ConfirmationPanel } from "~/admin/ui/confirmation-panel";
import { ConfirmedActionButton } from "~/admin/ui/confirmed-action";
import { AdminSection } from "~/admin/ui/page";
import { TitleEditorHeader } from "~/admin/ui/title-tabs";
import { useTrans } from "~/i18n/translation-context";
import { episodeSchema, seasonSchema } from "~/catalogue/schema";
import { deleteEpisode, deleteSeason, loadSeasonForEditor, saveEpisode, saveSeason, titleSummary } from "~/catalogue/editor/episodes.server";
import { getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { FormErrors, IntentField, SubmitButton, TextArea, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission, readIntent } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: siteTitle(matches, loaderData?.season.name ?? "Season") }];

function seasonNumberOf(value: string | undefined) {
  if (!value || !/^\d{1,4}$/.test(value)) throw data(null, { status: 404 });
  return Number(value);
}

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.titlesUpdate);
  const id = idParam(args.params.titleId);
  const number = seasonNumberOf(args.params.seasonNumber);
  const [title, found] = await Promise.all([titleSummary(admin.app.db, id), loadSeasonForEditor(admin.app.db, id, number)]);
  if (!title || !found) throw data(null, { status: 404 });
  const editId = Number(args.url.searchParams.get("edit"));
  return { title, season: found.season, episodes: found.episodes, editing: found.episodes.find((e) => e.id === editId) ?? null };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.titlesUpdate);
  const { request, context } = args;
  const id = idParam(args.params.titleId);
  const number = seasonNumberOf(args.params.seasonNumber);
  const t = admin.app.t;
  const deps = { db: admin.app.db, bucket: getWorker(context).env.FILES };
  const found = await loadSeasonForEditor(admin.app.db, id, number);
  if (!found) throw data(null, { status: 404 });
  const seasonId = found.season.id;
  const back = `/admin/titles/${id}/seasons/${number}`;
  const record = admin.record("titles.update", "title");
  const formData = await request.formData();
  const intent = readIntent(formData);
  switch (intent) {
    case "save-season": {
      const submission = await parseFormSubmission(formData, seasonSchema, t);
      if (submission.status !== "success") return invalidSubmission(submission);
      const result = await saveSeason(deps, id, seasonId, submission.value, record);
      if (!result.ok) {
        if (result.notFound) throw data(null, { status: 404 });
        return invalidSubmission(submission, { fieldErrors: result.errors, status: 422 });
      }
      return redirectWithToast(request, `/admin/titles/${id}/seasons/${submission.value.number}`, { message: t("Season saved"), type: "positive" });
    }
    case "delete-season":
      if (!isConfirmed(formData)) {
        return askForConfirmation({ intent, ids: [], title: "Delete this season?", message: "The season is deleted with all its episodes, their credits and videos.", confirmLabel: "Delete" });
      }
      await deleteSeason(deps, id, seasonId, record);
      return redirectWithToast(request, `/admin/titles/${id}/seasons`, { message: t("Season deleted"), type: "positive" });
    case "save-episode": {
      const submission = await parseFormSubmission(formData, episodeSchema, t);
      if (submission.status !== "success") return invalidSubmission(submission);
      const raw = formData.get("episodeId");
      const episodeId = typeof raw === "string" && raw ? idParam(raw) : null;
      const result = await saveEpisode(deps, id, seasonId, episodeId, submission.value, record);
      if (!result.ok) {
        if (result.notFound) throw data(null, { status: 404 });
        return invalidSubmission(submission, { fieldErrors: result.errors, status: 422 });
      }
      return redirectWithToast(request, back, { message: episodeId ? t("Episode saved") : t("Episode added"), type: "positive" });
    }
    case "delete-episode": {
      const episodeId = idParam(String(formData.get("episodeId") ?? ""));
      if (!isConfirmed(formData)) {
        return askForConfirmation({
          intent,
          ids: [],
          fields: { episodeId: String(episodeId) },
          title: "Delete this episode?",
          message: "The episode is deleted with its credits and videos.",
          confirmLabel: "Delete",
        });
      }
      if (!(await deleteEpisode(deps, id, seasonId, episodeId, record))) throw data(null, { status: 404 });
      return redirectWithToast(request, back, { message: t("Episode deleted"), type: "positive" });
    }
    default:
      throw data({ message: t("Unknown action.") }, { status: 400 });
  }
}

function isFor(result: unknown, intent: string) {
  return (result as { initialValue?: Record<string, unknown> } | null)?.initialValue?.intent === intent;
}

export default function TitleSeason({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { title, season, episodes, editing } = loaderData;
  const confirmation = actionData && "confirm" in actionData ? actionData.confirm : null;
  const [seasonForm, seasonFields] = useAppForm({
    schema: seasonSchema,
    id: "season-form",
    lastResult: isFor(actionData, "save-season") ? (actionData as never) : undefined,
    defaultValue: { number: season.number, name: season.name, plot: season.plot ?? "", airDate: season.airDate ?? "", poster: season.poster ?? "" },
  });
  const nextEpisode = episodes.reduce((max, e) => Math.max(max, e.episodeNumber), 0) + 1;
  const [episodeForm, episodeFields] = useAppForm({
    schema: episodeSchema,
    id: `episode-${editing?.id ?? "new"}`,
    lastResult: isFor(actionData, "save-episode") ? (actionData as never) : undefined,
    defaultValue: editing
      ? { episodeNumber: editing.episodeNumber, name: editing.name, plot: editing.plot ?? "", airDate: editing.airDate ?? "", runtime: editing.runtime ?? undefined, still: editing.still ?? "" }
      : { episodeNumber: nextEpisode },
  });
  return (
    <>
      <TitleEditorHeader title={title} current="seasons" />
      {confirmation ? <ConfirmationPanel request={confirmation} /> : null}
      <p className="mb-4 text-sm">
        <Link to={`/admin/titles/${title.id}/seasons`} className="text-muted hover:text-foreground">
          ← {t("All seasons")}
        </Link>
      </p>
      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <AdminSection
          title={season.name}
          id="season"
          actions={
            <ConfirmedActionButton
              intent="delete-season"
              label="Delete season"
              title="Delete this season?"
              message="The season is deleted with all its episodes, their credits and videos."
              confirmLabel="Delete"
              style={{ variant: "text", color: "danger", size: "sm" }}
            />
          }
        >
          <Form method="post" {...getFormProps(seasonForm)} className="flex flex-col gap-3">
            <IntentField value="save-season" />
            <FormErrors form={seasonForm} />
            <TextField meta={seasonFields.number} label={t("Number")} type="number" min={0} />
            <TextField meta={seasonFields.name} label={t("Name")} />
            <TextField meta={seasonFields.airDate} label={t("First aired")} type="date" />
            <TextField meta={seasonFields.poster} label={t("Poster")} placeholder="/files/…" />
            <TextArea meta={seasonFields.plot} label={t("Plot")} rows={4} />
            <div>
              <SubmitButton>{t("Save season")}</SubmitButton>
            </div>
          </Form>
        </AdminSection>
        <div className="flex flex-col gap-6">
          <AdminSection title={t("Episodes")} id="episodes">
            {episodes.length === 0 ? (
              <p className="text-sm text-muted">{t("No episodes yet.")}</p>
            ) : (
              <ol className="divide-y divide-divider" data-testid="episodes">
                {episodes.map((episode) => (
                  <li key={episode.id} className="flex items-center justify-between gap-3 py-2">
                    <span className="min-w-0 text-sm">
                      <span className="mr-2 text-muted">{episode.episodeNumber}.</span>
                      <span className="font-medium text-foreground">{episode.name}</span>
                      {episode.runtime ? <span className="ml-2 text-xs text-muted">{t(":minutes min", { minutes: episode.runtime })}</span> : null}
                    </span>
                    <span className="flex items-center gap-1">
                      <EditRowLink id={episode.id} form="episode-form" />
                      <RemoveRowButton
                        intent="delete-episode"
                        fields={{ episodeId: String(episode.id) }}
                        label="Delete"
                        title="Delete this episode?"
                        message="The episode is deleted with its credits and videos."
                      />
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </AdminSection>
          <AdminSection title={editing ? t("Edit episode") : t("Add an episode")} id="episode-form">
            <Form method="post" {...getFormProps(episodeForm)} className="grid gap-3 sm:grid-cols-2">
              <IntentField value="save-episode" />
              {editing ? <input type="hidden" name="episodeId" value={editing.id} /> : null}
              <FormErrors form={episodeForm} />
              <TextField meta={episodeFields.episodeNumber} label={t("Number")} type="number" min={0} />
              <TextField meta={episodeFields.name} label={t("Name")} />
              <TextField meta={episodeFields.airDate} label={t("Aired")} type="date" />
              <TextField meta={episodeFields.runtime} label={t("Runtime (minutes)")} type="number" min={1} />
              <TextField meta={episodeFields.still} label={t("Still")} placeholder="/files/…" className="sm:col-span-2" />
              <TextArea meta={episodeFields.plot} label={t("Plot")} rows={3} className="sm:col-span-2" />
              <div className="flex gap-2 sm:col-span-2">
                <SubmitButton>{editing ? t("Save episode") : t("Add episode")}</SubmitButton>
                {editing ? (
                  <Link to="?" className={buttonClasses({ variant: "text", color: "neutral" })}>
                    {t("Cancel")}
                  </Link>
                ) : null}
              </div>
            </Form>
          </AdminSection>
        </div>
      </div>
    </>
  );
}
