import { data, redirect } from "react-router";
import { redirectWithToast } from "~/toasts/flash.server";
import { safeRedirectPath } from "../http/redirects";

/**
 * Answer to a small preference form. Without JavaScript the form carries
 * `redirectTo` and the browser goes back to the page it came from; with
 * JavaScript (a fetcher, no `redirectTo`) it gets JSON and the page revalidates.
 */
export function preferenceResponse(formData: FormData, cookies: string[], result: Record<string, unknown> = { ok: true }) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  const redirectTo = formData.get("redirectTo");
  if (typeof redirectTo === "string" && redirectTo) {
    return redirect(safeRedirectPath(redirectTo), { status: 303, headers });
  }
  return data(result, { headers });
}

/**
 * A preference form that cannot be applied (unknown language or theme, a
 * tampered field). Without JavaScript the visitor goes back to the page with
 * a danger toast rather than landing on a bare JSON error; a fetcher gets
 * the status and the field map.
 */
export function preferenceError(request: Request, formData: FormData, status: number, message: string, errors?: Record<string, string[]>) {
  const redirectTo = formData.get("redirectTo");
  if (typeof redirectTo === "string" && redirectTo) {
    return redirectWithToast(request, safeRedirectPath(redirectTo), { type: "danger", message }, { status: 303 });
  }
  return data(errors ? { message, errors } : { message }, { status });
}
