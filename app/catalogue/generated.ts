/**
 * Demo content is labelled, never passed off as fact (decision 005). Rows of
 * titles, seasons, episodes and people list in `generated_fields` the fields
 * whose content the seed invented; credits carry a `generated` flag.
 */

/** The label pages show beside generated content (translate it with t()). */
export const GENERATED_NOTE = "Generated for this demo catalogue";

/** Fields the seed may list in `generated_fields`. */
export type GeneratedField =
  | "name"
  | "plot"
  | "tagline"
  | "keywords"
  | "cast"
  | "crew"
  | "biography"
  | "birth_date"
  | "death_date"
  | "birth_place"
  | "gender"
  | "air_date"
  | "runtime"
  | "certification"
  | "countries"
  | "language"
  | "seasons"
  | "episodes"
  | "videos";

type WithGenerated = { generatedFields: readonly string[] | null | undefined };

/** True when `field` of this row was generated for the demo. */
export function isGenerated(row: WithGenerated, field: GeneratedField): boolean {
  return row.generatedFields?.includes(field) ?? false;
}

/** True when the whole row is invented (a made-up person or series). */
export function isWhollyGenerated(row: WithGenerated): boolean {
  return isGenerated(row, "name");
}

/** The note to show beside `field`, or null when the field is real data. */
export function generatedNote(row: WithGenerated, field: GeneratedField): string | null {
  return isGenerated(row, field) || isWhollyGenerated(row) ? GENERATED_NOTE : null;
}
