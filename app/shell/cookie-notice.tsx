import { Suspense } from "react";
import { useRootData } from "~/ui/use-bootstrap";
import { LinesFromTable } from "~/i18n/page-lines";
import { translationStore } from "~/i18n/translation-store";
import { lazyComponent } from "~/ui/lazy-component";

/**
 * The bar is lazy (app/ui/lazy-component.ts): the server renders it in place,
 * so it shows and works without JavaScript, while the browser loads its code
 * only on pages that show it, never once the visitor has pressed OK; it
 * hydrates once the language's whole table is in too, so the page ships none
 * of its lines inline (the public-page JavaScript budget of decision 006).
 */
const CookieNoticeBar = lazyComponent(() =>
  // It hydrates with the language's whole table: its lines need not be inline in every page (LinesFromTable).
  Promise.all([import("./cookie-notice-bar"), translationStore.complete()]).then(([module]) => module.default),
);

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
    <LinesFromTable>
      <Suspense fallback={null}>
        <CookieNoticeBar position={position} />
      </Suspense>
    </LinesFromTable>
  );
}
