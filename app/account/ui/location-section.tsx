import { getSelectProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { answerFor } from "~/auth/ui/two-factor-section";
import { useTrans } from "~/i18n/translation-context";
import type { TimeZoneGroup } from "~/i18n/value-lists";
import { useDates } from "~/ui/use-dates";
import { inputClasses } from "~/ui/field-styles";
import { FieldShell, FormErrors, IntentField, SelectField, SubmitButton } from "~/ui/forms/fields";
import type { FormAnswer } from "~/ui/forms/form-result";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { ChevronDownIcon } from "~/ui/control-icons";
import { useHydrated } from "~/ui/use-hydrated";
import { locationSchema } from "../schema";
import { SettingsSection } from "../../ui/settings-section";

export interface LocationData {
  values: { language: string; country: string; timezone: string };
  languages: { value: string; label: string }[];
  countries: { value: string; label: string }[];
  timezones: TimeZoneGroup[];
}

/**
 * Location and language: the site's language (from its
 * localizations), country, and the time zone dates are shown in, grouped by
 * region; "auto" follows the browser. Native selects, so the form works
 * without JavaScript and on every phone.
 */
export function LocationSection({ location, actionData }: { location: LocationData; actionData: FormAnswer }) {
  const t = useTrans();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const { format, timeZone } = useDates();
  const [form, fields] = useAppForm({
    schema: locationSchema,
    id: "update-location",
    lastResult: answerFor(actionData, "update-location"),
    defaultValue: location.values,
  });
  const timezone = fields.timezone;
  const { key, ...selectProps } = getSelectProps(timezone);
  return (
    <SettingsSection id="location-and-language" title={t("Location and language")} description={t("The language of the site, and the time zone dates and times are shown in.")}>
      <Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-4" data-testid="location-form">
        <IntentField value="update-location" />
        <FormErrors form={form} />
        <SelectField meta={fields.language} label={t("Language")} options={location.languages} />
        <SelectField meta={fields.country} label={t("Country")} options={location.countries} placeholder={t("Not set")} />
        <FieldShell meta={timezone} label={t("Time zone")} description={hydrated ? t("Now: :time (:zone)", { time: format(Date.now(), "time"), zone: timeZone }) : undefined}>
          <div className="relative">
            <select key={key} {...selectProps} required={false} autoFocus={!hydrated && !!timezone.errors?.length} className={`${inputClasses} appearance-none pr-9`}>
              <option value="auto">{t("Automatic (this browser's time zone)")}</option>
              {location.timezones.map((group) => (
                <optgroup key={group.region} label={group.region === "Other" ? t("Other") : group.region}>
                  {group.zones.map((zone) => (
                    <option key={zone.value} value={zone.value}>
                      {zone.text}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted" />
          </div>
        </FieldShell>
        <div>
          <SubmitButton isPending={navigation.formData?.get("intent") === "update-location"}>{t("Save")}</SubmitButton>
        </div>
      </Form>
    </SettingsSection>
  );
}
