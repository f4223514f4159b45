import { z } from "zod";
import type { Route } from "./+types/confirmed-password-status";
import { requireUser } from "~/auth/guards.server";
import { isPasswordConfirmed } from "~/auth/password-confirmation.server";
import { PASSWORD_CONFIRMATION_WINDOW_S } from "~/constants";

const query = z.coerce.number().int().positive().max(PASSWORD_CONFIRMATION_WINDOW_S).catch(PASSWORD_CONFIRMATION_WINDOW_S);

/** GET /auth/user/confirmed-password-status?seconds=N -> {confirmed}. */
export function loader(args: Route.LoaderArgs) {
  const { user, session } = requireUser(args);
  const seconds = query.parse(args.url.searchParams.get("seconds") ?? undefined);
  return Response.json({ confirmed: !user.hasPassword || isPasswordConfirmed(session, seconds) });
}
