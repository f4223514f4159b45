import { useEffect } from "react";
import { toast } from "~/toasts/toast-store";
import type { LibraryAnswer } from "./answer";

/** Shows a fetcher's answer as a toast (the page's data revalidates by itself after the action). */
export function useLibraryToast(answer: LibraryAnswer | undefined) {
  useEffect(() => {
    if (!answer?.message) return;
    if (answer.ok) toast(answer.message);
    else toast.danger(answer.message);
  }, [answer]);
}
