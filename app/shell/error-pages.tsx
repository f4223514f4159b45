import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";

/** The 404 page. */
export function NotFoundPage() {
  const t = useTrans();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="not-found">
      <p className="text-7xl font-black tracking-tight text-primary/80">404</p>
      <h1 className="mt-6 text-2xl font-semibold text-foreground">{t("Looks like you've found the doorway to the great nothing")}</h1>
      <Link to="/" className="mt-8 rounded-md bg-primary px-5 py-2.5 font-semibold text-on-primary hover:opacity-90">
        {t("Take me there!")}
      </Link>
    </section>
  );
}

/** Any other failure to load a page. */
export function LoadErrorPage({ requestId }: { requestId?: string }) {
  const t = useTrans();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="load-error">
      <h1 className="text-2xl font-semibold text-foreground">{t("There was an issue loading this page")}</h1>
      <p className="mt-3 text-muted">{t("Please try again later")}</p>
      {requestId ? <p className="mt-6 font-mono text-xs text-muted">Request id: {requestId}</p> : null}
    </section>
  );
}
