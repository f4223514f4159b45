import { redirect } from "react-router";
import type { Route } from "./+types/follow";
import { requireUser } from "~/auth/guards.server";
import { answer, invalid, readForm } from "~/library/form-answer.server";
import { notificationServices } from "~/notifications/services.server";
import { getApp } from "~/request/context";
import { socialFormSchema } from "~/social/schema";
import { refusedAnswer } from "~/ui/forms/submission.server";
import { runSocialIntent } from "~/social/intents.server";

/** Nothing to show here: the follow, request and block buttons post to this route. */
export function loader() {
  return redirect("/");
}

/**
 * POST /social/follow: follow / unfollow, accept / decline a request, remove
 * a follower, block / unblock (decision 033). Without JavaScript it goes back
 * with a toast; a fetcher gets JSON; bad input is a field error, no row changes.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { user } = requireUser(args);
  const app = getApp(context);
  const { fields, noJsBack } = await readForm(request);
  const parsed = socialFormSchema.safeParse(fields);
  if (!parsed.success) return invalid(request, noJsBack, app.t, parsed.error);
  try {
    const result = await runSocialIntent({ db: app.db, t: app.t, user, notifications: notificationServices(context, request) }, parsed.data.intent, parsed.data.userId);
    return answer(request, noJsBack, { ok: true, ...result });
  } catch (error) {
    const refused = refusedAnswer(error, app.t);
    return answer(request, noJsBack, refused.body, refused.status);
  }
}
