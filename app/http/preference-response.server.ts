import { data, redirect } from "react-router";
import { safeRedirectPath } from "./redirects";

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
