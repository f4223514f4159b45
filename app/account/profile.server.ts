import { eq } from "drizzle-orm";
import { users } from "~/auth/users.tables";
import type { Database } from "~/db/client.server";
import type { Localization } from "~/i18n/i18n.server";
import { AUTO_TIME_ZONE, countries, isCountryCode, isValidTimeZone, timeZoneGroups } from "~/i18n/value-lists";
import type { AccountDetailsInput, LocationInput } from "./schema";

/**
 * Account details (name, display name) and location and language (language,
 * country, time zone) of the signed-in user.
 */
export async function updateAccountDetails(db: Database, userId: number, input: AccountDetailsInput) {
  await db
    .update(users)
    .set({
      firstName: input.first_name || null,
      lastName: input.last_name || null,
      displayName: input.display_name || null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/**
 * What the location form may not hold, beyond its schema: a language the
 * site does not offer, a country that does not exist, a zone the runtime
 * does not know. English keys per field; null when all is well.
 */
export function locationProblems(input: LocationInput, localizations: Pick<Localization, "language">[]): Record<string, string[]> | null {
  const problems: Record<string, string[]> = {};
  if (!localizations.some((l) => l.language === input.language)) problems.language = ["This language is not available."];
  if (input.country && !isCountryCode(input.country)) problems.country = ["Select a country from the list."];
  if (input.timezone !== AUTO_TIME_ZONE && !isValidTimeZone(input.timezone)) problems.timezone = ["Select a time zone from the list."];
  return Object.keys(problems).length ? problems : null;
}

export async function updateLocation(db: Database, userId: number, input: LocationInput) {
  await db
    .update(users)
    .set({ language: input.language, country: input.country || null, timezone: input.timezone, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Sets only the language (the footer's language picker, POST users/me/locale). */
export async function updateLanguage(db: Database, userId: number, language: string) {
  await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** The choices of the location form: languages, countries and grouped time zones. */
export function locationChoices(language: string, localizations: Pick<Localization, "language" | "name">[]) {
  return {
    languages: localizations.map((l) => ({ value: l.language, label: l.name })),
    countries: countries(language).map((c) => ({ value: c.code, label: c.name })),
    timezones: timeZoneGroups(),
  };
}

/** The fields PUT users/me may change; undefined leaves one as it is, null or "" clears a name or the country. */
export interface ProfilePatch {
  first_name?: string | null;
  last_name?: string | null;
  display_name?: string | null;
  language?: string;
  country?: string | null;
  timezone?: string;
}

export async function patchProfile(db: Database, userId: number, patch: ProfilePatch) {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (patch.first_name !== undefined) set.firstName = patch.first_name || null;
  if (patch.last_name !== undefined) set.lastName = patch.last_name || null;
  if (patch.display_name !== undefined) set.displayName = patch.display_name || null;
  if (patch.language !== undefined) set.language = patch.language;
  if (patch.country !== undefined) set.country = patch.country || null;
  if (patch.timezone !== undefined) set.timezone = patch.timezone;
  await db.update(users).set(set).where(eq(users.id, userId));
}
