import { EditRowLink, MoveRowButtons, RemoveRowButton } from "~/admin/ui/row-actions";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/title-credits";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed } from "~/admin/confirm.server";
import { idParam } from "~/admin/params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { ConfirmationPanel } from "~/admin/ui/confirmation-panel";
import { AdminSection } from "~/admin/ui/page";
import { PersonPicker } from "~/admin/ui/person-picker";
import { TitleEditorHeader } from "~/admin/ui/title-tabs";
import { useTrans } from "~/i18n/translation-context";
import { DEPARTMENTS } from "~/catalogue/browse-options";
import { creditSchema } from "~/catalogue/schema";
import { addCredit, deleteCredit, listCreditsForEditor, moveCredit, searchPeopleForCredits, updateCredit } from "~/catalogue/editor/credits.server";
import { listEpisodeChoices, titleSummary } from "~/catalogue/editor/episodes.server";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { FormErrors, IntentField, SelectField, SubmitButton, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission, readIntent } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Cast and crew") }];

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.titlesUpdate);
  const id = idParam(args.params.titleId);
  const personQuery = (args.url.searchParams.get("personQuery") ?? "").trim().slice(0, 100);
  const [title, credits, episodes, matches] = await Promise.all([
    titleSummary(admin.app.db, id),
    listCreditsForEditor(admin.app.db, id),
    listEpisodeChoices(admin.app.db, id),
    personQuery ? searchPeopleForCredits(admin.app.db, personQuery, 10) : Promise.resolve([]),
  ]);
  if (!title) throw data(null, { status: 404 });
  const editId = Number(args.url.searchParams.get("edit"));
  const draft = Object.fromEntries(["kind", "character", "department", "job", "episodeId"].map((k) => [k, args.url.searchParams.get(k) ?? undefined]));
  return { title, credits, episodes, matches, personQuery, editing: credits.find((c) => c.id === editId) ?? null, draft };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.titlesUpdate);
  const { request } = args;
  const id = idParam(args.params.titleId);
  const t = admin.app.t;
  const db = admin.app.db;
  const record = admin.record("titles.update", "title");
  const back = `/admin/titles/${id}/credits`;
  const formData = await request.formData();
  const intent = readIntent(formData);
  switch (intent) {
    case "save-credit": {
      const submission = await parseFormSubmission(formData, creditSchema, t);
      if (submission.status !== "success") return invalidSubmission(submission);
      const raw = formData.get("creditId");
      const creditId = typeof raw === "string" && raw ? idParam(raw) : null;
      const result = creditId ? await updateCredit(db, id, creditId, submission.value, record) : await addCredit(db, id, submission.value, record);
      if (!result.ok) {
        if (result.notFound) throw data(null, { status: 404 });
        return invalidSubmission(submission, { fieldErrors: result.errors, status: 422 });
      }
      return redirectWithToast(request, back, { message: creditId ? t("Credit saved") : t("Credit added"), type: "positive" });
    }
    case "move-up":
    case "move-down": {
      const creditId = idParam(String(formData.get("creditId") ?? ""));
      if (!(await moveCredit(db, id, creditId, intent === "move-up" ? "up" : "down", record))) throw data(null, { status: 404 });
      return redirectWithToast(request, `${back}#credit-${creditId}`, { message: t("Order saved"), type: "positive" });
    }
    case "delete-credit": {
      const creditId = idParam(String(formData.get("creditId") ?? ""));
      if (!isConfirmed(formData)) {
        return askForConfirmation({
          intent,
          ids: [],
          fields: { creditId: String(creditId) },
          title: "Remove this credit?",
          message: "The person stays in the catalogue; only this credit goes.",
          confirmLabel: "Remove",
        });
      }
      if (!(await deleteCredit(db, id, creditId, record))) throw data(null, { status: 404 });
      return redirectWithToast(request, back, { message: t("Credit removed"), type: "positive" });
    }
    default:
      throw data({ message: t("Unknown action.") }, { status: 400 });
  }
}

type Credit = Awaited<ReturnType<typeof loader>>["credits"][number];

