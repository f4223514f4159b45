import { z } from "zod";
import { menuSchema, type Menu } from "~/menus/menu";
import { SITE_RATING_MIN_VOTES } from "~/constants";
import { CORS_ORIGIN_PATTERN } from "~/http/cors";

/**
 * Every site setting: its schema, its default, and whether the browser may see
 * it. Values are stored as JSON under the dotted key; a stored value that no
 * longer matches its schema is ignored in favour of the default.
 */
function setting<S extends z.ZodType, V extends "public" | "server" = "public">(schema: S, defaultValue: z.infer<S>, visibility: V = "public" as V) {
  return { schema, default: defaultValue, public: (visibility === "public") as V extends "public" ? true : false };
}

const policySchema = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9_-]+$/i)
    .max(40),
  label: z.string().min(1).max(120),
  link: z.string().max(2000).optional(),
});
export type Policy = z.infer<typeof policySchema>;

/** Whether the registration form asks for first and last name: not at all, optionally, or as required fields. */
export const REGISTRATION_NAME_FIELDS = ["off", "optional", "required"] as const;
export type RegistrationNameFields = (typeof REGISTRATION_NAME_FIELDS)[number];

const ctaSchema = z.object({
  label: z.string().max(80),
  action: z.string().max(2000),
  type: z.enum(["link", "route"]).default("route"),
  icon: z.string().max(64).optional(),
});

const featureSchema = z.object({
  image: z.string().max(2000).optional(),
  title: z.string().max(200),
  subtitle: z.string().max(200).optional(),
  description: z.string().max(2000),
});

export const landingContentSchema = z.object({
  headerTitle: z.string().max(200),
  headerSubtitle: z.string().max(500),
  headerImage: z.string().max(2000),
  headerImageOpacity: z.number().min(0).max(1),
  headerOverlayColor1: z.string().max(64),
  headerOverlayColor2: z.string().max(64),
  blurHeaderImage: z.boolean(),
  actions: z.object({ cta1: ctaSchema, cta2: ctaSchema, cta3: ctaSchema }),
  primaryFeatures: z.array(featureSchema).max(12),
  secondaryFeatures: z.array(featureSchema).max(12),
  pricingTitle: z.string().max(200),
  pricingSubtitle: z.string().max(500),
  footerTitle: z.string().max(200),
  footerSubtitle: z.string().max(500),
  footerImage: z.string().max(2000),
});
export type LandingContent = z.infer<typeof landingContentSchema>;

const adHtml = z.string().max(20_000);

/** An upload type rule: an extension ("pdf", ".pdf") or a mime pattern ("image/*", "text/html"). */
const uploadTypePattern = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^\.?[a-z0-9+_-]{1,32}$|^[a-z0-9.+-]{1,64}\/([a-z0-9.+-]{1,128}|\*)$/);

export const HOMEPAGE_TYPES = ["landingPage", "loginPage", "registerPage", "customPage", "channel"] as const;
export type HomepageType = (typeof HOMEPAGE_TYPES)[number];

