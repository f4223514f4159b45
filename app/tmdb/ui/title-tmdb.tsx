import { Link } from "react-router";
import { useTrans } from "~/bootstrap/use-bootstrap";
import { countryName } from "~/site/format";
import type { ExternalLink, TitleTmdbExtras } from "../title-extras.server";

/**
 * The title page's TMDB parts, kept in their own components so the title
 * page itself only places them: where to watch (with the JustWatch/TMDB
 * credit), external links, and the admin's "Import from TMDB".
 */

const KIND_LABELS: Record<string, string> = { flatrate: "Stream", free: "Free", ads: "Free with ads", rent: "Rent", buy: "Buy" };

export function WhereToWatch({ watch, language }: { watch: TitleTmdbExtras["watch"]; language: string }) {
  const t = useTrans();
  if (watch.groups.length === 0) return null;
  return (
    <section aria-labelledby="watch-heading" data-testid="where-to-watch">
      <h2 id="watch-heading" className="text-xl font-semibold text-foreground">
        {t("Where to watch")}
      </h2>
      <p className="mt-1 text-xs text-muted">{countryName(watch.region, language) ?? watch.region}</p>
      <div className="mt-3 space-y-3">
        {watch.groups.map((group) => (
          <div key={group.kind}>
            <h3 className="text-sm font-medium text-muted">{t(KIND_LABELS[group.kind])}</h3>
            <ul className="mt-1 flex flex-wrap gap-2">
              {group.providers.map((provider) => (
                <li key={provider.id}>
                  <a href={watch.link ?? "#"} rel="noopener noreferrer nofollow" target="_blank" title={provider.name} className="block">
                    {provider.logo ? (
                      <img src={provider.logo} alt={provider.name} width={46} height={46} loading="lazy" className="size-11.5 rounded-theme bg-paper object-cover" />
                    ) : (
                      <span className="inline-block rounded-theme bg-paper px-2 py-1 text-xs">{provider.name}</span>
                    )}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="mt-3 text-xs text-muted" data-testid="watch-attribution">
        {t("Where-to-watch data from JustWatch, via TMDB.")}
      </p>
    </section>
  );
}

const LINK_LABELS: Record<ExternalLink["kind"], string> = { imdb: "IMDb", tmdb: "TMDB", homepage: "Official site" };

export function ExternalLinks({ links }: { links: ExternalLink[] }) {
  const t = useTrans();
  if (links.length === 0) return null;
  return (
    <div data-testid="external-links">
      <h3 className="text-sm font-semibold text-foreground">{t("Links")}</h3>
      <ul className="mt-2 flex flex-wrap gap-2 text-sm">
        {links.map((link) => (
          <li key={link.kind}>
            <a href={link.url} rel="noopener noreferrer" target="_blank" className="rounded-full bg-paper px-2.5 py-0.5 text-primary hover:underline">
              {t(LINK_LABELS[link.kind])}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** For an admin, on a title with no TMDB id: search TMDB by its name and year, pick, and the title is filled in place. */
export function ImportFromTmdbAction({ titleId }: { titleId: number }) {
  const t = useTrans();
  return (
    <Link to={`/admin/tmdb?title=${titleId}`} className="inline-block rounded-theme border border-divider px-3 py-1.5 text-sm font-medium text-primary hover:bg-paper" data-testid="import-from-tmdb">
      {t("Import from TMDB")}
    </Link>
  );
}
