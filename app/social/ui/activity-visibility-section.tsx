import { useTrans } from "~/i18n/translation-context";
import { RadioChoices, SettingFormSection } from "~/ui/forms/setting-form-section";
import type { ActivityVisibility } from "../tables";

/** Account settings: who sees my ratings, viewings, reviews and lists in their feed and on my profile. */
export function ActivityVisibilitySection({ visibility }: { visibility: ActivityVisibility }) {
  const t = useTrans();
  return (
    <SettingFormSection
      id="activity-visibility"
      title={t("Who sees my activity")}
      description={t("Your ratings, watched titles, reviews and lists appear in your followers' feeds and on your profile. A block always hides them from that member.")}
      action="/account-settings/activity-visibility"
      testId="activity-visibility"
    >
      {(pending) => (
        <RadioChoices
          legend={t("Who sees my activity")}
          name="activityVisibility"
          current={(pending?.get("activityVisibility") as ActivityVisibility | null) ?? visibility}
          options={[
            { value: "everyone", label: t("Everyone"), testId: "activity-everyone" },
            { value: "followers", label: t("My followers"), testId: "activity-followers" },
            { value: "only_me", label: t("Only me"), testId: "activity-only_me" },
          ]}
        />
      )}
    </SettingFormSection>
  );
}
