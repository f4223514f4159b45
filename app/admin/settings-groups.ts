import type { SettingKey } from "~/settings/definitions";

/**
 * The settings pages of the admin area: one page per group, each a list of
 * fields bound to setting keys (app/settings/definitions.ts, which holds
 * every key's schema and default). Field kinds say how a value is shown in
 * the form and read back from it (app/admin/settings-form.server.ts).
 * Labels are English source strings.
 */
export type SettingField =
  | { kind: "boolean"; key: SettingKey; label: string; description?: string }
  | { kind: "text" | "email"; key: SettingKey; label: string; description?: string; placeholder?: string }
  | { kind: "textarea" | "code"; key: SettingKey; label: string; description?: string; rows?: number; language?: "css" | "html" }
  /** An address of an image, with an uploader beside it. */
  | { kind: "image"; key: SettingKey; label: string; description?: string }
  | { kind: "select"; key: SettingKey; label: string; description?: string; options: SelectSource; numeric?: boolean }
  /** A byte count edited in megabytes. */
  | { kind: "megabytes"; key: SettingKey; label: string; description?: string }
  /** A list of short strings, one per line. */
  | { kind: "lines"; key: SettingKey; label: string; description?: string }
  | { kind: "policies"; key: "registration.policies"; label: string; description?: string }
  | { kind: "cookieButton"; key: "cookie_notice.button"; label: string; description?: string }
  | { kind: "landing"; key: "homepage.appearance"; label: string; description?: string };

/** Where a select's options come from: a fixed list or something the loader reads. */
export type SelectSource = { static: { value: string; label: string }[] } | { from: "pages" | "themes" | "localizations" | "timeZones" | "channels" };

/** Facts about the deployment a group shows beside its fields (secrets as set/not set only). */
export type StatusKind = "socialProviders" | "billingProvider" | "mailTransport" | "humanCheckSecret" | "customCodeSafety";

export interface SettingsGroup {
  id: string;
  label: string;
  description: string;
  fields: SettingField[];
  status?: StatusKind[];
  /** Extra buttons handled by the group's action (e.g. "Send a test mail"). */
  actions?: { intent: string; label: string }[];
}

const onOff = (key: SettingKey, label: string, description?: string): SettingField => ({ kind: "boolean", key, label, description });

