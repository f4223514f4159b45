import { data, redirect } from "react-router";
import type { z } from "zod";
import { safeRedirectPath } from "~/http/redirects";
import { redirectWithToast } from "~/toasts/flash.server";
import { refusedAnswer } from "~/ui/forms/submission.server";
import type { Translate } from "~/i18n/translate";
import type { LibraryAnswer } from "../ui/forms/answer";

/**
 * How the library's forms are answered. A form posted without JavaScript
 * carries `redirectTo` (NoJsRedirect): it goes back there with a flashed
 * toast. A fetcher (or any other client) gets JSON: {ok, message, ...} or,
 * for bad input, a 4xx with field errors. Nothing is written on bad input.
 */

export async function readForm(request: Request) {
  const formData = await request.formData().catch(() => new FormData());
  const back = formData.get("redirectTo");
  const noJsBack = typeof back === "string" && back.length > 0 ? safeRedirectPath(back, "/") : null;
  return { formData, fields: Object.fromEntries(formData), noJsBack };
}

export function answer(request: Request, noJsBack: string | null, body: LibraryAnswer, status = 200) {
  if (noJsBack) {
    return body.message ? redirectWithToast(request, noJsBack, { type: body.ok ? "positive" : "danger", message: body.message }, { status: 303 }) : redirect(noJsBack, { status: 303 });
  }
  return data(body, { status });
}

export function invalid(request: Request, noJsBack: string | null, t: Translate, error: z.ZodError) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    (errors[field] ??= []).push(t(issue.message));
  }
  const first = Object.values(errors)[0]?.[0] ?? t("There was an issue. Please try again.");
  return answer(request, noJsBack, { ok: false, message: first, errors }, 422);
}

/** Runs a library write; a DomainError (unknown title, wrong episode) becomes its 404/422 answer. */
export async function attempt(request: Request, noJsBack: string | null, t: Translate, run: () => Promise<LibraryAnswer>) {
  try {
    return answer(request, noJsBack, await run());
  } catch (error) {
    const refused = refusedAnswer(error, t);
    return answer(request, noJsBack, refused.body, refused.status);
  }
}

/**
 * A settings section's POST (profile privacy, who sees my activity, the log
 * preference, …): the form read, validated by `schema` (the no-JavaScript
 * `redirectTo` aside), then `save` writes and says what to answer. Bad input
 * is a 422 with field errors and writes nothing.
 */
export async function saveSetting<S extends z.ZodType>(request: Request, t: Translate, schema: S, save: (input: z.output<S>) => Promise<LibraryAnswer>) {
  const { fields, noJsBack } = await readForm(request);
  const { redirectTo: _back, ...rest } = fields;
  const parsed = schema.safeParse(rest);
  if (!parsed.success) return invalid(request, noJsBack, t, parsed.error);
  return answer(request, noJsBack, await save(parsed.data));
}
