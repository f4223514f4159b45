import { Form, Link } from "react-router";
import type { Route } from "./+types/menus";
import { requireAdmin } from "~/admin/access.server";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { AdminPageHeader, AdminSection, Badge } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { MENU_POSITIONS } from "~/menus/menu";
import { addMenu, menuFormSchema } from "~/menus/menu-editing";
import { saveSettings } from "~/settings/settings.server";
import { redirectWithToast } from "~/toasts/flash.server";
import { FieldErrors, FormErrors, SubmitButton, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Menus") }];

export function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.menusUpdate);
  return { menus: admin.app.settings.menus.map((m) => ({ id: m.id, name: m.name, positions: m.positions, items: m.items.length })) };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.menusUpdate);
  const submission = await parseFormSubmission(args.request, menuFormSchema, admin.app.t);
  if (submission.status !== "success") return invalidSubmission(submission);
  const { menus, id } = addMenu(admin.app.settings.menus, submission.value);
  const result = await saveSettings(admin.app.db, { menus }, { record: admin.record("menus.update", "menu") });
  if (!result.ok) return invalidSubmission(submission, { formErrors: Object.values(result.errors).flat(), status: 422 });
  return redirectWithToast(args.request, `/admin/menus/${id}`, { message: admin.app.t("Menu created"), type: "positive" });
}

export default function AdminMenus({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const [form, fields] = useAppForm({ schema: menuFormSchema, lastResult: actionData });
  return (
    <>
      <AdminPageHeader title={t("Menus")} description={t("Menus and where they appear. The appearance editor shows changes live.")} />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <AdminSection>
          <ul className="divide-y divide-divider" data-testid="menus">
            {loaderData.menus.map((menu) => (
              <li key={menu.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <Link to={`/admin/menus/${menu.id}`} className="font-medium text-foreground hover:underline">
                    {menu.name}
                  </Link>
                  <p className="mt-1 flex flex-wrap gap-1">
                    {menu.positions.length ? menu.positions.map((p) => <Badge key={p}>{p}</Badge>) : <span className="text-xs text-muted">{t("Not placed anywhere")}</span>}
                  </p>
                </div>
                <span className="text-sm text-muted">{t(":count [one item|other items]", { count: menu.items })}</span>
              </li>
            ))}
          </ul>
        </AdminSection>
        <AdminSection title={t("New menu")}>
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
            <FormErrors form={form} />
            <TextField meta={fields.name} label={t("Name")} />
            <fieldset>
              <legend className="mb-1 text-sm font-medium">{t("Positions")}</legend>
              {MENU_POSITIONS.map((p) => (
                <label key={p} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="positions" value={p} className="size-4 accent-(--be-primary)" />
                  {p}
                </label>
              ))}
              <FieldErrors id={fields.positions.errorId} errors={fields.positions.errors} />
            </fieldset>
            <div>
              <SubmitButton>{t("Create menu")}</SubmitButton>
            </div>
          </Form>
        </AdminSection>
      </div>
    </>
  );
}
