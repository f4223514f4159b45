import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import type { Translate } from "~/i18n/translate";

/** 429 with Retry-After and a message the form shows (spec: a clear message). */
export function rateLimitedReply(t: Translate, submission: Submission<any, string[], any>, retryAfter: number) {
  const message = t("Too many attempts. Please try again in :seconds seconds.", { seconds: retryAfter });
  return data(submission.reply({ formErrors: [message], hideFields: Object.keys(submission.payload).filter((k) => /password|code/i.test(k)) }), {
    status: 429,
    headers: { "Retry-After": String(retryAfter) },
  });
}

export function rateLimitedJson(t: Translate, retryAfter: number) {
  return Response.json({ message: t("Too many attempts. Please try again in :seconds seconds.", { seconds: retryAfter }) }, { status: 429, headers: { "Retry-After": String(retryAfter) } });
}

/** 422 with an errors map, for the JSON endpoints. */
export function validationErrorJson(errors: Record<string, string[] | null | undefined>, message?: string) {
  const clean: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(errors)) if (messages?.length) clean[name || "form"] = messages;
  return Response.json({ message: message ?? Object.values(clean)[0]?.[0] ?? "The given data was invalid.", errors: clean }, { status: 422 });
}

/** Form fields of a JSON or form-encoded body, as FormData (bad JSON reads as empty). */
export async function readBody(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) {
    const form = new FormData();
    try {
      const json = (await request.json()) as unknown;
      if (json && typeof json === "object" && !Array.isArray(json)) {
        for (const [key, value] of Object.entries(json)) {
          if (typeof value === "string") form.set(key, value);
          else if (typeof value === "boolean" || typeof value === "number") form.set(key, String(value));
        }
      }
    } catch {
      // An unreadable body is an empty one: validation reports the missing fields.
    }
    return form;
  }
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
