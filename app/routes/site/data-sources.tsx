import type { Route } from "./+types/data-sources";
import { useTrans } from "~/i18n/translation-context";
import { siteTitle } from "~/seo/seo";

/**
 * /data-sources: where the catalogue's facts come from, with the
 * attribution TMDB's terms ask for (logo and notice) and JustWatch's credit
 * for where-to-watch data. Static: guests share it.
 */
export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Data sources") }];

export default function DataSources() {
  const t = useTrans();
  return (
    <article className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6" data-testid="data-sources">
      <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("Data sources")}</h1>
      <section className="space-y-3">
        <img src="/images/tmdb-logo.svg" alt="TMDB" width={190} height={24} />
        <p className="text-foreground" data-testid="tmdb-notice">
          {t("This product uses the TMDB API but is not endorsed or certified by TMDB.")}
        </p>
        <p className="text-muted">
          {t("Titles, people, images and videos marked as imported come from")}{" "}
          <a href="https://www.themoviedb.org/" rel="noopener noreferrer" className="text-primary underline">
            The Movie Database (TMDB)
          </a>
          .
        </p>
      </section>
      <section>
        <h2 className="text-xl font-semibold text-foreground">{t("Where to watch")}</h2>
        <p className="mt-2 text-muted">
          {t("Streaming, rental and purchase offers come from")}{" "}
          <a href="https://www.justwatch.com/" rel="noopener noreferrer" className="text-primary underline">
            JustWatch
          </a>
          {t(", through TMDB.")}
        </p>
      </section>
    </article>
  );
}
