import { Link, useFetcher } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { SettingsSection } from "~/account/ui/settings-section";
import { buttonClasses } from "~/ui/button-styles";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import type { LibraryAnswer } from "../answer";
import { useLibraryToast } from "./use-library-toast";

/** Account settings: who may see my profile page (ratings, watched titles, counts). */
export function ProfilePrivacySection({ isPrivate, profilePath }: { isPrivate: boolean; profilePath: string }) {
  const t = useTrans();
  const fetcher = useFetcher<LibraryAnswer>();
  useLibraryToast(fetcher.data);
  const pending = fetcher.formData?.get("visibility");
  const current = pending ? pending === "private" : isPrivate;
  return (
    <SettingsSection
      id="profile-privacy"
      title={t("Profile privacy")}
      description={t("A public profile shows your name, avatar, counts, recent ratings and watched titles to everyone. A private one is shown only to you.")}
    >
      <fetcher.Form method="post" action="/account-settings/profile-privacy" className="flex max-w-md flex-col gap-4" data-testid="profile-privacy-form">
        <NoJsRedirect />
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t("Profile privacy")}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="visibility" value="public" defaultChecked={!current} data-testid="profile-public" />
            {t("Public profile")}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="visibility" value="private" defaultChecked={current} data-testid="profile-private" />
            {t("Private profile")}
          </label>
        </fieldset>
        <div className="flex items-center gap-4">
          <button type="submit" className={buttonClasses({ variant: "outlined" })} data-testid="profile-privacy-save">
            {t("Save")}
          </button>
          <Link to={profilePath} className="text-sm text-primary hover:underline">
            {t("View my profile")}
          </Link>
        </div>
      </fetcher.Form>
    </SettingsSection>
  );
}
