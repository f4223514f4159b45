import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/credits";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { useTrans } from "~/i18n/translation-context";
import { parseId, requireCatalogueAccess } from "~/catalogue/access.server";
import { personArtworkSubject } from "~/catalogue/artwork";
import { isWhollyGenerated } from "~/catalogue/generated";
import { ArtworkImage } from "~/site/artwork-image";
import { personPath, titlePath } from "~/http/slug";
import { loadFullCredits } from "~/catalogue/title-page.server";
import { getApp } from "~/request/context";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { GeneratedNote, GeneratedScope } from "~/site/generated-note";
import { TitleSubpageHeader } from "~/site/title-header";

/** Guests share a copy of this page for a few seconds (app/request/guest-page-cache.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/** /titles/{id}/{slug}/credits: the full cast in billing order and the crew by department. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  requireCatalogueAccess(app, request);
  const credits = await loadFullCredits(app.db, parseId(params.id));
  if (!credits) throw data(null, { status: 404 });
  const { title } = credits;
  if (params.slug !== title.slug) throw redirect(`${titlePath(title)}/credits`, 301);
  return {
    ...credits,
    seo: buildSeo(app, request, {
      title: app.t(":name: full cast & crew", { name: title.name }),
      description: app.t("Cast and crew of :name: :people.", {
        name: title.name,
        people: credits.cast
          .slice(0, 8)
          .map((c) => c.name)
          .join(", "),
      }),
      path: `${titlePath(title)}/credits`,
      image: title.poster,
    }),
  };
}

export default function FullCredits({ loaderData }: Route.ComponentProps) {
  const { title, cast, crew } = loaderData;
  const t = useTrans();
  return (
    <GeneratedScope whole={isWhollyGenerated(title)}>
      <div data-testid="credits-page">
        <TitleSubpageHeader title={title} heading={t("Full cast & crew")} />
        <div className="mx-auto grid max-w-7xl gap-12 px-4 py-10 sm:px-6 lg:grid-cols-2">
          <section aria-labelledby="cast-heading">
            <h2 id="cast-heading" className="text-xl font-semibold text-foreground">
              {t("Cast")} <span className="text-muted">({cast.length})</span>
            </h2>
            <GeneratedNote show={cast.some((c) => c.generated)} className="mt-2" />
            {cast.length === 0 ? <p className="mt-4 text-muted">{t("No cast listed yet.")}</p> : null}
            <ol className="mt-4 divide-y divide-divider" data-testid="full-cast">
              {cast.map((credit) => (
                <li key={credit.id} className="flex items-center gap-4 py-3">
                  <ArtworkImage kind="profile" image={credit.profile} subject={personArtworkSubject({ id: credit.personId, name: credit.name })} className="h-16 w-11 shrink-0 rounded object-cover" />
                  <div className="min-w-0">
                    <Link to={personPath({ id: credit.personId, slug: credit.slug })} className="font-medium text-foreground hover:text-primary">
                      {credit.name}
                    </Link>
                    {credit.character ? <p className="text-sm text-muted">{credit.character}</p> : null}
                  </div>
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="crew-heading">
            <h2 id="crew-heading" className="text-xl font-semibold text-foreground">
              {t("Crew")} <span className="text-muted">({crew.reduce((n, d) => n + d.credits.length, 0)})</span>
            </h2>
            {crew.length === 0 ? <p className="mt-4 text-muted">{t("No crew listed yet.")}</p> : null}
            {crew.map((department) => (
              <div key={department.department} className="mt-6">
                <h3 className="font-semibold text-foreground">{t(department.department)}</h3>
                <GeneratedNote show={department.credits.some((c) => c.generated)} className="mt-1" />
                <ul className="mt-2 divide-y divide-divider">
                  {department.credits.map((credit) => (
                    <li key={credit.id} className="flex items-baseline justify-between gap-4 py-2">
                      <Link to={personPath({ id: credit.personId, slug: credit.slug })} className="font-medium text-foreground hover:text-primary">
                        {credit.name}
                      </Link>
                      <span className="text-sm text-muted">{t(credit.job)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
        </div>
      </div>
    </GeneratedScope>
  );
}
