import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { useHydrated } from "~/ui/use-hydrated";
import { onDarkPrimaryButton } from "./on-dark";

/** The dialog's code (react-aria's modal) loads on the first press only (decision 030). */
const LogDialog = lazy(() => import("./log-dialog"));

/**
 * "Log": a link to the movie's Log page (works without JavaScript); with
 * JavaScript the same press opens the Log dialog in place.
 */
export function LogButton({ titleId, path, rating, timesWatched }: { titleId: number; path: string; rating: number | null; timesWatched: number }) {
  const t = useTrans();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link
        to={`${path}/log`}
        rel="nofollow"
        className={onDarkPrimaryButton}
        data-testid="log-button"
        onClick={(event) => {
          if (!hydrated || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <span aria-hidden="true">✎</span> {timesWatched > 0 ? t("Log again") : t("Log")}
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <LogDialog titleId={titleId} path={path} rating={rating} timesWatched={timesWatched} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
