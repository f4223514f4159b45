import { Suspense } from "react";
import { useRootData } from "~/bootstrap/use-bootstrap";
import { lazyComponent } from "~/ui/lazy-component";

/**
 * The bar is lazy (app/ui/lazy-component.ts): the server renders it in place,
 * so it shows and works without JavaScript, while the browser loads its code
 * only on pages that show it, never once the visitor has pressed OK.
 */
const CookieNoticeBar = lazyComponent(() => import("./cookie-notice-bar").then((module) => module.default));

/**
 * The cookie notice, until the visitor presses OK (remembered 30 days). The
 * root renders it twice, once before and once after the page; only the one
 * matching the `cookie_notice.position` setting shows.
 */
export function CookieNotice({ at }: { at: "top" | "bottom" }) {
  const { bootstrap, cookieNoticeAccepted } = useRootData();
  const settings = bootstrap.settings.cookie_notice;
  const position = settings.position === "top" ? "top" : "bottom";
  if (at !== position || !settings.enable || cookieNoticeAccepted) return null;
  return (
    <Suspense fallback={null}>
      <CookieNoticeBar position={position} />
    </Suspense>
  );
}
