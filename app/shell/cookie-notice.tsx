import { Link, useFetcher } from "react-router";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import { useRootData, useTrans } from "~/bootstrap/use-bootstrap";

/**
 * The cookie notice bar, until the visitor presses OK (remembered 30 days).
 * The root renders it twice, once before and once after the page; only the
 * one matching the `cookie_notice.position` setting shows. At the bottom it
 * is sticky, not fixed: it follows the viewport while scrolling but never
 * covers the footer (language picker, theme toggle) at the end of the page.
 * At the top it sits above the navbar and scrolls away with the page.
 */
export function CookieNotice({ at }: { at: "top" | "bottom" }) {
  const { bootstrap, cookieNoticeAccepted } = useRootData();
  const t = useTrans();
  const fetcher = useFetcher({ key: "cookie-notice" });
  const settings = bootstrap.settings.cookie_notice;
  const position = settings.position === "top" ? "top" : "bottom";
  if (at !== position || !settings.enable || cookieNoticeAccepted || fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <div
      role="region"
      aria-label={t("Cookie notice")}
      data-testid="cookie-notice"
      className={`z-40 border-divider bg-elevated/95 shadow-lg backdrop-blur ${position === "top" ? "border-b" : "sticky bottom-0 border-t"}`}
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
