import { useTrans } from "~/i18n/translation-context";
import { SettingFormSection } from "../../ui/forms/setting-form-section";

/** Account settings: whether logging a film takes it off my watchlist (decision 030). */
export function LogPreferenceSection({ keep }: { keep: boolean }) {
  const t = useTrans();
  return (
    <SettingFormSection
      id="log-preference"
      title={t("Logging films")}
      description={t("When you log a film you watched, it leaves your watchlist unless you keep it there.")}
      action="/account-settings/log-preference"
      testId="log-preference"
    >
      {() => (
        <>
          <input type="hidden" name="intent" value="save" />
          <label className="flex items-center gap-2 text-foreground">
            <input type="checkbox" name="keep" value="true" defaultChecked={keep} data-testid="keep-logged-on-watchlist" />
            {t("Keep logged titles on my watchlist")}
          </label>
        </>
      )}
    </SettingFormSection>
  );
}
