import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { Dialog, Modal } from "~/ui/dialog";
import { Spinner } from "~/ui/spinner";
import { LogFields, LogSubmit, type LogFormValues, type LogPageView } from "./log-form";

type LogAnswer = { ok: false; errors: Record<string, string[]>; values: LogFormValues };

/**
 * The Log dialog (decision 030), loaded on the first press of Log. It reads
 * the Log page's data (my review, my watchlist setting) and posts to the Log
 * page's action; a success redirects back to the title with a toast, which
 * closes it.
 */
export default function LogDialog({ path, onClose }: { titleId: number; path: string; rating: number | null; timesWatched: number; onClose: () => void }) {
  const t = useTrans();
  const page = useFetcher<LogPageView>();
  const save = useFetcher<LogAnswer>();
  const submitted = useRef(false);
  useEffect(() => {
    if (page.state === "idle" && !page.data) void page.load(`${path}/log`);
  }, [page, path]);
  useEffect(() => {
    if (save.state !== "idle") submitted.current = true;
    else if (submitted.current && !save.data?.errors) onClose();
  }, [save.state, save.data, onClose]);
  const data = page.data;
  const failed = save.data && !save.data.ok ? save.data : null;
  return (
    <Modal isOpen onOpenChange={(open) => (open ? undefined : onClose())} isDismissable size="lg">
      <Dialog title={data ? data.heading : t("Log")} data-testid="log-dialog">
        {data ? (
          <save.Form method="post" action={`${path}/log`} data-testid="log-form">
            <LogFields
              idPrefix="log-dialog"
              titleId={data.title.id}
              rating={data.rating}
              timesWatched={data.timesWatched}
              ownReviewPath={data.ownReviewPath}
              keepOnWatchlist={data.keepOnWatchlist}
              values={failed?.values}
              errors={failed?.errors}
              footer={
                <div className="flex justify-end">
                  <LogSubmit pending={save.state !== "idle"} />
                </div>
              }
            />
          </save.Form>
        ) : (
          <div className="flex justify-center py-8">
            <Spinner label={t("Loading…")} />
          </div>
        )}
      </Dialog>
    </Modal>
  );
}
