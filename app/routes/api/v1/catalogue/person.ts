import type { Route } from "./+types/person";
import { apiLoader, notFound, readOnlyAction } from "~/json-api/handler.server";
import { getPerson } from "~/catalogue/api-contract";
import { personSummary, titleSummary } from "~/catalogue/api.server";
import { loadPersonPage } from "~/catalogue/person-page.server";

/** Filmography entries per department, as on the person page. */
const CREDITS_PER_DEPARTMENT = 50;

/** GET api/v1/people/{id}?with=credits,knownFor: the person page's read. */
export const loader = apiLoader(getPerson, async ({ app, params, query }) => {
  const found = await loadPersonPage(app.db, Number(params.id), { perDepartment: CREDITS_PER_DEPARTMENT });
  if (!found) return notFound(app.t("This person does not exist."));
  const relations = new Set([...query.with, ...query.load]);
  const { person } = found;
  return {
    person: {
      ...personSummary(person),
      biography: person.biography,
      birth_date: person.birthDate,
      death_date: person.deathDate,
      birth_place: person.birthPlace,
      gender: person.gender,
      popularity: person.popularity,
      generated_fields: person.generatedFields,
      ...(relations.has("credits")
        ? {
            credits: found.filmography.map((group) => ({
              department: group.department,
              total: group.total,
              credits: group.credits.map((c) => ({
                title: { id: c.titleId, name: c.name, slug: c.slug, type: c.type, year: c.year },
                roles: c.roles,
                episode_count: c.episodeCount,
                generated: c.generated,
              })),
            })),
          }
        : {}),
      ...(relations.has("knownFor") ? { known_for_titles: found.knownFor.map(titleSummary) } : {}),
    },
  };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
