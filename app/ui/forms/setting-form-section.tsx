import type { ComponentProps, ReactNode } from "react";
import { useFetcher } from "react-router";
import { SettingsSection } from "~/ui/settings-section";
import { useTrans } from "~/i18n/translation-context";
import { buttonClasses } from "~/ui/button-styles";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import type { LibraryAnswer } from "./answer";
import { useLibraryToast } from "./use-answer-toast";

/**
 * One account-settings section that posts a small form to its own route
 * (profile privacy, who sees my activity, the log preference): a fetcher
 * with its toast, and without JavaScript a plain POST that comes back here
 * (NoJsRedirect). `children` draws the fields from the choice being saved
 * (the fetcher's form data while it is on its way); `testId` names the form
 * (`{testId}-form`) and its Save button (`{testId}-save`).
 */
export function SettingFormSection({
  id,
  title,
  description,
  action,
  testId,
  footer,
  children,
}: {
  id: ComponentProps<typeof SettingsSection>["id"];
  title: string;
  description: string;
  action: string;
  testId: string;
  /** Beside the Save button (a link). */
  footer?: ReactNode;
  children: (pending: FormData | undefined) => ReactNode;
}) {
  const t = useTrans();
  const fetcher = useFetcher<LibraryAnswer>();
  useLibraryToast(fetcher.data);
  return (
    <SettingsSection id={id} title={title} description={description}>
      <fetcher.Form method="post" action={action} className="flex max-w-md flex-col gap-4" data-testid={`${testId}-form`}>
        <NoJsRedirect />
        {children(fetcher.formData)}
        <div className="flex items-center gap-4">
          <button type="submit" className={buttonClasses({ variant: "outlined" })} data-testid={`${testId}-save`}>
            {t("Save")}
          </button>
          {footer}
        </div>
      </fetcher.Form>
    </SettingsSection>
  );
}

/** A setting's choices as radio buttons in a fieldset (its legend for screen readers; the section's heading shows it). */
export function RadioChoices({ legend, name, current, options }: { legend: string; name: string; current: string; options: { value: string; label: string; testId: string }[] }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex items-center gap-2">
          <input type="radio" name={name} value={option.value} defaultChecked={current === option.value} data-testid={option.testId} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
