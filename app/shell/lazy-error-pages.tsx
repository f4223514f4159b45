import { Suspense } from "react";
import { lazyComponent } from "~/ui/lazy-component";

/**
 * The 404 and load-error pages for the root and site layouts' error
 * boundaries: rendered in place by the server, loaded by the browser only
 * when a page fails (the public-page JavaScript budget of decision 006).
 */
const NotFound = lazyComponent(() => import("./error-pages").then((module) => module.NotFoundPage));
const LoadError = lazyComponent(() => import("./error-pages").then((module) => module.LoadErrorPage));

export function NotFoundPage() {
  return (
    <Suspense fallback={null}>
      <NotFound />
    </Suspense>
  );
}

export function LoadErrorPage({ requestId }: { requestId?: string }) {
  return (
    <Suspense fallback={null}>
      <LoadError requestId={requestId} />
    </Suspense>
  );
}
