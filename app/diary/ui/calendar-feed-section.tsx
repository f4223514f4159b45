import { useFetcher } from "react-router";
import { SettingsSection } from "~/ui/settings-section";
import { useTrans } from "~/i18n/translation-context";
import type { LibraryAnswer } from "~/ui/forms/answer";
import { useLibraryToast } from "~/ui/forms/use-answer-toast";
import { buttonClasses } from "~/ui/button-styles";
import { NoJsRedirect } from "~/ui/no-js-redirect";

/** Account settings: my private calendar feed's address, created, replaced or revoked here (decision 034). */
export function CalendarFeedSection({ feedUrl }: { feedUrl: string | null }) {
  const t = useTrans();
  const fetcher = useFetcher<LibraryAnswer>();
  useLibraryToast(fetcher.data);
  return (
    <SettingsSection
      id="calendar-feed"
      title={t("Calendar feed")}
      description={t("A private address your calendar app subscribes to: new episodes and releases of what you track. Replacing or revoking it stops the old address at once.")}
    >
      {feedUrl ? (
        <input
          readOnly
          value={feedUrl}
          aria-label={t("Private calendar address")}
          className="w-full rounded-theme border border-divider bg-background px-2 py-1.5 font-mono text-sm text-foreground"
          data-testid="calendar-feed-address"
        />
      ) : (
        <p className="text-sm text-muted">{t("No calendar address yet.")}</p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <fetcher.Form method="post" action="/account-settings/calendar-feed">
          <NoJsRedirect />
          <input type="hidden" name="intent" value="rotate" />
          <button type="submit" className={buttonClasses({ variant: "outlined" })} data-testid="calendar-feed-rotate">
            {feedUrl ? t("Replace the address") : t("Create an address")}
          </button>
        </fetcher.Form>
        {feedUrl ? (
          <fetcher.Form method="post" action="/account-settings/calendar-feed">
            <NoJsRedirect />
            <input type="hidden" name="intent" value="revoke" />
            <button type="submit" className={buttonClasses({ variant: "outlined", color: "danger" })} data-testid="calendar-feed-revoke">
              {t("Revoke the address")}
            </button>
          </fetcher.Form>
        ) : null}
      </div>
    </SettingsSection>
  );
}
