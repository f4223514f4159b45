import { Form } from "react-router";
import type { Route } from "./+types/announcements";
import { requireAdmin } from "~/admin/access.server";
import { AdminPageHeader, AdminSection, Badge } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/ui/use-dates";
import { announcementFormSchema, toBroadcastInput } from "~/notifications/schema";
import { announcementRoles, createBroadcast, listBroadcasts } from "~/notifications/broadcast.server";
import { notificationServices } from "~/notifications/services.server";
import { redirectWithToast } from "~/toasts/flash.server";
import { FormErrors, SubmitButton, TextArea, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

/**
 * Admin broadcasts: an announcement to every user or to the users
 * of some roles, delivered by the notifications queue as the
 * "site.announcement" type, so each person's channel choices apply. Needs
 * notifications.broadcast, like POST api/v1/notifications/broadcasts.
 */
export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Announcements") }];

const BROADCAST_PERMISSION = "notifications.broadcast";

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, BROADCAST_PERMISSION);
  const [broadcasts, roles] = await Promise.all([listBroadcasts(admin.app.db, 20), announcementRoles(admin.app.db)]);
  return { broadcasts, roles };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, BROADCAST_PERMISSION);
  const { request, context } = args;
  const t = admin.app.t;
  const submission = await parseFormSubmission(request, announcementFormSchema, t);
  if (submission.status !== "success") return invalidSubmission(submission, { status: 422 });
  const input = toBroadcastInput(submission.value);
  if (input.roleIds) {
    const known = new Set((await announcementRoles(admin.app.db)).map((role) => role.id));
    if (input.roleIds.some((id) => !known.has(id))) {
      return invalidSubmission(submission, { fieldErrors: { roleIds: [t("Choose roles from the list.")] }, status: 422 });
    }
  }
  await createBroadcast(notificationServices(context, request), admin.user.id, input);
  return redirectWithToast(request, args.url.pathname, { message: t("Announcement queued for delivery"), type: "positive" }, { status: 303 });
}

const STATUS_TONES = { sending: "warning", sent: "positive" } as const;

export default function Announcements({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { format } = useDates();
  const { broadcasts, roles } = loaderData;
  const [form, fields] = useAppForm({ schema: announcementFormSchema, id: "announcement", lastResult: actionData as never });
  const roleNames = new Map(roles.map((role) => [role.id, role.name]));
  return (
    <>
      <AdminPageHeader
        title={t("Announcements")}
        description={t("Send a notification to every user, or to the users of some roles. Each person receives it on the channels they chose for announcements.")}
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <AdminSection title={t("New announcement")}>
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3" data-testid="announcement-form">
            <FormErrors form={form} />
            <TextField meta={fields.title} label={t("Title")} maxLength={150} />
            <TextArea meta={fields.body} label={t("Message")} rows={4} maxLength={5000} />
            <TextField meta={fields.actionLabel} label={t("Button label")} description={t("Optional: a button that opens a page.")} maxLength={60} />
            <TextField meta={fields.actionUrl} label={t("Button address")} description={t("A path on this site (/…) or an http(s) address.")} maxLength={2000} />
            <fieldset className="flex flex-col gap-1.5" aria-describedby={fields.roleIds.errors ? fields.roleIds.errorId : undefined}>
              <legend className="mb-1 text-sm font-medium text-foreground">{t("Only users with these roles")}</legend>
              <p className="text-xs text-muted">{t("None chosen: everyone.")}</p>
              {roles.map((role) => (
                <label key={role.id} className="inline-flex items-center gap-2 text-sm">
                  <input type="checkbox" name={fields.roleIds.name} value={role.id} className="size-4 rounded border-divider accent-(--be-primary)" />
                  {role.name}
                </label>
              ))}
              {fields.roleIds.errors ? (
                <p id={fields.roleIds.errorId} className="text-xs text-danger">
                  {fields.roleIds.errors.join(" ")}
                </p>
              ) : null}
            </fieldset>
            <div>
              <SubmitButton>{t("Send announcement")}</SubmitButton>
            </div>
          </Form>
        </AdminSection>
        <AdminSection title={t("Sent announcements")}>
          {broadcasts.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted">{t("No announcements yet.")}</p>
          ) : (
            <ul className="divide-y divide-divider" data-testid="broadcasts">
              {broadcasts.map((broadcast) => (
                <li key={broadcast.id} className="flex flex-col gap-1 py-3" data-testid="broadcast" data-status={broadcast.status}>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{broadcast.title}</span>
                    <Badge tone={STATUS_TONES[broadcast.status as keyof typeof STATUS_TONES] ?? "neutral"}>{broadcast.status === "sent" ? t("Delivered") : t("Delivering")}</Badge>
                  </div>
                  <span className="text-xs text-muted">
                    {format(broadcast.created_at)} · {t("[one :count recipient|other :count recipients]", { count: broadcast.recipients })} ·{" "}
                    {broadcast.role_ids && broadcast.role_ids.length > 0 ? broadcast.role_ids.map((id) => roleNames.get(id) ?? `#${id}`).join(", ") : t("Everyone")}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </AdminSection>
      </div>
    </>
  );
}
