import { useFetcher } from "react-router";
import { SettingsSection } from "~/account/ui/settings-section";
import { useTrans } from "~/i18n/translation-context";
import type { LibraryAnswer } from "~/library/answer";
import { useLibraryToast } from "~/library/ui/use-library-toast";
import { buttonClasses } from "~/ui/button-styles";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import type { ActivityVisibility } from "../schema";

/** Account settings: who sees my ratings, viewings, reviews and lists in their feed and on my profile. */
export function ActivityVisibilitySection({ visibility }: { visibility: ActivityVisibility }) {
  const t = useTrans();
  const fetcher = useFetcher<LibraryAnswer>();
  useLibraryToast(fetcher.data);
  const current = (fetcher.formData?.get("activityVisibility") as ActivityVisibility | null) ?? visibility;
  const options: [ActivityVisibility, string][] = [
    ["everyone", t("Everyone")],
    ["followers", t("My followers")],
    ["only_me", t("Only me")],
  ];
  return (
    <SettingsSection
      id="activity-visibility"
      title={t("Who sees my activity")}
      description={t("Your ratings, watched titles, reviews and lists appear in your followers' feeds and on your profile. A block always hides them from that member.")}
    >
      <fetcher.Form method="post" action="/account-settings/activity-visibility" className="flex max-w-md flex-col gap-4" data-testid="activity-visibility-form">
        <NoJsRedirect />
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t("Who sees my activity")}</legend>
          {options.map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name="activityVisibility" value={value} defaultChecked={current === value} data-testid={`activity-${value}`} />
              {label}
            </label>
          ))}
        </fieldset>
        <div>
          <button type="submit" className={buttonClasses({ variant: "outlined" })} data-testid="activity-visibility-save">
            {t("Save")}
          </button>
        </div>
      </fetcher.Form>
    </SettingsSection>
  );
}
