import { Suspense } from "react";
import { lazyComponent } from "~/ui/lazy-component";

export interface AdSlotProps {
  slot: string;
  html: string | null | undefined;
  className?: string;
}

/**
 * The ad's code (./ad-slot-view) loads only on pages that have an ad: most
 * sites run none, and then a guest's page ships none of it (the public-page
 * JavaScript budget, decision 006). The server renders the ad in place
 * (lazyComponent), so it shows without JavaScript and its scripts run as the
 * page is parsed.
 */
const AdSlotView = lazyComponent(() => import("./ad-slot-view").then((module) => module.default));

/** An advertising slot: nothing when the slot is empty. */
export function AdSlot(props: AdSlotProps) {
  if (!props.html) return null;
  return (
    <Suspense fallback={null}>
      <AdSlotView {...props} />
    </Suspense>
  );
}
