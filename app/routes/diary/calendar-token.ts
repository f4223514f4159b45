import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/calendar-token";
import { requireUser } from "~/auth/guards.server";
import { revokeCalendarToken, rotateCalendarToken } from "~/diary/calendar.server";
import { answer, invalid, readForm } from "~/library/form-answer.server";
import { getApp } from "~/request/context";

export function loader() {
  return redirect("/account-settings#calendar-feed");
}

const schema = z.object({ intent: z.enum(["rotate", "revoke"], { message: "Choose create, replace or revoke." }) });

/** POST: create or replace (rotate) my calendar feed's secret address, or revoke it (decision 034). */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { user } = requireUser(args);
  const app = getApp(args.context);
  const { fields, noJsBack } = await readForm(request);
  const parsed = schema.safeParse(fields);
  if (!parsed.success) return invalid(request, noJsBack, app.t, parsed.error);
  if (parsed.data.intent === "revoke") {
    await revokeCalendarToken(app.db, user.id);
    return answer(request, noJsBack, { ok: true, message: app.t("Calendar address revoked") });
  }
  await rotateCalendarToken(app.db, user.id);
  return answer(request, noJsBack, { ok: true, message: app.t("New calendar address created") });
}
