import { data, Form, Link } from "react-router";
import type { Route } from "./+types/title-seasons";
import { requireAdmin } from "~/admin/access.server";
import { idParam } from "~/admin/params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { AdminSection } from "~/admin/ui/page";
import { TitleEditorHeader } from "~/admin/ui/title-tabs";
import { useTrans } from "~/i18n/translation-context";
import { seasonSchema } from "~/catalogue/schema";
import { listSeasons, saveSeason, titleSummary } from "~/catalogue/editor/episodes.server";
import { useDates } from "~/ui/use-dates";
import { getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { FormErrors, SubmitButton, TextArea, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Seasons") }];

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.titlesUpdate);
  const id = idParam(args.params.titleId);
  const [title, seasons] = await Promise.all([titleSummary(admin.app.db, id), listSeasons(admin.app.db, id)]);
  if (title?.type !== "series") throw data(null, { status: 404 });
  return { title, seasons };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.titlesUpdate);
  const id = idParam(args.params.titleId);
  const submission = await parseFormSubmission(args.request, seasonSchema, admin.app.t);
  if (submission.status !== "success") return invalidSubmission(submission);
  const result = await saveSeason({ db: admin.app.db, bucket: getWorker(args.context).env.FILES }, id, null, submission.value, admin.record("titles.update", "title"));
  if (!result.ok) {
    if (result.notFound) throw data(null, { status: 404 });
    return invalidSubmission(submission, { fieldErrors: result.errors, status: 422 });
  }
  return redirectWithToast(args.request, `/admin/titles/${id}/seasons/${submission.value.number}`, { message: admin.app.t("Season added"), type: "positive" });
}

export default function TitleSeasons({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { format } = useDates();
  const { title, seasons } = loaderData;
  const next = seasons.reduce((max, s) => Math.max(max, s.number), 0) + 1;
  const [form, fields] = useAppForm({ schema: seasonSchema, lastResult: actionData, defaultValue: { number: next } });
  return (
    <>
      <TitleEditorHeader title={title} current="seasons" />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <AdminSection title={t("Seasons")} id="seasons">
          {seasons.length === 0 ? (
            <p className="text-sm text-muted">{t("No seasons yet.")}</p>
          ) : (
            <ul className="divide-y divide-divider" data-testid="seasons">
              {seasons.map((season) => (
                <li key={season.id} className="flex items-center justify-between gap-3 py-3">
                  <div>
                    <Link to={`/admin/titles/${title.id}/seasons/${season.number}`} className="font-medium text-foreground hover:underline">
                      {season.name}
                    </Link>
                    <p className="text-xs text-muted">
                      {t(":count [one episode|other episodes]", { count: season.episodeCount })}
                      {season.airDate ? ` · ${format(season.airDate, "date")}` : ""}
                    </p>
                  </div>
                  <Link to={`/admin/titles/${title.id}/seasons/${season.number}`} className={buttonClasses({ variant: "text", color: "neutral", size: "xs" })}>
                    {t("Episodes")}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </AdminSection>
        <AdminSection title={t("Add a season")} id="add-season">
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
            <FormErrors form={form} />
            <TextField meta={fields.number} label={t("Number")} type="number" min={0} />
            <TextField meta={fields.name} label={t("Name")} placeholder={t("Season :number", { number: next })} />
            <TextField meta={fields.airDate} label={t("First aired")} type="date" />
            <TextField meta={fields.poster} label={t("Poster")} placeholder="/files/…" />
            <TextArea meta={fields.plot} label={t("Plot")} rows={3} />
            <div>
              <SubmitButton>{t("Add season")}</SubmitButton>
            </div>
          </Form>
        </AdminSection>
      </div>
    </>
  );
}
