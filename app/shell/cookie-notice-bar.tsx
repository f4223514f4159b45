import { Link, useFetcher } from "react-router";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import { useSettings } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";

/**
 * The cookie notice bar itself (app/shell/cookie-notice.tsx decides whether
 * it shows). A separate chunk: visitors who pressed OK never load it.
 * At the bottom it is sticky, not fixed: it follows the viewport while
 * scrolling but never covers the footer (language picker, theme toggle) at
 * the end of the page. At the top it sits above the navbar and scrolls away.
 */
export default function CookieNoticeBar({ position }: { position: "top" | "bottom" }) {
  const button = useSettings().cookie_notice.button;
  const t = useTrans();
  const fetcher = useFetcher({ key: "cookie-notice" });
  // Gone as soon as OK is pressed (the action sets the 30-day cookie).
  if (fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <section
      aria-label={t("Cookie notice")}
      data-testid="cookie-notice"
      className={`z-40 border-divider bg-elevated/95 shadow-lg backdrop-blur ${position === "top" ? "border-b" : "sticky bottom-0 border-t"}`}
    >
      <fetcher.Form method="post" action="/resources/cookie-notice" className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-3 text-sm sm:flex-row">
        <NoJsRedirect />
        <p className="flex-auto text-foreground">{t("We use cookies to keep you signed in, remember your preferences and understand how the site is used.")}</p>
        <div className="flex shrink-0 items-center gap-2">
          {button?.link ? (
            <Link to={button.link} className="rounded-md px-3 py-1.5 font-medium text-primary hover:bg-primary-light">
              {t(button.label)}
            </Link>
          ) : null}
          <button type="submit" className="rounded-md bg-primary px-4 py-1.5 font-semibold text-on-primary hover:opacity-90">
            {t("OK")}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
