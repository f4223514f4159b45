import { useFetcher } from "react-router";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import { useBootstrap } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { useHydrated } from "~/ui/use-hydrated";

/**
 * Footer language picker. Without JavaScript it is a select and a submit
 * button; with it, choosing a language applies it at once.
 */
export function LanguagePicker() {
  const bootstrap = useBootstrap();
  const t = useTrans();
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  if (!bootstrap.settings.i18n.enable || bootstrap.localizations.length < 2) return null;
  const pending = fetcher.formData?.get("language");
  const value = typeof pending === "string" ? pending : bootstrap.i18n.language;
  return (
    <fetcher.Form method="post" action="/resources/locale" className="flex items-center gap-2">
      <NoJsRedirect />
      <label htmlFor="footer-language" className="sr-only">
        {t("Language")}
      </label>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 text-muted" fill="none" stroke="currentColor" strokeWidth="1.8">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
      </svg>
      <select
        id="footer-language"
        name="language"
        value={value}
        data-testid="language-select"
        onChange={(event) => {
          if (hydrated) fetcher.submit(event.currentTarget.form);
        }}
        className="rounded-md border border-divider bg-background px-2 py-1 text-sm text-foreground"
      >
        {bootstrap.localizations.map((l) => (
          <option key={l.language} value={l.language}>
            {l.name}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="rounded-md border border-divider px-2 py-1 text-sm hover:bg-paper">
          {t("Change")}
        </button>
      )}
    </fetcher.Form>
  );
}
