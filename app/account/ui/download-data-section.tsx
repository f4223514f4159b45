import { useTrans } from "~/i18n/translation-context";
import { buttonClasses } from "~/ui/button-styles";
import { inputClasses, labelClasses } from "~/ui/field-styles";
import { SettingsSection } from "../../ui/settings-section";

/**
 * Download my data: a JSON file of everything stored about the user. A plain
 * form post the browser saves as a file (with or without JavaScript); the
 * password is asked for unless it was confirmed in the last 9000 seconds.
 */
export function DownloadDataSection({ passwordConfirmed }: { passwordConfirmed: boolean }) {
  const t = useTrans();
  return (
    <SettingsSection
      id="download-data"
      title={t("Download my data")}
      description={t("A JSON file with everything we store about you: profile, sessions, security log, subscriptions and invoices, files, API tokens (never their secrets) and viewing history.")}
    >
      <form method="post" action="/account-settings/export" className="flex max-w-md flex-col gap-4" data-testid="download-data-form">
        {passwordConfirmed ? null : (
          <div className="flex flex-col gap-1.5">
            <label htmlFor="download-data-password" className={labelClasses}>
              {t("Confirm your password to continue")}
            </label>
            <input id="download-data-password" name="password" type="password" required autoComplete="current-password" className={inputClasses} />
          </div>
        )}
        <div>
          <button type="submit" className={buttonClasses({ variant: "outlined" })}>
            {t("Download my data")}
          </button>
        </div>
      </form>
      {/* Decision 027: the library as CSV, and imports from Letterboxd or IMDb. */}
      <p className="mt-4 text-sm text-muted">
        {t("Ratings, watchlist, watch history and lists as CSV files, or an import from Letterboxd or IMDb:")}{" "}
        <a href="/library/import" className="font-medium text-primary hover:underline" data-testid="library-import-link">
          {t("Import and export")}
        </a>
      </p>
    </SettingsSection>
  );
}