const defaultMenus: Menu[] = [
  {
    id: "primary",
    name: "Primary",
    positions: ["custom-page-navbar", "landing-page-navbar"],
    items: [
      { id: "movies", label: "Movies", action: "/titles?type=movie", type: "route", target: "_self", roles: [], permissions: ["titles.view"], settings: [] },
      { id: "series", label: "Series", action: "/titles?type=series", type: "route", target: "_self", roles: [], permissions: ["titles.view"], settings: [] },
      { id: "people", label: "People", action: "/people", type: "route", target: "_self", roles: [], permissions: ["titles.view"], settings: [] },
      { id: "pricing", label: "Pricing", action: "/pricing", type: "route", target: "_self", roles: [], permissions: [], settings: ["billing.enable"], subscriptionStatus: "unsubscribed" },
    ],
  },
  {
    id: "footer",
    name: "Footer",
    positions: ["footer"],
    items: [
      { id: "privacy", label: "Privacy policy", action: "/pages/privacy-policy", type: "route", target: "_self", roles: [], permissions: [], settings: [] },
      { id: "terms", label: "Terms of service", action: "/pages/terms-of-service", type: "route", target: "_self", roles: [], permissions: [], settings: [] },
      { id: "contact", label: "Contact us", action: "/contact", type: "route", target: "_self", roles: [], permissions: [], settings: [] },
      { id: "api", label: "API", action: "/api-docs", type: "route", target: "_self", roles: [], permissions: ["api.access"], settings: ["api.integrated"] },
      // TMDB's attribution, shown once TMDB data is (the first import sets tmdb.attribution; decision 019).
      {
        id: "tmdb",
        label: "This product uses the TMDB API but is not endorsed or certified by TMDB.",
        action: "/data-sources",
        type: "route",
        target: "_self",
        roles: [],
        permissions: [],
        settings: ["tmdb.attribution"],
      },
    ],
  },
  {
    id: "auth-footer",
    name: "Auth page footer",
    positions: ["auth-page-footer"],
    items: [
      { id: "privacy", label: "Privacy", action: "/pages/privacy-policy", type: "route", target: "_self", roles: [], permissions: [], settings: [] },
      { id: "terms", label: "Terms", action: "/pages/terms-of-service", type: "route", target: "_self", roles: [], permissions: [], settings: [] },
    ],
  },
];