export const SETTINGS_GROUPS: SettingsGroup[] = [
  {
    id: "general",
    label: "General and branding",
    description: "The site's name, description and logos.",
    fields: [
      { kind: "text", key: "branding.site_name", label: "Site name" },
      { kind: "textarea", key: "branding.site_description", label: "Site description", description: "Used for search engines and link previews when a page has no description of its own.", rows: 3 },
      { kind: "image", key: "branding.logo_light", label: "Logo for light themes" },
      { kind: "image", key: "branding.logo_dark", label: "Logo for dark themes" },
      { kind: "image", key: "branding.logo_light_mobile", label: "Small logo for light themes" },
      { kind: "image", key: "branding.logo_dark_mobile", label: "Small logo for dark themes" },
      { kind: "image", key: "branding.favicon", label: "Favicon" },
    ],
  },
  {
    id: "homepage",
    label: "Homepage",
    description: "What visitors see at the site's address, and the landing page's content.",
    fields: [
      {
        kind: "select",
        key: "homepage.type",
        label: "Homepage type",
        options: {
          static: [
            { value: "landingPage", label: "Landing page" },
            { value: "loginPage", label: "Login page" },
            { value: "registerPage", label: "Registration page" },
            { value: "customPage", label: "Custom page" },
            { value: "channel", label: "Channel" },
          ],
        },
      },
      { kind: "select", key: "homepage.value", label: "Custom page", description: "Shown when the homepage type is a custom page.", options: { from: "pages" } },
      { kind: "select", key: "homepage.channel", label: "Channel", description: "Shown when the homepage type is a channel.", options: { from: "channels" } },
      onOff("homepage.trending", "Show trending titles on the landing page"),
      onOff("homepage.pricing", "Show pricing on the landing page", "Only when billing is on and plans exist."),
      { kind: "landing", key: "homepage.appearance", label: "Landing page content" },
    ],
  },
  {
    id: "authentication",
    label: "Authentication",
    description: "Registration, e-mail confirmation, policies and social sign-in.",
    status: ["socialProviders"],
    fields: [
      onOff("registration.disable", "Disable registration", "Nobody can create an account; the Register button is hidden."),
      onOff("registration.require_email_confirmation", "Require e-mail confirmation", "New accounts confirm their address with a code before using the site."),
      { kind: "text", key: "auth.default_redirect", label: "Page after sign-in", description: "A path on this site. Administrators always go to the admin area." },
      {
        kind: "select",
        key: "registration.name_fields",
        label: "First and last name on the registration form",
        description: "Extra fields of the registration form, stored on the account.",
        options: {
          static: [
            { value: "off", label: "Not asked" },
            { value: "optional", label: "Optional" },
            { value: "required", label: "Required" },
          ],
        },
      },
      {
        kind: "policies",
        key: "registration.policies",
        label: "Policies to accept when registering",
        description: "Each becomes a required checkbox on the registration form. Leave a name empty to remove it.",
      },
      onOff("social.google.enable", "Sign in with Google"),
      onOff("social.facebook.enable", "Sign in with Facebook"),
      onOff("social.twitter.enable", "Sign in with X"),
      onOff("social.envato.enable", "Sign in with Envato"),
      onOff("social.compact_buttons", "Compact social buttons"),
    ],
  },
  {
    id: "billing",
    label: "Billing",
    description: "Subscriptions and the payment provider.",
    status: ["billingProvider"],
    fields: [onOff("billing.enable", "Enable billing", "Pricing, checkout and the billing page. While off they answer 404.")],
  },
  {
    id: "uploads",
    label: "Uploads",
    description: "Limits and file types for every upload, and how files travel.",
    fields: [
      { kind: "megabytes", key: "uploads.max_size", label: "Largest file (MB)", description: "A role's files.create restriction can lower it." },
      {
        kind: "lines",
        key: "uploads.allowed_extensions",
        label: "Allowed types",
        description: "One per line: an extension (pdf) or a mime pattern (image/*). Empty allows every type that is not blocked.",
      },
      { kind: "lines", key: "uploads.blocked_extensions", label: "Blocked types", description: "One per line: an extension or a mime pattern." },
      onOff("uploads.chunk", "Resumable uploads", "Files of 4 MB or more upload in chunks that resume after an interruption."),
      { kind: "megabytes", key: "uploads.chunk_size", label: "Chunk size (MB)", description: "A multiple of 5 MB avoids buffering; at most 95 MB." },
      onOff("uploads.direct_upload", "Direct upload", "Browsers upload to storage through signed addresses, large files in parts."),
    ],
  },
  {
    id: "mail",
    label: "Mail",
    description: "Where mail comes from and where contact messages go.",
    status: ["mailTransport"],
    actions: [{ intent: "test-mail", label: "Send a test mail to me" }],
    fields: [{ kind: "email", key: "contact.email", label: "Contact form messages go to", description: "Empty: the MAIL_CONTACT_TO variable, else contact@ this site's host." }],
  },
  {
    id: "human-check",
    label: "Human check",
    description: "Cloudflare Turnstile before registration and contact messages.",
    status: ["humanCheckSecret"],
    fields: [
      { kind: "text", key: "recaptcha.site_key", label: "Site key", description: "Public. The secret key is a Worker secret (TURNSTILE_SECRET_KEY)." },
      onOff("recaptcha.enable.register", "Check on registration"),
      onOff("recaptcha.enable.contact", "Check on the contact form"),
      onOff("recaptcha.enable.comments", "Check on reviews and comments"),
    ],
  },
  {
    id: "community",
    label: "Reviews and comments",
    description: "Posts held for a moderator before they are shown (the queue is under Moderation).",
    fields: [
      onOff("community.hold_new_accounts", "Hold posts from new accounts", "Reviews and comments of accounts younger than a week wait for approval."),
      { kind: "lines", key: "community.held_words", label: "Words that hold a post", description: "One per line, matched as whole words regardless of case." },
      {
        kind: "select",
        key: "ratings.site_min_votes",
        label: "Votes before cards show members' average",
        description: "Below this many votes, title cards show the IMDb or TMDB rating, named, instead of this site's members' average.",
        numeric: true,
        options: { static: ["1", "3", "5", "10", "25", "50", "100"].map((value) => ({ value, label: value })) },
      },
    ],
  },
  {
    id: "cookie-notice",
    label: "Cookie notice",
    description: "The bar that tells visitors about cookies.",
    fields: [
      onOff("cookie_notice.enable", "Show the cookie notice"),
      {
        kind: "select",
        key: "cookie_notice.position",
        label: "Position",
        options: {
          static: [
            { value: "bottom", label: "Bottom" },
            { value: "top", label: "Top" },
          ],
        },
      },
      { kind: "cookieButton", key: "cookie_notice.button", label: "Extra link", description: "Leave the label empty for no link." },
    ],
  },
  {
    id: "localization",
    label: "Localization",
    description: "Languages and the default time zone.",
    fields: [
      onOff("i18n.enable", "Let visitors choose their language"),
      { kind: "select", key: "i18n.default_localization", label: "Default language", options: { from: "localizations" } },
      { kind: "select", key: "dates.default_timezone", label: "Default time zone", options: { from: "timeZones" } },
    ],
  },
  {
    id: "ads",
    label: "Ads",
    description: "HTML for the five ad slots. Scripts run with the page's nonce; leave a slot empty to hide it.",
    fields: [
      { kind: "code", key: "ads.general_top", label: "General pages, top", description: "Best at 150 px high, or responsive.", rows: 5, language: "html" },
      { kind: "code", key: "ads.general_bottom", label: "General pages, bottom", description: "Best at 150 px high, or responsive.", rows: 5, language: "html" },
      { kind: "code", key: "ads.title_top", label: "Title page, after the plot", description: "Best at 850 px wide.", rows: 5, language: "html" },
      { kind: "code", key: "ads.person_top", label: "Person page, after the biography", description: "Best at 850 px wide.", rows: 5, language: "html" },
      { kind: "code", key: "ads.watch_top", label: "Watch page, below the player", description: "As wide as possible.", rows: 5, language: "html" },
    ],
  },
  {
    id: "themes",
    label: "Themes",
    description: "Which theme visitors get and whether they may switch. Colours and fonts are edited in the appearance editor.",
    fields: [
      onOff("themes.user_change", "Let visitors switch between light and dark"),
      { kind: "select", key: "themes.default_id", label: "Default theme", options: { from: "themes" }, numeric: true },
    ],
  },
  {
    id: "custom-code",
    label: "Custom code",
    description: "CSS and HTML added to every page of the public site.",
    status: ["customCodeSafety"],
    fields: [
      { kind: "code", key: "custom_code.css", label: "Custom CSS", rows: 10, language: "css" },
      { kind: "code", key: "custom_code.html", label: "Custom HTML", description: "Added at the end of every page.", rows: 10, language: "html" },
      onOff("custom_code.allow_scripts", "Allow scripts in custom HTML", "Scripts then run on every page with its security nonce. Off: script tags and event handlers are removed."),
    ],
  },
  {
    id: "integrations",
    label: "API and notifications",
    description: "Features that can be switched off as a whole.",
    fields: [
      onOff("api.integrated", "API", "API tokens in account settings, the API documentation and api/v1 with tokens."),
      {
        kind: "lines",
        key: "api.cors_origins",
        label: "Origins allowed to call the API from a browser",
        description: "One per line, such as https://app.example.com (or * for any). Pages on these origins may call api/v1 with an API token; cookies are never shared with them. Empty: none.",
      },
      onOff("notif.integrated", "Notifications"),
      onOff("notif.subs.integrated", "Notification preferences", "People choose per channel which notifications they get."),
      onOff("debug.admin_traces", "Debug traces for administrators", "Administrators see the full error dialog in production too."),
    ],
  },
  {
    id: "tmdb",
    label: "TMDB import",
    description: "Importing titles and people from The Movie Database (the API key is the TMDB_API_KEY secret).",
    fields: [
      {
        kind: "text",
        key: "tmdb.region",
        label: "Default region",
        description: "Two-letter country code: certifications are imported for it, and visitors without an account country see where to watch there.",
        placeholder: "US",
      },
      onOff("tmdb.include_specials", "Import specials", "Season 0 of series."),
      {
        kind: "select",
        key: "tmdb.refresh_days",
        label: "Refresh imported titles",
        description: "The scheduled job re-imports titles whose TMDB data is older than this, and series still airing.",
        numeric: true,
        options: {
          static: [
            { value: "0", label: "Never" },
            { value: "1", label: "After a day" },
            { value: "7", label: "After a week" },
            { value: "30", label: "After a month" },
          ],
        },
      },
      onOff("tmdb.search_fallback", "Search also asks TMDB", "A search with few results here offers TMDB's matches; opening one imports it."),
      onOff(
        "tmdb.copy_images",
        "Copy images into storage",
        "Imports and refreshes copy posters, backdrops, profiles and stills into the site's R2 bucket and serve them from the site; off, they are served from TMDB's image server.",
      ),
    ],
  },
  {
    id: "demo",
    label: "Demo mode",
    description: "For public demos of the site.",
    fields: [onOff("site.demo", "Demo site", "The sign-in form is filled in with a demo account.")],
  },
];

export function findSettingsGroup(id: string) {
  return SETTINGS_GROUPS.find((group) => group.id === id) ?? null;
}
