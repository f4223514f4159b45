import { useFetcher } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { SettingsSection } from "~/account/ui/settings-section";
import { buttonClasses } from "~/ui/button-styles";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import type { LibraryAnswer } from "../answer";
import { useLibraryToast } from "./use-library-toast";

/** Account settings: whether logging a film takes it off my watchlist (decision 030). */
export function LogPreferenceSection({ keep }: { keep: boolean }) {
  const t = useTrans();
  const fetcher = useFetcher<LibraryAnswer>();
  useLibraryToast(fetcher.data);
  return (
    <SettingsSection
      id="log-preference"
      title={t("Logging films")}
      description={t("When you log a film you watched, it leaves your watchlist unless you keep it there.")}
    >
      <fetcher.Form method="post" action="/account-settings/log-preference" className="flex max-w-md flex-col gap-4" data-testid="log-preference-form">
        <NoJsRedirect />
        <input type="hidden" name="intent" value="save" />
        <label className="flex items-center gap-2 text-foreground">
          <input type="checkbox" name="keep" value="true" defaultChecked={keep} data-testid="keep-logged-on-watchlist" />
          {t("Keep logged titles on my watchlist")}
        </label>
        <div>
          <button type="submit" className={buttonClasses({ variant: "outlined" })} data-testid="log-preference-save">
            {t("Save")}
          </button>
        </div>
      </fetcher.Form>
    </SettingsSection>
  );
}