export const settingDefinitions = {
  "dates.default_timezone": setting(z.string().max(64), "UTC"),
  "branding.site_name": setting(z.string().min(1).max(80), "Reelbase"),
  "branding.site_description": setting(z.string().max(300), "Films, series and the people who make them: browse the catalogue, watch trailers and keep up with what is trending."),
  "branding.logo_light": setting(z.string().max(2000), "/images/logo-light.svg"),
  "branding.logo_dark": setting(z.string().max(2000), "/images/logo-dark.svg"),
  "branding.logo_light_mobile": setting(z.string().max(2000), "/images/logo-mobile-light.svg"),
  "branding.logo_dark_mobile": setting(z.string().max(2000), "/images/logo-mobile-dark.svg"),
  "branding.favicon": setting(z.string().max(2000), "/favicon.svg"),
  "registration.disable": setting(z.boolean(), false),
  "registration.require_email_confirmation": setting(z.boolean(), true),
  "registration.policies": setting(z.array(policySchema).max(10), [
    { id: "terms", label: "Terms of service", link: "/pages/terms-of-service" },
    { id: "privacy", label: "Privacy policy", link: "/pages/privacy-policy" },
  ]),
  // Off by default: the username is the public name (decision 043); an admin may still ask for names.
  "registration.name_fields": setting(z.enum(REGISTRATION_NAME_FIELDS), "off"),
  "auth.default_redirect": setting(z.string().max(2000), "/"),
  "social.google.enable": setting(z.boolean(), false),
  "social.facebook.enable": setting(z.boolean(), false),
  "social.twitter.enable": setting(z.boolean(), false),
  "social.envato.enable": setting(z.boolean(), false),
  "social.compact_buttons": setting(z.boolean(), false),
  "recaptcha.site_key": setting(z.string().max(200), ""),
  "recaptcha.enable.register": setting(z.boolean(), false),
  "recaptcha.enable.contact": setting(z.boolean(), false),
  "recaptcha.enable.comments": setting(z.boolean(), false),
  // Reviews and comments (decision 025): hold new accounts' posts for approval; words that hold a post.
  "community.hold_new_accounts": setting(z.boolean(), false, "server"),
  "community.held_words": setting(z.array(z.string().trim().min(1).max(100)).max(500), [], "server"),
  "billing.enable": setting(z.boolean(), true),
  "notif.integrated": setting(z.boolean(), true),
  "notif.subs.integrated": setting(z.boolean(), true),
  "i18n.enable": setting(z.boolean(), true),
  "i18n.default_localization": setting(z.string().max(16), "en"),
  "themes.user_change": setting(z.boolean(), true),
  "themes.default_id": setting(z.number().int().nonnegative(), 0),
  /** A channel (decision 022) by default: the seeded "home" channel; the landing page when it is missing. */
  "homepage.type": setting(z.enum(HOMEPAGE_TYPES), "channel"),
  /** The channel's slug when the homepage type is channel. */
  "homepage.channel": setting(z.string().max(200), "home"),
  /** The custom page slug when the homepage type is customPage. */
  "homepage.value": setting(z.string().max(200), ""),
  "homepage.appearance": setting(landingContentSchema, {
    headerTitle: "Every film. Every series. Every face behind them.",
    headerSubtitle: "Browse thousands of titles, follow the people who make them, and watch trailers the moment they drop.",
    headerImage: "/images/landing-header.svg",
    headerImageOpacity: 0.5,
    headerOverlayColor1: "rgba(12, 10, 29, 0.85)",
    headerOverlayColor2: "rgba(76, 29, 149, 0.55)",
    blurHeaderImage: false,
    actions: {
      cta1: { label: "Browse the catalogue", action: "/titles", type: "route" },
      cta2: { label: "Create a free account", action: "/register", type: "route" },
      cta3: { label: "Get started", action: "/register", type: "route" },
    },
    primaryFeatures: [
      { title: "A catalogue that goes deep", description: "Films and series with full cast and crew, seasons, episodes, ratings and release facts." },
      { title: "Watch trailers anywhere", description: "An accessible player that works on every screen, with clips and featurettes for each title." },
      { title: "Find anything fast", description: "Search titles and people as you type, or browse by genre, year, rating and certification." },
    ],
    secondaryFeatures: [
      {
        title: "Follow the people behind the work",
        subtitle: "Filmographies",
        description: "Every actor, director and writer has a page with a biography and a filmography grouped by department and year.",
      },
      { title: "Always know what is trending", subtitle: "Trending", description: "What visitors watch and open most, recalculated through the day." },
    ],
    pricingTitle: "Simple, transparent pricing",
    pricingSubtitle: "Start free. Upgrade when you want more.",
    footerTitle: "Ready to dive in?",
    footerSubtitle: "Create an account in seconds and start building your watchlist.",
    footerImage: "/images/landing-footer.svg",
  }),
  "homepage.pricing": setting(z.boolean(), true),
  "homepage.trending": setting(z.boolean(), true),
  "cookie_notice.enable": setting(z.boolean(), true),
  "cookie_notice.position": setting(z.enum(["top", "bottom"]), "bottom"),
  "cookie_notice.button": setting(z.object({ label: z.string().max(80), link: z.string().max(2000) }).nullable(), { label: "Privacy policy", link: "/pages/privacy-policy" }),
  "api.integrated": setting(z.boolean(), true),
  /** Origins whose pages may call api/v1 with a token (CORS, decision 036): "https://app.example", or "*"; empty: none. */
  "api.cors_origins": setting(z.array(z.string().max(255).regex(CORS_ORIGIN_PATTERN, "An origin: https://host or https://host:port, or *.")).max(50), [], "server"),
  /** Admins see debug traces (the error dialog) in production too; local development always shows them. */
  "debug.admin_traces": setting(z.boolean(), false, "server"),
  /** Where contact form messages are mailed; empty: MAIL_CONTACT_TO, else contact@<site host>. */
  "contact.email": setting(z.union([z.literal(""), z.email().max(255)]), "", "server"),
  "site.demo": setting(z.boolean(), false),
  // Custom code (appearance editor): CSS in a <style> of every page, HTML at the end of <body>.
  "custom_code.css": setting(z.string().max(100_000), "", "server"),
  "custom_code.html": setting(z.string().max(100_000), "", "server"),
  /** Scripts in the custom HTML run (with the page's CSP nonce) only when this is on; otherwise they are removed. */
  "custom_code.allow_scripts": setting(z.boolean(), false, "server"),
  menus: setting(z.array(menuSchema).max(50), defaultMenus),
  "ads.general_top": setting(adHtml, "", "server"),
  "ads.general_bottom": setting(adHtml, "", "server"),
  "ads.title_top": setting(adHtml, "", "server"),
  "ads.person_top": setting(adHtml, "", "server"),
  "ads.watch_top": setting(adHtml, "", "server"),
  // Uploads (spec sections 5 and 9; docs/decisions/008-uploads-on-r2.md).
  /** Largest file anyone may upload, in bytes (a role's files.create max_size_mb can lower it). */
  "uploads.max_size": setting(
    z
      .number()
      .int()
      .positive()
      .max(5 * 1024 ** 4),
    2 * 1024 ** 3,
  ),
  /** When not empty, only these types: extensions ("pdf") or mime patterns ("image/*"). */
  "uploads.allowed_extensions": setting(z.array(uploadTypePattern).max(200), []),
  /** Never these types: extensions or mime patterns. */
  "uploads.blocked_extensions": setting(z.array(uploadTypePattern).max(200), [
    "exe",
    "msi",
    "dll",
    "com",
    "scr",
    "bat",
    "cmd",
    "ps1",
    "vbs",
    "jar",
    "sh",
    "php",
    "phtml",
    "phar",
    "html",
    "htm",
    "xhtml",
    "shtml",
    "js",
    "mjs",
    "hta",
    "application/x-msdownload",
    "application/x-dosexec",
    "application/x-sh",
    "text/html",
    "application/xhtml+xml",
  ]),
  /** Files of 4 MB or more upload in resumable chunks (tus) unless this is off. */
  "uploads.chunk": setting(z.boolean(), true),
  /** Bytes per tus PATCH; a multiple of 5 MiB avoids buffering (kept under Cloudflare's 100 MB request limit). */
  "uploads.chunk_size": setting(
    z
      .number()
      .int()
      .min(1024 * 1024)
      .max(95 * 1024 * 1024),
    5 * 1024 * 1024,
  ),
  /** Upload straight to storage with signed URLs (multipart from 100 MB) instead of through the API. */
  "uploads.direct_upload": setting(z.boolean(), false),
  // TMDB import (decision 019). The API key is a secret (TMDB_API_KEY), not a setting.
  /** The site's default region (ISO 3166-1): certifications are kept for it, and visitors without an account country see where to watch there. */
  "tmdb.region": setting(z.string().regex(/^[A-Z]{2}$/), "US", "server"),
  /** Import season 0 (specials) of series. */
  "tmdb.include_specials": setting(z.boolean(), false, "server"),
  /** The scheduled refresh re-imports titles whose TMDB data is older than this many days (0: never; airing series too). */
  "tmdb.refresh_days": setting(z.number().int().min(0).max(365), 7, "server"),
  /** A search with few local results also offers TMDB's matches; opening one imports it. */
  "tmdb.search_fallback": setting(z.boolean(), false, "server"),
  /** Copy imported images (posters, backdrops, profiles, stills) into the FILES bucket and serve them from the site (default: served from TMDB_IMAGE_URL). */
  "tmdb.copy_images": setting(z.boolean(), false, "server"),
  /** Set by the first TMDB import: the footer then carries TMDB's attribution (their terms ask for it while their data is shown). */
  "tmdb.attribution": setting(z.boolean(), false),
  /** Cards show the site's own average from this many votes; below, the external rating (decision 029). */
  "ratings.site_min_votes": setting(z.number().int().min(1).max(100_000), SITE_RATING_MIN_VOTES),
};

export type SettingKey = keyof typeof settingDefinitions;
export type Settings = { [K in SettingKey]: z.infer<(typeof settingDefinitions)[K]["schema"]> };

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(settingDefinitions, key);
}

export function defaultSettings(): Settings {
  const out = {} as Record<string, unknown>;
  for (const [key, def] of Object.entries(settingDefinitions)) out[key] = structuredClone(def.default);
  return out as Settings;
}

/** Keys the browser may see. */
export type PublicSettingKey = {
  [K in SettingKey]: (typeof settingDefinitions)[K]["public"] extends true ? K : never;
}[SettingKey];

type PathToObject<P extends string, V> = P extends `${infer Head}.${infer Rest}` ? { [K in Head]: PathToObject<Rest, V> } : { [K in P]: V };
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The settings `K` nested by their dotted keys ("branding.site_name" becomes branding.site_name). */
export type NestedSettings<K extends SettingKey> = UnionToIntersection<{ [P in K]: PathToObject<P, Settings[P]> }[K]>;

/** Public settings nested by their dotted keys, as the browser receives them. */
export type NestedPublicSettings = NestedSettings<PublicSettingKey>;
