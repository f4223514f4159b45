import { Suspense } from "react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/person";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { AdSlot } from "~/ads/ad-slot";
import { adSlots } from "~/ads/ads.server";
import { useTrans } from "~/i18n/translation-context";
import { parseId, requireCatalogueAccess } from "~/catalogue/access.server";
import { personArtworkSubject } from "~/catalogue/artwork";
import { generatedNote, isGenerated, isWhollyGenerated } from "~/catalogue/generated";
import { loadPersonPage } from "~/catalogue/person-page.server";
import { personPath, titlePath } from "~/http/slug";
import { getApp, getWorker } from "~/request/context";
import { setPageJsonLd } from "~/seo/json-ld.server";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { personJsonLd } from "~/seo/structured-data";
import { ArtworkImage } from "~/site/artwork-image";
import { ageInYears, formatDate } from "~/i18n/format";
import { Fact } from "~/site/fact";
import { GeneratedNote, GeneratedScope } from "~/site/generated-note";
import { externalLinksHtml } from "~/tmdb/title-html.server";
import { StaticIsland } from "~/request/server-html";
import { serverData } from "~/request/server-html.server";
import { AppLink } from "~/ui/app-link";
import { lazyComponent } from "~/ui/lazy-component";
import { personLinks } from "~/tmdb/title-extras.server";

/** The known-for cards: their own chunk, which a guest's page never loads before an interaction (decision 045). */
const KnownForCards = lazyComponent(() => import("~/site/title-card-rows").then((m) => m.KnownForCards));

/** Guests share a copy of this page for a few seconds (app/request/guest-page-cache.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/** Credits shown per department before "Show all". */
const FILMOGRAPHY_PREVIEW = 50;

