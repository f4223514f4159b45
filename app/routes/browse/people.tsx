import { redirect } from "react-router";
import type { Route } from "./+types/people";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { adSlots } from "~/ads/ads.server";
import { useTrans } from "~/i18n/translation-context";
import { requireCatalogueAccess } from "~/catalogue/access.server";
import { filtersToSearch, PERSON_SORTS, sortValue } from "~/catalogue/browse";
import { DEPARTMENTS } from "~/catalogue/browse-options";
import { parsePersonFilters } from "~/catalogue/browse-filters.server";
import { browsePeopleWithCount } from "~/catalogue/browse.server";
import { BROWSE_PAGE_SIZE } from "~/constants";
import { getApp, getWorker } from "~/request/context";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { BrowseLayout, FilterSelect, SortSelect } from "~/site/browse/browse-layout";
import { PersonCard } from "~/site/cards";
import { cleanQueryRedirectTarget } from "~/http/clean-query";

/** Guests share a copy of this page for a few seconds (app/request/guest-page-cache.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/** /people: browse people by known-for department and gender, by popularity or name (either way). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  requireCatalogueAccess(app, request);
  // A submit that sent empty fields lands on the clean address (decision 031).
  const cleanTarget = cleanQueryRedirectTarget(new URL(request.url));
  if (cleanTarget) throw redirect(cleanTarget);
  const filters = parsePersonFilters(new URL(request.url).searchParams);
  const result = await browsePeopleWithCount(app.db, filters, BROWSE_PAGE_SIZE);
  const { page: _page, ...withoutPage } = filters;
  return {
    filters,
    ...result,
    ads: adSlots(app.settings, getWorker(context).nonce, ["ads.general_top", "ads.general_bottom"]),
    seo: buildSeo(app, request, {
      title: filters.page > 1 ? `${app.t("Popular people")} · ${app.t("Page :page", { page: filters.page })}` : app.t("Popular people"),
      description: app.t("Actors, directors, writers and crew, with their biographies and filmographies."),
      path: `/people${filtersToSearch({ ...withoutPage, page: filters.page })}`,
      noindex: Boolean(filters.department || filters.gender || filters.order !== "popularity" || filters.dir),
    }),
  };
}

export default function BrowsePeople({ loaderData }: Route.ComponentProps) {
  const { filters, items, hasNext, ads, total, more, pages } = loaderData;
  const t = useTrans();
  const { page: _page, ...rest } = filters;
  return (
    <BrowseLayout
      testId="browse-people"
      heading={t("Popular people")}
      path="/people"
      formClassName="sm:grid-cols-3"
      actionsClassName="col-span-2 sm:col-span-1"
      activeFilters={[filters.department, filters.gender].filter(Boolean).length}
      total={total}
      more={more}
      pages={pages}
      sort={<SortSelect value={sortValue(filters.order, filters.dir)} options={PERSON_SORTS.map((value) => ({ value, label: t(PERSON_SORT_LABELS[value]) }))} />}
      ads={ads}
      page={filters.page}
      hasNext={hasNext}
      pageHref={(page) => `/people${filtersToSearch({ ...rest, page })}`}
      filters={
        <>
          <FilterSelect
            name="department"
            label={t("Known for")}
            value={filters.department}
            options={[{ value: "", label: t("All departments") }, ...DEPARTMENTS.map((d) => ({ value: d, label: t(d) }))]}
          />
          <FilterSelect
            name="gender"
            label={t("Gender")}
            value={filters.gender}
            options={[
              { value: "", label: t("Any") },
              { value: "female", label: t("Female") },
              { value: "male", label: t("Male") },
              { value: "nonbinary", label: t("Non-binary") },
            ]}
          />
        </>
      }
      empty={
        items.length === 0 ? (
          <p className="mt-10 text-lg font-medium text-foreground" data-testid="browse-empty">
            {t("No people match these filters.")}
          </p>
        ) : null
      }
      results={
        <ul className="mt-8 grid grid-cols-3 gap-x-4 gap-y-8 sm:grid-cols-4 lg:grid-cols-8" data-testid="browse-results">
          {items.map((person, index) => (
            <li key={person.id}>
              <PersonCard person={{ personId: person.id, name: person.name, slug: person.slug, profile: person.profile, role: person.knownFor ? t(person.knownFor) : null }} eager={index < 8} />
            </li>
          ))}
        </ul>
      }
    />
  );
}

const PERSON_SORT_LABELS: Record<(typeof PERSON_SORTS)[number], string> = {
  "popularity-desc": "Most popular",
  "popularity-asc": "Least popular",
  "name-asc": "Name, A to Z",
  "name-desc": "Name, Z to A",
};
