import { Link, useFetcher } from "react-router";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import { useRootData, useTrans } from "~/bootstrap/use-bootstrap";

/** The cookie notice bar, until the visitor presses OK (remembered 30 days). */
export function CookieNotice() {
  const { bootstrap, cookieNoticeAccepted } = useRootData();
  const t = useTrans();
  const fetcher = useFetcher();
  const settings = bootstrap.settings.cookie_notice;
  if (!settings.enable || cookieNoticeAccepted || fetcher.state !== "idle" || fetcher.data) return null;
  const position = settings.position === "top" ? "top-0" : "bottom-0";
  return (
    <div
      role="region"
      aria-label={t("Cookie notice")}
      data-testid="cookie-notice"
      className={`fixed inset-x-0 ${position} z-40 border-divider bg-elevated/95 shadow-lg backdrop-blur ${settings.position === "top" ? "border-b" : "border-t"}`}
    >
      <fetcher.Form
        method="post"
        action="/resources/cookie-notice"
        className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-3 text-sm sm:flex-row"
      >
      <NoJsRedirect />
        <p className="flex-auto text-foreground">
          {t("We use cookies to keep you signed in, remember your preferences and understand how the site is used.")}
        </p>
        <div className="flex shrink-0 items-center gap-2">
          {settings.button?.link ? (
            <Link to={settings.button.link} className="rounded-md px-3 py-1.5 font-medium text-primary hover:bg-primary-light">
              {t(settings.button.label)}
            </Link>
          ) : null}
          <button type="submit" className="rounded-md bg-primary px-4 py-1.5 font-semibold text-on-primary hover:opacity-90">
            {t("OK")}
          </button>
        </div>
      </fetcher.Form>
    </div>
  );
}
