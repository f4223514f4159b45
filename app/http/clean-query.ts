/**
 * A GET form sends every field, empty ones too ("?genre=&year=&sort="):
 * browse addresses keep only the parameters that say something (decision
 * 031). The browser form drops them before it navigates; a link or a
 * no-JavaScript submit with empty ones is redirected to the clean address.
 */
export function withoutEmptyParams(params: URLSearchParams): URLSearchParams {
  const clean = new URLSearchParams();
  for (const [name, value] of params) if (value.trim() !== "") clean.append(name, value);
  return clean;
}

/** The same address without its empty parameters, or null when it has none. */
export function cleanQueryRedirectTarget(url: URL): string | null {
  if (![...url.searchParams.values()].some((value) => value.trim() === "")) return null;
  const query = withoutEmptyParams(url.searchParams).toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

/** Form data without empty text entries (files and filled values stay), for a GET submit. */
export function formWithoutEmptyFields(form: FormData): FormData {
  const clean = new FormData();
  for (const [name, value] of form) if (typeof value !== "string" || value.trim() !== "") clean.append(name, value);
  return clean;
}
