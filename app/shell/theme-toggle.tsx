import { useFetcher } from "react-router";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import { useBootstrap } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { oppositeTheme } from "~/ui/themes";

/**
 * Light/dark switch, shown when users may change the theme. A plain form
 * post without JavaScript; with it, the page switches at once and the server
 * remembers the choice in the be-active-theme cookie.
 */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const bootstrap = useBootstrap();
  const t = useTrans();
  const fetcher = useFetcher();
  if (!bootstrap.settings.themes.user_change) return null;
  const themes = bootstrap.themes.all;
  const current = themes.find((theme) => theme.id === bootstrap.themes.selectedThemeId) ?? null;
  const target = oppositeTheme(themes, current);
  if (!target) return null;
  const label = target.is_dark ? t("Dark mode") : t("Light mode");
  return (
    <fetcher.Form method="post" action="/resources/theme" className={className}>
      <input type="hidden" name="themeId" value={target.id} />
      <NoJsRedirect />
      <button type="submit" data-testid="theme-toggle" className="inline-flex items-center gap-2 rounded-full p-2 text-muted hover:bg-paper hover:text-foreground" aria-label={label} title={label}>
        {target.is_dark ? <MoonIcon /> : <SunIcon />}
      </button>
    </fetcher.Form>
  );
}

function MoonIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path strokeLinecap="round" strokeLinejoin="round" d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
    </svg>
  );
}

function SunIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      <circle cx="12" cy="12" r="4" />
      <path strokeLinecap="round" d="M12 2v2m0 16v2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M2 12h2m16 0h2M4.9 19.1l1.4-1.4m11.4-11.4 1.4-1.4" />
    </svg>
  );
}
