import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/forced-error";
import { useTrans } from "~/i18n/translation-context";
import { failDeliberately, requireForcedErrorsAllowed } from "~/observability/forced-error.server";
import { showDebugTrace } from "~/log/debug-trace-store";
import { getWorker } from "~/request/context";
import { Button } from "~/ui/button";
import { useHydrated } from "~/ui/use-hydrated";

/** /_dev/error: ?throw=1 fails the page load; the button makes an API call that fails (see forced-error.server.ts). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireForcedErrorsAllowed(getWorker(context));
  if (new URL(request.url).searchParams.get("throw") === "1") failDeliberately("page loader");
  return null;
}

export default function ForcedErrorPage() {
  const t = useTrans();
  const [answer, setAnswer] = useState<string | null>(null);
  const hydrated = useHydrated();
  async function callFailingApi() {
    const response = await fetch("/_dev/error.json", { headers: { Accept: "application/json" } });
    const body = (await response.json()) as { message?: string };
    if (!showDebugTrace(body)) setAnswer(`${response.status}: ${body.message ?? ""}`);
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-semibold">{t("Debug error viewer")}</h1>
      <p className="mt-2 text-muted">{t("These fail on purpose, to show what an error looks like here.")}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <a className="rounded-theme border border-divider px-4 py-2 text-sm font-semibold" href="/_dev/error?throw=1">
          {t("Fail a page load")}
        </a>
        <Link className="rounded-theme border border-divider px-4 py-2 text-sm font-semibold" to="/_dev/error?throw=1" data-testid="fail-navigation">
          {t("Fail a client-side navigation")}
        </Link>
        <Button onPress={() => void callFailingApi()} data-testid="fail-api-call">
          {t("Fail an API call")}
        </Button>
      </div>
      {hydrated ? <span hidden data-testid="hydrated" /> : null}
      {answer ? (
        <p className="mt-6 font-mono text-sm" data-testid="api-answer">
          {answer}
        </p>
      ) : null}
    </div>
  );
}
