import type { Route } from "./+types/recaptcha-verify";
import { methodNotAllowed } from "~/auth/api.server";
import { readBody } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";

/** POST api/v1/recaptcha/verify {token} -> {success}: checks a human-check token. */
export async function action({ request, context }: Route.ActionArgs) {
  const s = await authServices(context, request);
  const token = (await readBody(request)).get("token");
  const success = typeof token === "string" && token.length > 0 && Boolean(s.env.TURNSTILE_SECRET_KEY) && (await s.humanCheck.verify(token, s.info.ipAddress));
  return Response.json({ success }, { status: success ? 200 : 422 });
}

export const loader = () => methodNotAllowed("POST");
