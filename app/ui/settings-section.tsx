import type { ReactNode } from "react";

/** The sections of /account-settings in the spec's order (section 2), with their anchors. */
export const SETTINGS_SECTIONS = [
  { id: "account-details", label: "Account details" },
  { id: "social-login", label: "Social login" },
  { id: "password", label: "Password" },
  { id: "two-factor", label: "Two factor authentication" },
  { id: "sessions", label: "Active sessions" },
  { id: "location-and-language", label: "Location and language" },
  { id: "developers", label: "Developers" },
  { id: "profile-privacy", label: "Profile privacy" },
  { id: "activity-visibility", label: "Who sees my activity" },
  { id: "calendar-feed", label: "Calendar feed" },
  { id: "log-preference", label: "Logging films" },
  { id: "download-data", label: "Download my data" },
  { id: "delete-account", label: "Danger zone" },
] as const;
export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]["id"];

/** One panel of the page; `scroll-mt` keeps its heading clear of the sticky navbar when the side list jumps to it. */
export function SettingsSection({
  id,
  title,
  description,
  children,
  tone = "default",
}: {
  id: SettingsSectionId;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  tone?: "default" | "danger";
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      data-testid={`${id}-section`}
      className={`scroll-mt-24 rounded-theme border bg-elevated p-6 ${tone === "danger" ? "border-danger/50" : "border-divider"}`}
    >
      <h2 id={`${id}-title`} className={`text-lg font-semibold ${tone === "danger" ? "text-danger" : ""}`}>
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
