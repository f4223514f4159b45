import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { RadioChoices, SettingFormSection } from "../../ui/forms/setting-form-section";

/** Account settings: who may see my profile page (ratings, watched titles, counts). */
export function ProfilePrivacySection({ isPrivate, profilePath }: { isPrivate: boolean; profilePath: string }) {
  const t = useTrans();
  return (
    <SettingFormSection
      id="profile-privacy"
      title={t("Profile privacy")}
      description={t("A public profile shows your name, avatar, counts, recent ratings and watched titles to everyone. A private one is shown only to you.")}
      action="/account-settings/profile-privacy"
      testId="profile-privacy"
      footer={
        <Link to={profilePath} className="text-sm text-primary hover:underline">
          {t("View my profile")}
        </Link>
      }
    >
      {(pending) => (
        <RadioChoices
          legend={t("Profile privacy")}
          name="visibility"
          current={(pending?.get("visibility") as string | null) ?? (isPrivate ? "private" : "public")}
          options={[
            { value: "public", label: t("Public profile"), testId: "profile-public" },
            { value: "private", label: t("Private profile"), testId: "profile-private" },
          ]}
        />
      )}
    </SettingFormSection>
  );
}
