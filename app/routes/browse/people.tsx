import { Form, Link, useSubmit } from "react-router";
import type { Route } from "./+types/people";
import { guestPageCache } from "~/http/guest-page-cache.server";
import { AdSlot } from "~/ads/ad-slot";
import { adSlots } from "~/ads/ads.server";
import { useTrans } from "~/bootstrap/use-bootstrap";
import { requireCatalogueAccess } from "~/catalogue/access.server";
import { DEPARTMENTS, filtersToSearch } from "~/catalogue/browse";
import { parsePersonFilters } from "~/catalogue/browse-filters.server";
import { browsePeople } from "~/catalogue/browse.server";
import { BROWSE_PAGE_SIZE } from "~/constants";
import { getApp, getWorker } from "~/request/context";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { fieldLabelClasses, Pagination, selectClasses } from "~/site/browse/pagination";
import { PersonCard } from "~/site/cards";

/** Guests share a copy of this page for a few seconds (app/http/guest-page-cache.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/** /people: browse people by known-for department and gender, by popularity or name. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  requireCatalogueAccess(app, request);
  const filters = parsePersonFilters(new URL(request.url).searchParams);
  const result = await browsePeople(app.db, filters, BROWSE_PAGE_SIZE);
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
  const { filters, items, hasNext, ads } = loaderData;
  const t = useTrans();
  const submit = useSubmit();
  const { page: _page, ...rest } = filters;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6" data-testid="browse-people">
      <AdSlot slot="ads.general_top" html={ads["ads.general_top"]} />
      <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("Popular people")}</h1>
      <Form
        method="get"
        action="/people"
        className="mt-6 grid grid-cols-2 gap-4 rounded-theme border border-divider bg-paper p-4 sm:grid-cols-4"
        data-testid="browse-filters"
        onChange={(event) => {
          // Lists apply at once; typed years wait for Enter or the button.
          if (event.target instanceof HTMLSelectElement) submit(event.currentTarget, { preventScrollReset: true });
        }}
      >
        <div>
          <label htmlFor="filter-department" className={fieldLabelClasses}>{t("Known for")}</label>
          <select id="filter-department" name="department" defaultValue={filters.department ?? ""} className={selectClasses}>
            <option value="">{t("All departments")}</option>
            {DEPARTMENTS.map((d) => (
              <option key={d} value={d}>
                {t(d)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-gender" className={fieldLabelClasses}>{t("Gender")}</label>
          <select id="filter-gender" name="gender" defaultValue={filters.gender ?? ""} className={selectClasses}>
            <option value="">{t("Any")}</option>
            <option value="female">{t("Female")}</option>
            <option value="male">{t("Male")}</option>
            <option value="nonbinary">{t("Non-binary")}</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-order" className={fieldLabelClasses}>{t("Sort by")}</label>
          <select id="filter-order" name="order" defaultValue={filters.order} className={selectClasses}>
            <option value="popularity">{t("Popularity")}</option>
            <option value="name">{t("Name")}</option>
          </select>
        </div>
        <div className="flex items-end gap-3">
          <button type="submit" className="h-10 rounded-theme bg-primary px-5 text-sm font-semibold text-on-primary hover:opacity-90" data-testid="apply-filters">
            {t("Apply filters")}
          </button>
          <Link to="/people" className="text-sm font-medium text-muted hover:text-foreground">
            {t("Clear")}
          </Link>
        </div>
      </Form>
      {items.length === 0 ? (
        <p className="mt-10 text-lg font-medium text-foreground" data-testid="browse-empty">
          {t("No people match these filters.")}
        </p>
      ) : (
        <ul className="mt-8 grid grid-cols-3 gap-x-4 gap-y-8 sm:grid-cols-4 lg:grid-cols-8" data-testid="browse-results">
          {items.map((person, index) => (
            <li key={person.id}>
              <PersonCard person={{ personId: person.id, name: person.name, slug: person.slug, profile: person.profile, role: person.knownFor ? t(person.knownFor) : null }} eager={index < 8} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={filters.page} hasNext={hasNext} href={(page) => `/people${filtersToSearch({ ...rest, page })}`} />
      <AdSlot slot="ads.general_bottom" html={ads["ads.general_bottom"]} />
    </div>
  );
}