/** /people/{id}/{slug}: biography, facts, known-for and the filmography by department. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  requireCatalogueAccess(app, request);
  // Prolific people list hundreds of credits: show the newest per department unless all were asked for.
  const showAll = new URL(request.url).searchParams.get("credits") === "all";
  const found = await loadPersonPage(app.db, parseId(params.id), { perDepartment: showAll ? Number.MAX_SAFE_INTEGER : FILMOGRAPHY_PREVIEW });
  if (!found) throw data(null, { status: 404 });
  const { external, filmography, knownFor, ...page } = found;
  const { person } = page;
  if (params.slug !== person.slug) throw redirect(personPath(person), 301);
  const bioNote = generatedNote(person, "biography");
  setPageJsonLd(context, personJsonLd(person, new URL(request.url).origin));
  return {
    page,
    // Static HTML for the hydrating browser (decision 045): the filmography for everyone (links
    // only), the known-for cards for guests (a member's "+" needs the data).
    filmography: serverData(context, "filmography", filmography),
    hasCredits: filmography.length > 0,
    knownFor: app.user === null ? serverData(context, "known-for", knownFor) : knownFor,
    hasKnownFor: knownFor.length > 0,
    // Formatted here: the page ships no date formatting code (decision 006's budget).
    lifeDates: { born: formatDate(person.birthDate, app.language), died: formatDate(person.deathDate, app.language), age: ageInYears(person.birthDate, person.deathDate) },
    // IMDb, TMDB and homepage links of imported people.
    externalHtml: externalLinksHtml(personLinks(external).links, app.t) || null,
    showAll,
    ads: adSlots(app.settings, getWorker(context).nonce, ["ads.person_top"]),
    seo: buildSeo(app, request, {
      title: person.name,
      description: person.biography ? (bioNote ? `${person.biography} (${app.t(bioNote)})` : person.biography) : null,
      path: personPath(person),
      image: person.profile,
      type: "profile",
    }),
  };
}

export default function PersonPage({ loaderData }: Route.ComponentProps) {
  const { page, ads, showAll, externalHtml, lifeDates, filmography, hasCredits, knownFor, hasKnownFor } = loaderData;
  const { person } = page;
  const t = useTrans();
  const age = lifeDates.age;
  const genderLabels: Record<string, string> = { female: t("Female"), male: t("Male"), nonbinary: t("Non-binary") };
  return (
    <GeneratedScope whole={isWhollyGenerated(person)}>
      <article className="mx-auto max-w-7xl px-4 py-10 sm:px-6" data-testid="person-page">
        <div className="grid gap-10 md:grid-cols-[16rem_1fr]">
          <aside className="space-y-6">
            <ArtworkImage
              kind="profile"
              image={person.profile}
              subject={personArtworkSubject(person)}
              alt={t("Photo of :name", { name: person.name })}
              priority
              className="aspect-[2/3] w-48 rounded-theme object-cover shadow md:w-full"
              testId="person-photo"
            />
            <section aria-labelledby="facts-heading">
              <h2 id="facts-heading" className="text-lg font-semibold text-foreground">
                {t("Personal info")}
              </h2>
              <dl className="mt-3 space-y-3 text-sm" data-testid="person-facts">
                <Fact label={t("Known for")} value={person.knownFor ? t(person.knownFor) : null} />
                <Fact label={t("Credits")} value={String(page.creditCount)} />
                <Fact label={t("Gender")} value={genderLabels[person.gender] ?? null} generated={isGenerated(person, "gender")} />
                <Fact
                  label={t("Born")}
                  value={person.birthDate ? `${lifeDates.born}${!person.deathDate && age !== null ? ` (${t(":age years old", { age })})` : ""}` : null}
                  generated={isGenerated(person, "birth_date")}
                />
                <Fact label={t("Place of birth")} value={person.birthPlace} generated={isGenerated(person, "birth_place")} />
                <Fact
                  label={t("Died")}
                  value={person.deathDate ? `${lifeDates.died}${age !== null ? ` (${t(":age years old", { age })})` : ""}` : null}
                  generated={isGenerated(person, "death_date")}
                />
              </dl>
            </section>
            {externalHtml ? <div dangerouslySetInnerHTML={{ __html: externalHtml }} /> : null}
          </aside>

          <div className="min-w-0 space-y-10">
            <header>
              <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl" data-testid="person-name">
                {person.name}
              </h1>
              {isWhollyGenerated(person) ? (
                <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
                  <GeneratedNote show page /> {t("This person is invented for the demo catalogue.")}
                </p>
              ) : null}
            </header>

            <section aria-labelledby="bio-heading">
              <h2 id="bio-heading" className="text-xl font-semibold text-foreground">
                {t("Biography")}
              </h2>
              {person.biography ? (
                <div className="mt-3 max-w-3xl space-y-3 leading-7 text-foreground" data-testid="person-biography">
                  {person.biography.split(/\n{2,}/).map((paragraph, i) => (
                    <p key={i}>{paragraph}</p>
                  ))}
                </div>
              ) : (
                <p className="mt-3 text-muted">{t("We don't have a biography for :name.", { name: person.name })}</p>
              )}
              <GeneratedNote show={isGenerated(person, "biography") && !isWhollyGenerated(person)} className="mt-3" />
            </section>

            <AdSlot slot="ads.person_top" html={ads["ads.person_top"]} />

            {hasKnownFor ? (
              <section aria-labelledby="known-heading">
                <h2 id="known-heading" className="text-xl font-semibold text-foreground">
                  {t("Known for")}
                </h2>
                <StaticIsland data={knownFor} preload={KnownForCards.preload}>
                  {(titles) => (
                    <Suspense fallback={null}>
                      <KnownForCards titles={titles} />
                    </Suspense>
                  )}
                </StaticIsland>
              </section>
            ) : null}

            <section aria-labelledby="filmography-heading">
              <h2 id="filmography-heading" className="text-xl font-semibold text-foreground">
                {t("Filmography")}
              </h2>
              {hasCredits ? (
                <StaticIsland data={filmography}>{(departments) => <Filmography departments={departments} showAll={showAll} />}</StaticIsland>
              ) : (
                <p className="mt-3 text-muted">{t("No credits yet.")}</p>
              )}
            </section>
          </div>
        </div>
      </article>
    </GeneratedScope>
  );
}

type Department = NonNullable<Awaited<ReturnType<typeof loadPersonPage>>>["filmography"][number];

/** The credits by department, newest first; a department over the preview links to all of them. */
function Filmography({ departments, showAll }: { departments: Department[]; showAll: boolean }) {
  const t = useTrans();
  return departments.map((department) => (
    <div key={department.department} className="mt-6" data-testid="filmography-department">
      <h3 className="font-semibold text-foreground">
        {t(department.department)} <span className="text-muted">({department.total})</span>
      </h3>
      <GeneratedNote show={department.generated} className="mt-1" />
      <ol className="mt-2 divide-y divide-divider rounded-theme border border-divider">
        {department.credits.map((credit) => (
          <li key={credit.titleId} className="flex gap-4 px-4 py-3">
            <span className="w-12 shrink-0 text-sm tabular-nums text-muted">{credit.year ?? "—"}</span>
            <div className="min-w-0">
              <AppLink to={titlePath({ id: credit.titleId, slug: credit.slug })} className="font-medium text-foreground hover:text-primary">
                {credit.name}
              </AppLink>
              {credit.type === "series" ? <span className="ml-2 text-xs text-muted">{t("TV series")}</span> : null}
              {credit.roles.length > 0 || credit.episodeCount > 0 ? (
                <p className="text-sm text-muted">
                  {[
                    credit.roles.length ? (department.department === "Acting" ? t("as :roles", { roles: credit.roles.join(" / ") }) : credit.roles.map((r) => t(r)).join(", ")) : null,
                    credit.episodeCount > 0 ? t(":count [one episode|other episodes]", { count: credit.episodeCount }) : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      {!showAll && department.total > department.credits.length ? (
        <AppLink to="?credits=all" preventScrollReset className="mt-2 inline-block text-sm font-medium text-primary hover:underline" data-testid="filmography-show-all">
          {t("Show all :count credits", { count: department.total })}
        </AppLink>
      ) : null}
    </div>
  ));
}