export default function TitleCredits({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { title, credits, episodes, editing } = loaderData;
  const confirmation = actionData && "confirm" in actionData ? actionData.confirm : null;
  const cast = credits.filter((c) => c.kind === "cast");
  const crew = credits.filter((c) => c.kind === "crew");
  return (
    <>
      <TitleEditorHeader title={title} current="credits" />
      {confirmation ? <ConfirmationPanel request={confirmation} /> : null}
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-6">
          <CreditList title={t("Cast")} credits={cast} emptyText={t("No cast yet.")} testId="cast" />
          <CreditList title={t("Crew")} credits={crew} emptyText={t("No crew yet.")} testId="crew" />
        </div>
        <CreditForm key={editing?.id ?? "new"} editing={editing} episodes={episodes} loaderData={loaderData} lastResult={confirmation ? undefined : actionData} />
      </div>
    </>
  );
}

function CreditList({ title, credits, emptyText, testId }: { title: string; credits: Credit[]; emptyText: string; testId: string }) {
  const t = useTrans();
  return (
    <AdminSection title={`${title} (${credits.length})`} id={testId}>
      {credits.length === 0 ? (
        <p className="text-sm text-muted">{emptyText}</p>
      ) : (
        <ol className="divide-y divide-divider" data-testid={testId}>
          {credits.map((credit) => (
            <li key={credit.id} id={`credit-${credit.id}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 text-sm">
                <Link to={`/admin/people/${credit.personId}`} className="font-medium text-foreground hover:underline">
                  {credit.personName}
                </Link>
                <span className="ml-2 text-muted">{credit.kind === "cast" ? credit.character || t("Unnamed role") : `${t(credit.department)} · ${t(credit.job)}`}</span>
                {credit.episodeId ? <span className="ml-2 text-xs text-muted">{`S${credit.seasonNumber}E${credit.episodeNumber}`}</span> : null}
              </span>
              <span className="flex items-center gap-1">
                <MoveRowButtons field="creditId" id={credit.id} name={credit.personName} />
                <EditRowLink id={credit.id} form="credit-form" />
                <RemoveRowButton
                  intent="delete-credit"
                  fields={{ creditId: String(credit.id) }}
                  label="Remove"
                  title="Remove this credit?"
                  message="The person stays in the catalogue; only this credit goes."
                />
              </span>
            </li>
          ))}
        </ol>
      )}
    </AdminSection>
  );
}

function CreditForm({
  editing,
  episodes,
  loaderData,
  lastResult,
}: {
  editing: Credit | null;
  episodes: { id: number; seasonNumber: number; episodeNumber: number; name: string }[];
  loaderData: Awaited<ReturnType<typeof loader>>;
  lastResult: unknown;
}) {
  const t = useTrans();
  const draft = loaderData.draft;
  const [form, fields] = useAppForm({
    schema: creditSchema,
    id: "credit",
    lastResult: lastResult as never,
    defaultValue: editing
      ? { kind: editing.kind, character: editing.character ?? "", department: editing.department, job: editing.job, episodeId: editing.episodeId ?? undefined }
      : {
          kind: (draft.kind as "cast" | "crew" | undefined) ?? "cast",
          character: draft.character,
          department: draft.department,
          job: draft.job,
          episodeId: draft.episodeId ? Number(draft.episodeId) : undefined,
        },
  });
  return (
    <AdminSection title={editing ? t("Edit credit") : t("Add a credit")} id="credit-form">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <IntentField value="save-credit" />
        {editing ? <input type="hidden" name="creditId" value={editing.id} /> : null}
        <FormErrors form={form} />
        <PersonPicker
          defaultPerson={editing ? { id: editing.personId, name: editing.personName, knownFor: null } : null}
          matches={loaderData.matches}
          query={loaderData.personQuery}
          errors={fields.personId.errors}
        />
        <SelectField
          meta={fields.kind}
          label={t("Credit")}
          options={[
            { value: "cast", label: t("Cast") },
            { value: "crew", label: t("Crew") },
          ]}
        />
        <TextField meta={fields.character} label={t("Character")} description={t("For cast.")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField meta={fields.department} label={t("Department")} placeholder={t("For crew")} options={DEPARTMENTS.filter((d) => d !== "Acting").map((d) => ({ value: d, label: t(d) }))} />
          <TextField meta={fields.job} label={t("Job")} placeholder={t("Director")} />
        </div>
        {episodes.length > 0 ? (
          <SelectField
            meta={fields.episodeId}
            label={t("Episode")}
            placeholder={t("The whole series")}
            options={episodes.map((e) => ({ value: String(e.id), label: `S${e.seasonNumber}E${e.episodeNumber} ${e.name}` }))}
          />
        ) : null}
        <div className="flex gap-2">
          <SubmitButton>{editing ? t("Save credit") : t("Add credit")}</SubmitButton>
          {editing ? (
            <Link to="?" className={buttonClasses({ variant: "text", color: "neutral" })}>
              {t("Cancel")}
            </Link>
          ) : null}
        </div>
      </Form>
    </AdminSection>
  );
}
