import { z } from "zod";
import type { Route } from "./+types/user-sessions";
import { logoutOtherSessions, sessionList } from "~/auth/account-security.server";
import { methodNotAllowed } from "~/auth/api.server";
import { requireUser } from "~/auth/guards.server";
import { rateLimitedJson, readBody, validationErrorJson } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { getApp } from "~/request/context";
import { parseFormSubmission } from "~/ui/forms/submission.server";

/** GET api/v1/user-sessions -> {sessions}. */
export async function loader(args: Route.LoaderArgs) {
  const { user, session } = requireUser(args);
  if (args.url.pathname.endsWith("/logout-other")) return methodNotAllowed("POST");
  return Response.json({ sessions: await sessionList(await authServices(args.context, args.request), session, user.id) });
}

/** POST api/v1/user-sessions/logout-other {password}: always asks for the password. */
export async function action(args: Route.ActionArgs) {
  const { user, session } = requireUser(args);
  if (!args.url.pathname.endsWith("/logout-other")) return methodNotAllowed("GET");
  const app = getApp(args.context);
  const submission = await parseFormSubmission(await readBody(args.request), z.object({ password: z.string().min(1).max(255) }), app.t);
  if (submission.status !== "success") return validationErrorJson(submission.error ?? {});
  const outcome = await logoutOtherSessions(await authServices(args.context, args.request), user, session, submission.value.password);
  if (outcome.status === "rate-limited") return rateLimitedJson(app.t, outcome.retryAfter);
  if (outcome.status === "wrong-password") return validationErrorJson({ password: [app.t("The password is incorrect.")] });
  return Response.json({ message: app.t("Logged out other sessions.") });
}
