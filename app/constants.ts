/**
 * The product specification's numbers, in one place. Each says what it is for.
 * Anything that depends on configuration lives in settings, not here.
 */

// --- Time ---------------------------------------------------------------
/** Client-side data queries are fresh for this long. */
export const QUERY_STALE_TIME_MS = 30_000;
/** Client-side data queries retry this often, except on 401/403/404. */
export const QUERY_RETRY_COUNT = 2;
/** Navigation progress indicator: wait before showing it. */
export const SPINNER_DELAY_MS = 500;
/** Navigation progress indicator: once shown, keep it at least this long. */
export const SPINNER_MIN_DURATION_MS = 200;
/** Tooltips open after this delay. */
export const TOOLTIP_DELAY_MS = 1500;
/** Tooltips stay this long after the pointer leaves. */
export const TOOLTIP_CLOSE_DELAY_MS = 500;
/** Hover popovers close this long after the pointer leaves. */
export const POPOVER_HOVER_CLOSE_DELAY_MS = 150;
/** Type-ahead in lists resets after this pause in typing. */
export const TYPEAHEAD_RESET_MS = 500;
/** "Copied!" feedback after copying to the clipboard. */
export const COPY_FEEDBACK_MS = 1000;

// --- Toasts ----------------------------------------------------------------
/** Positive and default toasts close after this long. */
export const TOAST_DURATION_DEFAULT_MS = 3000;
/** Danger toasts stay longer so they can be read. */
export const TOAST_DURATION_DANGER_MS = 8000;
/** Toast width bounds in CSS pixels. */
export const TOAST_MIN_WIDTH_PX = 288;
export const TOAST_MAX_WIDTH_PX = 500;

// --- Layout ----------------------------------------------------------------
/** The active-sessions list scrolls within this height. */
export const SESSION_LIST_MAX_HEIGHT_PX = 400;

// --- Cookies -----------------------------------------------------------------
/** The cookie notice remembers its dismissal this long. */
export const COOKIE_NOTICE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Other preference cookies (theme, workspace, language) last this long. */
export const PREFERENCE_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;
export const COOKIE_NOTICE_COOKIE = "cookie_notice";
export const THEME_COOKIE = "be-active-theme";
export const LANGUAGE_COOKIE = "be-locale";
export const ACTIVE_WORKSPACE_COOKIE = "activeWorkspaceId";
/** Remembers the visitor's D1 session bookmark so reads see their own writes. */
export const D1_BOOKMARK_COOKIE = "d1-bookmark";
/** One-shot toast carried across a redirect. */
export const FLASH_TOAST_COOKIE = "flash-toast";
/** The session cookie (app/auth/sessions.server.ts); the guest page cache skips requests that carry it. */
export const SESSION_COOKIE = "session";
/** The browser's time zone, set by the browser, so the server can render "auto" time zones in it. */
export const TIME_ZONE_HINT_COOKIE = "be-timezone";
/** The time-zone hint is sent when the browser is idle after hydration, at the latest this long after it (app/i18n/time-zone-hint.tsx). */
export const TIME_ZONE_HINT_IDLE_TIMEOUT_MS = 2_000;

// --- Accounts ------------------------------------------------------------------
/** E-mail verification codes have this many digits. */
export const VERIFICATION_CODE_LENGTH = 6;
/** Two-factor codes have this many digits. */
export const TWO_FACTOR_CODE_LENGTH = 6;
/** Recovery codes: 10 characters, a dash, 10 characters. */
export const RECOVERY_CODE_LENGTH = 21;
/** A confirmed password lets sensitive actions proceed without asking again for this long. */
export const PASSWORD_CONFIRMATION_WINDOW_S = 9000;
/** "Stay signed in for a month". */
export const REMEMBER_ME_MAX_AGE_S = 30 * 24 * 60 * 60;
/** A session without "stay signed in" ends after this long without a request. */
export const BROWSER_SESSION_IDLE_TIMEOUT_S = 12 * 60 * 60;
/** Sessions record their last activity at most this often (saves a write per request). */
export const SESSION_TOUCH_INTERVAL_S = 5 * 60;
/** E-mail verification codes expire after this long. */
export const VERIFICATION_CODE_TTL_S = 15 * 60;
/** Password reset links expire after this long (60 minutes). */
export const PASSWORD_RESET_TTL_S = 60 * 60;
/**
 * Work whose length would tell whether an address has an account (the mail,
 * the link, the security log) waits this long after the answer, so it cannot
 * delay the answer's delivery on the same isolate (decision 021).
 */
export const AFTER_ANSWER_DELAY_MS = 25;
/** How long the mailed "finish creating your account" link works (decision 021). */
export const REGISTRATION_LINK_TTL_S = 24 * 60 * 60;
/** A member's username (decision 043): 3 to 20 of [a-z0-9_], the profile address's slug. */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
/** The two-factor step of a sign-in must be finished within this long. */
export const TWO_FACTOR_CHALLENGE_TTL_S = 10 * 60;

// Failed sign-ins and two-factor codes per account (decision 021).
/** Failures in a day before each attempt has to wait. */
export const THROTTLE_FREE_FAILURES = 5;
/** Failures in a day that lock sign-in (or the two-factor step) until the day is over. */
export const THROTTLE_LOCK_FAILURES = 20;
/** The wait after the 5th failure, doubling with each further one... */
export const THROTTLE_BASE_DELAY_S = 30;
/** ...up to this. */
export const THROTTLE_MAX_DELAY_S = 60 * 60;
/** The rolling window the failures are counted in. */
export const THROTTLE_WINDOW_S = 24 * 60 * 60;
/** A known device's cookie (OWASP "device cookies"): a year. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** A pending social sign-in waiting for the existing account's password lasts this long. */
export const SOCIAL_CONNECT_TTL_S = 10 * 60;
/** Wrong codes allowed against one verification code, reset link or two-factor challenge before it is void. */
export const VERIFICATION_MAX_ATTEMPTS = 5;
/** Recovery codes issued when two-factor authentication is confirmed or the codes are regenerated. */
export const RECOVERY_CODE_COUNT = 8;
/** TOTP (RFC 6238): 30-second steps, codes from one step before or after are accepted. */
export const TOTP_PERIOD_S = 30;
export const TOTP_WINDOW_STEPS = 1;
/** Billing's pricing page remembers the chosen plan here ("<productId>:<priceId>") so sign-in can continue to checkout. */
export const ONBOARDING_SELECTION_COOKIE = "onboarding-selection";
/** The social sign-in popup's size (550 wide, 650 high). */
export const SOCIAL_POPUP_WIDTH_PX = 550;
export const SOCIAL_POPUP_HEIGHT_PX = 650;
/** Profile images may not be larger than this. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Avatar form posts may carry this much (a 2 MB image plus form overhead, or a bit more so an oversized image still gets a clear message instead of 413). */
export const AVATAR_REQUEST_MAX_BYTES = 8 * 1024 * 1024;
/** Avatars wider or taller than this, or with more pixels than the next, are refused (a decompression bomb can be a small file). */
export const AVATAR_MAX_DIMENSION_PX = 6000;
export const AVATAR_MAX_PIXELS = 25_000_000;
/** The browser downsizes a chosen avatar to fit this square before uploading (the page shows it at most 96 px wide, 2x for sharp screens). */
export const AVATAR_UPLOAD_SIZE_PX = 512;
/** An API token's "last used" time is written at most this often. */
export const ACCESS_TOKEN_TOUCH_INTERVAL_S = 60;
/** A token without expiry keeps its "API Token" session this long after its last use; the next use starts a new one. */
export const API_SESSION_LIFETIME_S = 30 * 24 * 60 * 60;
/** API token names, as GitHub allows for personal tokens. */
export const ACCESS_TOKEN_NAME_MAX_LENGTH = 100;

// --- Lists -------------------------------------------------------------------------
/** Notifications page size. */
export const NOTIFICATIONS_PAGE_SIZE = 30;

// --- Billing -------------------------------------------------------------------------
/** The "Save up to" figure ignores savings above this percentage. */
export const SAVE_UP_MAX_PERCENT = 200;
/** The onboarding choice (ONBOARDING_SELECTION_COOKIE) is kept this long, like other preference cookies. */
export const BILLING_ONBOARDING_MAX_AGE_S = 7 * 24 * 60 * 60;
/** A provider checkout session stays usable this long (Stripe Checkout's default is 24 hours). */
export const CHECKOUT_SESSION_TTL_S = 24 * 60 * 60;
/** A webhook event claimed by a request that then crashed may be claimed again after this long. */
export const BILLING_EVENT_CLAIM_TIMEOUT_S = 60;
/** Stripe retries webhooks for up to 3 days; processed event ids are kept longer than that. */
export const BILLING_EVENT_RETENTION_DAYS = 30;
/** Stripe's tolerance for a webhook signature's timestamp (replayed or delayed deliveries are refused). */
export const STRIPE_WEBHOOK_TOLERANCE_S = 300;

// --- Uploads ---------------------------------------------------------------------------
/** Files this large or larger upload in chunks through tus. */
export const CHUNKED_UPLOAD_THRESHOLD_BYTES = 4 * 1024 * 1024;
/** Files this large or larger use multipart upload when direct upload is on. */
export const MULTIPART_UPLOAD_THRESHOLD_BYTES = 100 * 1024 * 1024;
/** Multipart part size floor and preferred size. */
export const MULTIPART_MIN_PART_BYTES = 5 * 1024 * 1024;
export const MULTIPART_PREFERRED_PART_BYTES = 20 * 1024 * 1024;
/** Parts per upload that S3 (and R2) allow; part size grows to stay under it. */
export const MULTIPART_MAX_PARTS = 10_000;
/** At most this many part URLs signed in one call. */
export const MULTIPART_SIGN_BATCH_SIZE = 10;
/** Parts uploaded in parallel. */
export const MULTIPART_PARALLEL_PARTS = 5;
/** Uploads running at once. */
export const UPLOAD_CONCURRENCY = 3;
/** An upload with no progress for this long fails with "Upload timed out". */
export const UPLOAD_INACTIVITY_TIMEOUT_MS = 30_000;
/** Resumable upload retry delays. */
export const TUS_RETRY_DELAYS_MS = [0, 3000, 5000, 10000, 20000];
/** A tus upload with no activity for this long expires (tus expiration extension) and is cleaned up. */
export const TUS_UPLOAD_EXPIRY_S = 24 * 60 * 60;
/** A multipart or presigned upload never completed within this long counts as abandoned and is removed. */
export const UPLOAD_SESSION_EXPIRY_S = 24 * 60 * 60;
/** Files in the trash this long are deleted for good, with their R2 objects, by the scheduled uploads job. */
export const TRASH_RETENTION_DAYS = 30;
/** A direct upload's request body may not be larger: Cloudflare refuses bodies over 100 MB on most plans, so larger files go in parts. */
export const DIRECT_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
/** The browser sends files larger than this in parts (tus or multipart), never in one request: room for the form's own bytes. */
export const SINGLE_REQUEST_UPLOAD_MAX_FILE_BYTES = 99 * 1024 * 1024;
/** Signed part and object URLs work for this long; the uploader signs again when one has expired. */
export const SIGNED_UPLOAD_URL_TTL_S = 60 * 60;
/** A tus PATCH holds its upload this long (renewed while bytes flow); a second writer meanwhile gets 423. */
export const UPLOAD_LOCK_LEASE_MS = 120_000;
/** R2 (like S3) refuses parts larger than this. */
export const R2_MAX_PART_BYTES = 5 * 1024 * 1024 * 1024;
/** Client metadata stored with an upload, as JSON, may not exceed this. */
export const UPLOAD_METADATA_MAX_BYTES = 4096;
/** Tus version this server speaks (the only one). */
export const TUS_VERSION = "1.0.0";

// --- Requests --------------------------------------------------------------------------------
/** Bodies of ordinary form and JSON requests may not exceed this; upload endpoints set their own. */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;
/** Settings are re-read from the database at least this often in each isolate. */
export const SETTINGS_CACHE_TTL_MS = 15_000;
/**
 * A signed-in visitor's user, session, roles, permissions, subscriptions and
 * workspaces are kept per isolate for at most this long, by session id, for
 * GET and HEAD requests (decision 028). Writes in the same isolate drop them at
 * once; in other isolates a sign-out everywhere, a ban or a role change takes
 * effect for reading pages within this time (write requests always read fresh).
 */
export const SIGNED_IN_CACHE_TTL_MS = 5_000;
/** At most this many sessions are kept per isolate (the oldest kept is dropped first). */
export const SIGNED_IN_CACHE_MAX_SESSIONS = 2_000;

// --- Public catalogue pages ----------------------------------------------------------------------
/** The navbar type-ahead asks the server only once the query has this many characters (1-letter prefixes match half the catalogue). */
export const SUGGEST_MIN_QUERY_LENGTH = 2;
/** Pause in typing before the type-ahead asks the server. */
export const SUGGEST_DEBOUNCE_MS = 150;
/** Suggestions shown under the navbar search box. */
export const SUGGEST_LIMIT = 8;
/** Results per kind on /search. */
export const SEARCH_RESULTS_PER_KIND = 20;
/** Titles or people per page on /titles and /people. */
export const BROWSE_PAGE_SIZE = 24;
/**
 * A browse page's count with a genre filter reads at most this many of the
 * genres' title links (one title row each): the count's cost stays flat as
 * the catalogue grows (decision 026; at 1,000,000 titles a genre has ~100,000
 * links and an exact count took ~110 ms; 5,000 links still cost ~16 ms there
 * and the genre filter mix grew 1.7x). Past it the page says "More than N
 * results" with N the matches among the links read. A genre of the demo
 * catalogue has at most ~850 links and one of a 10k catalogue ~1,050, so
 * their counts stay exact.
 */
export const BROWSE_COUNT_GENRE_LINKS = 2_000;

/**
 * How long an isolate keeps the filters /titles offers (genres with titles, a region's providers, whether
 * TMDB ratings exist) before reading them again: as long as a guest's page copy (GUEST_PAGE_CACHE_TTL_MS),
 * so no page shows options older than a cached page would (decision 046).
 */
export const BROWSE_OPTIONS_TTL_MS = 30_000;
/** Regions whose browse options an isolate keeps at once. */
export const BROWSE_OPTIONS_MAX_REGIONS = 64;
/**
 * How long an isolate keeps the home page's channel (its rows and their items, the same for every visitor)
 * before reading it again: as long as a guest's page copy (GUEST_PAGE_CACHE_TTL_MS), so a member's home page
 * is never older than a guest's (decision 048).
 */
export const HOME_CHANNEL_TTL_MS = 30_000;

/**
 * How long an isolate plans searches from the typo index's rows it read (decision 046): a name indexed by
 * another isolate or the scheduled job counts as a typo correction here within this, as long as a guest's
 * cached page takes to show it. Names written since the index read them are always found (search.server.ts).
 */
export const SEARCH_VOCABULARY_TTL_MS = 30_000;
/** Typo-index variants an isolate keeps at once (about 100 per query word; a few MB at most). */
export const SEARCH_VOCABULARY_MAX_VARIANTS = 20_000;
/** Top-billed cast and key crew on a title page; the rest is on the full-credits page. */
export const TITLE_TOP_CAST = 12;
/**
 * Title views and video plays wait this long in the isolate, so the views of
 * many requests go to D1 together: one batch instead of one write per view
 * (decision 026). The request that found the buffer empty keeps the write alive
 * (ctx.waitUntil), so nothing is lost when its answer is sent; at worst an
 * isolate that fails in between loses this much of its counts.
 */
export const VIEW_FLUSH_DELAY_MS = 500;
/** A buffer this full is written at once, without waiting for the delay. */
export const VIEW_BUFFER_MAX = 500;
/** Views per INSERT: three bound values each, under D1's limit of 100 a statement. */
export const VIEW_ROWS_PER_STATEMENT = 30;

// --- API, debug errors, contact form ----------------------------------------------------
/** api/v1 lists: default and largest page sizes, and the deepest page (deep OFFSETs are what make lists slow). */
export const API_DEFAULT_PER_PAGE = 24;
export const API_MAX_PER_PAGE = 100;
export const API_MAX_PAGE = 400;
/** Unexpected errors are kept in the error log this long. */
export const ERROR_LOG_RETENTION_DAYS = 30;
/** "Download log" returns the newest this many logged errors. */
export const ERROR_LOG_DOWNLOAD_LIMIT = 200;
/** A page error tells the browser its request id in this cookie, so the debug dialog can fetch the trace. */
export const DEBUG_ERROR_COOKIE = "debug-error";
export const DEBUG_ERROR_COOKIE_MAX_AGE_S = 60;
/** Contact form message rows and the longest message accepted. */
export const CONTACT_MESSAGE_ROWS = 8;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

// --- Notifications, mail queue and workspaces --------------------------------------------
/** The navbar popover shows this many of the latest notifications. */
export const NOTIFICATIONS_POPOVER_SIZE = 8;
/** An open tab asks for new notifications this often (browser channel and unread badge); hidden tabs half as often. */
export const NOTIFICATIONS_POLL_INTERVAL_MS = 30_000;
/** Only notifications younger than this become system notifications, so a tab opened after a week shows no backlog. */
export const BROWSER_NOTIFICATION_MAX_AGE_S = 10 * 60;
/** Rows kept only for the browser channel (not listed) are removed after this long. */
export const BROWSER_ONLY_NOTIFICATION_RETENTION_S = 24 * 60 * 60;
/** Read notifications are removed after this many days (unread ones stay). */
export const READ_NOTIFICATION_RETENTION_DAYS = 180;
/** Mail deliveries: waits before each retry (backoff); after the last one the delivery is recorded as failed. */
export const MAIL_RETRY_DELAYS_S = [10, 60, 300, 1800, 7200];
/** A delivery still queued after this long (its queue message was lost) is queued again by the scheduled job. */
export const MAIL_REQUEUE_AFTER_S = 15 * 60;
/** An admin broadcast is delivered in slices of this many users per queue message. */
export const BROADCAST_SLICE_SIZE = 200;
/** Workspace names, as people type them. */
export const WORKSPACE_NAME_MAX_LENGTH = 60;
/** E-mail addresses one invite request may carry. */
export const WORKSPACE_INVITES_PER_REQUEST = 20;
/** An invitation stays valid this long (Slack and GitHub use a week to a month). */
export const WORKSPACE_INVITE_TTL_S = 14 * 24 * 60 * 60;
/** Public pages as guests see them are reused for this long in each isolate (micro-caching; edits show within it). */
export const GUEST_PAGE_CACHE_TTL_MS = 30_000;
/**
 * After that, the old copy is still served for up to this long while ONE
 * request renders the page again (stale-while-revalidate): without it, every
 * guest arriving in the same moment renders the page at once when it expires.
 */
export const GUEST_PAGE_CACHE_STALE_MS = 30_000;
/** A renewal that has not finished within this long is handed to the next request (the first one failed or hung). */
export const GUEST_PAGE_CACHE_REFRESH_MS = 5_000;
/** Memory the guest page cache may use in one isolate (the pages' UTF-8 bytes). */
export const GUEST_PAGE_CACHE_MAX_BYTES = 24 * 1024 * 1024;
/**
 * Keys of pages rendered once that an isolate remembers, so it keeps a page's copy from its second
 * render on when the Cache API holds none (decision 050). About 200 bytes a key.
 */
export const GUEST_PAGE_CACHE_SEEN_KEYS = 4_096;

// --- Channels (decision 022) ---------------------------------------------
/** Items an automatic channel stores per refresh (and per genre for genre-from-address rules). */
export const CHANNEL_AUTOMATIC_ITEMS = 60;
/** Items a manual or nested channel may hold. */
export const CHANNEL_MAX_ITEMS = 200;
/** Bounds of a channel's items per row / page. */
export const CHANNEL_PER_PAGE_MIN = 1;
export const CHANNEL_PER_PAGE_MAX = 50;
/** A nested channel shows at most this many rows on one page. */
export const CHANNEL_MAX_ROWS = 20;
/** Highest page number /channel/{slug} and the API accept; past it (or past the end) is a 404. */
export const CHANNEL_MAX_PAGE = 1000;
/** "Airing this week": episodes airing from today to this many days ahead. */
export const CHANNEL_AIRING_DAYS = 7;
/**
 * How long an isolate trusts the content version it read (decision 026): an
 * admin edit shows on every isolate's and data centre's copies within this.
 */
export const CONTENT_VERSION_REFRESH_MS = 5_000;
/**
 * Guests' pages kept in the Cache API (per data centre, shared by isolates) for
 * this long. Admin edits change the key (content version); this bounds what no
 * admin write announces (counts, trending).
 */
export const EDGE_PAGE_CACHE_TTL_S = 120;
/** List names and item notes, as people type them (Letterboxd allows long notes; a line or two is what a list shows). */
export const LIST_NAME_MAX_LENGTH = 100;
export const LIST_DESCRIPTION_MAX_LENGTH = 2000;
export const LIST_NOTE_MAX_LENGTH = 500;
/** Titles one list may hold: a reorder rewrites every position in one statement, so this bounds its size. */
export const LIST_MAX_ITEMS = 500;
/** Lists a user gets without a plan (the users role's lists.create `count`; paid plans raise it). */
export const LISTS_FREE_COUNT = 10;
/** Lists on the seeded Standard plan (Premium has no limit). */
export const LISTS_STANDARD_COUNT = 50;
/** Lists on "My lists", a profile and one API page. */
export const LISTS_PAGE_SIZE = 50;
// Library: ratings, watchlist, watched history, progress, "for you" (decision 023).
/** Ratings are whole numbers on this scale (five stars with halves: 1 = half a star). */
export const RATING_MIN = 1;
export const RATING_MAX = 10;
/** Rows per page of /watchlist, /history, /progress and their API lists. */
export const LIBRARY_PAGE_SIZE = 24;
/** Recent ratings and viewings shown on a public profile. */
export const PROFILE_RECENT_ITEMS = 12;
/** "Coming soon from your watchlist": how many titles, and how far ahead (days) counts as soon. */
export const WATCHLIST_COMING_SOON_ITEMS = 12;
export const WATCHLIST_COMING_SOON_DAYS = 365;
/** "For you": titles a member rated 7+ / watched / listed that seed it, and how many suggestions each seed may bring. */
export const FOR_YOU_SEEDS = 6;
export const FOR_YOU_PER_SEED = 30;
/** Suggestions shown on /for-you and on the home page row. */
export const FOR_YOU_ITEMS = 24;
export const FOR_YOU_ROW_ITEMS = 12;
/** A rating at or above this makes the title a "for you" seed (people rarely want more of what they rated low). */
export const FOR_YOU_MIN_SEED_RATING = 7;
/**
 * "For you" weighs likeness by quality: a vote-weighted (Bayesian) rating,
 * (v·R + m·C) / (v + m), pulls a rating with few votes towards the prior mean
 * C; m is the votes that count as much as the prior, per source (IMDb, TMDB,
 * the site's own). A title below the minimum quality comes after every other
 * suggestion, however alike (decision 042).
 */
export const FOR_YOU_PRIOR_MEAN = 6;
export const FOR_YOU_PRIOR_VOTES_IMDB = 1000;
export const FOR_YOU_PRIOR_VOTES_TMDB = 100;
export const FOR_YOU_PRIOR_VOTES_SITE = 10;
export const FOR_YOU_MIN_QUALITY = 6;
/** How much a seed's likeness counts by what the member did with it: rated it highly, watched it, listed it. */
export const FOR_YOU_SEED_WEIGHTS = { rated: 2, watched: 1, watchlist: 0.5 } as const;
/**
 * A member's "for you" is kept this long while its seeds and their newest viewing and rating stay the same
 * (decision 047): the catalogue's new titles and changed keywords reach it within the hour.
 */
export const FOR_YOU_CACHE_TTL_MS = 60 * 60 * 1000;
/** A whole series marked watched writes at most this many history rows at once (D1 statement size). */
export const MARK_SERIES_MAX_EPISODES = 500;
// --- Reviews and comments (decision 025) ---
/** A review's or comment's body, in characters (a long review is a few thousand words; 100 KB is abuse). */
export const COMMUNITY_BODY_MAX_LENGTH = 10_000;
/** The shortest review worth reading; a comment may be a word. */
export const REVIEW_BODY_MIN_LENGTH = 10;
export const REVIEW_HEADLINE_MAX_LENGTH = 120;
/** Links one post may carry before it is refused (spam is mostly links). */
export const COMMUNITY_MAX_LINKS = 3;
/** The same text posted again by the same person within this long is refused as a duplicate. */
export const COMMUNITY_DUPLICATE_WINDOW_S = 24 * 60 * 60;
/** Accounts younger than this are "new" for the hold-new-posts setting. */
export const COMMUNITY_NEW_ACCOUNT_DAYS = 7;
/** A comment may be edited by its author for this long after posting. */
export const COMMENT_EDIT_WINDOW_S = 15 * 60;
/** Replies go two levels deep: a comment (0), a reply (1), a reply to a reply (2). */
export const COMMENT_MAX_DEPTH = 2;
/** Reviews on a title page (the rest on its reviews page). */
export const TITLE_PAGE_REVIEWS = 3;
export const REVIEWS_PAGE_SIZE = 20;
/** Top-level comments a thread page shows (their replies come with them). */
export const COMMENTS_PAGE_SIZE = 20;
/** Replies a thread shows under each top-level comment; "More replies" pages on (keyset on id, comments_root_idx). */
export const REPLIES_PAGE_SIZE = 10;
/** Helpful votes at which the author is told (each once). */
export const HELPFUL_VOTE_MILESTONES = [1, 10, 50, 100, 500, 1000] as const;
/** Posting bans a moderator can give, in days. */
export const POSTING_BAN_DAYS = [1, 7, 30, 365] as const;
export const MODERATION_QUEUE_PAGE_SIZE = 50;
// --- TMDB import (decision 019) -----------------------------------------------------------
/** TMDB allows roughly 40-50 requests a second per IP; the client spaces its requests to stay under this. */
export const TMDB_MAX_REQUESTS_PER_SECOND = 40;
/** Attempts after a 429 or a 5xx before the request is reported as failed (an unreachable TMDB is not retried: TMDB_CONNECT_TIMEOUT_MS). */
export const TMDB_MAX_RETRIES = 4;
/** First back-off after a 5xx (doubles each attempt). */
export const TMDB_RETRY_BASE_MS = 500;
/** A Retry-After longer than this is not waited out inside one request (the step fails and is retried later). */
export const TMDB_MAX_RETRY_AFTER_S = 30;
/**
 * TMDB unreachable: a request that has no answer (headers) within this long is
 * given up, and a refused or timed-out connection is not retried; the outage is
 * remembered per isolate for TMDB_OUTAGE_MEMORY_S, so the next attempt answers
 * at once instead of waiting again (decision 042).
 */
export const TMDB_CONNECT_TIMEOUT_MS = 3000;
export const TMDB_OUTAGE_MEMORY_S = 30;
/** Cast billed on a title, guest stars per episode and crew rows kept per title or episode. */
export const TMDB_MAX_CAST = 40;
export const TMDB_MAX_CREW = 60;
/** Images kept per kind (posters, backdrops, profiles) on an import. */
export const TMDB_MAX_IMAGES_PER_KIND = 8;
/** A bulk discover job imports at most this many pages (20 titles each). TMDB itself stops at 500. */
export const TMDB_DISCOVER_MAX_PAGES = 50;
/** Titles the scheduled refresh re-imports per cron run (each costs 1 + seasons requests). */
export const TMDB_REFRESH_BATCH = 10;
/** A bulk job whose last progress is older than this is handed to the queue again by the cron (resume after a restart). */
export const TMDB_JOB_STALL_S = 10 * 60;
/** With the tmdb.copy_images option, an image larger than this is not copied into R2 (the TMDB URL stays). */
export const TMDB_IMAGE_COPY_MAX_BYTES = 5 * 1024 * 1024;
/** An image copy follows at most this many redirects, each on the configured image host (decision 021). */
export const TMDB_IMAGE_MAX_REDIRECTS = 3;
/** Images copied into R2 at once during an import. */
export const TMDB_IMAGE_COPY_CONCURRENCY = 6;
/** With "search also asks TMDB" on, a search with fewer local titles than this also shows up to TMDB_SEARCH_FALLBACK_LIMIT of TMDB's matches. */
export const TMDB_SEARCH_FALLBACK_BELOW = 3;
export const TMDB_SEARCH_FALLBACK_LIMIT = 6;
/** How long a search result's signed "import this TMDB match" token stays valid (decision 021). */
export const TMDB_MATCH_TOKEN_TTL_S = 60 * 60;
/** TMDB matches one address may ask to import per minute (decision 021). */
export const TMDB_OPEN_PER_MINUTE_PER_IP = 5;
/** Titles one member may import from TMDB per minute from an import's review screen (decision 027). */
export const TMDB_IMPORT_PER_MINUTE_PER_ACCOUNT = 5;
/** Review votes and content reports, per account and per address, per minute (decision 021; posts: 6 and 20). */
export const COMMUNITY_VOTES_PER_MINUTE_PER_ACCOUNT = 30;
export const COMMUNITY_VOTES_PER_MINUTE_PER_IP = 60;
export const COMMUNITY_REPORTS_PER_MINUTE_PER_ACCOUNT = 6;
export const COMMUNITY_REPORTS_PER_MINUTE_PER_IP = 20;

// Import and export (decision 027).
/** The largest upload an import reads (a Letterboxd ZIP or one CSV). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** An import request's body: the file and the multipart envelope around it (app/http/security.ts). */
export const IMPORT_REQUEST_MAX_BYTES = IMPORT_MAX_BYTES + 64 * 1024;
/** The most bytes the files inside one ZIP may actually unpack to (counted while inflating). */
export const IMPORT_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
/** A ZIP unpacking to more than this many times its own size is refused as a bomb (CSV compresses about 5-10x). */
export const IMPORT_MAX_ZIP_RATIO = 50;
/** A ZIP is fed to the inflater in pieces of this size, so a bomb is stopped within one piece's output. */
export const IMPORT_ZIP_FEED_BYTES = 16 * 1024;
/** The most rows one import reads, all files together. */
export const IMPORT_MAX_ROWS = 100_000;
/** Bound parameters one import statement may use (D1 allows 100; a few are kept for the statement's own). */
export const IMPORT_PARAMS_PER_STATEMENT = 95;
/** Rows written per queue message of an import: one D1 transaction, well under its limits. */
export const IMPORT_CHUNK_ROWS = 1000;
/** Statements per db.batch of an import's undo. */
export const IMPORT_STATEMENTS_PER_BATCH = 50;
/** An import whose last progress is older than this gets its next chunk re-sent by the cron (resume). */
export const IMPORT_JOB_STALL_S = 10 * 60;
/** Rows an export reads per page (keyset), streamed out as read. */
export const EXPORT_PAGE_ROWS = 500;
/** Unmatched rows listed in an import's report (the rest are counted). */
export const IMPORT_REPORT_UNMATCHED = 200;

// Follows and the activity feed (decision 033).
/** Raw activity rows one /feed page reads (grouping may show fewer items). */
export const FEED_PAGE_SIZE = 40;
/** Activity rows the signed-in home page's "From people you follow" row reads. */
export const FEED_HOME_ROW_ITEMS = 12;
/** One member's acts of one kind within this many seconds of each other are one feed item ("Nina rated 5 films"). */
export const FEED_GROUP_WINDOW_S = 3600;
/** Members on a followers / following / requests page. */
export const FOLLOW_PAGE_SIZE = 30;
/** Friends' ratings listed on a title page ("People you follow"). */
export const TITLE_FRIENDS_SHOWN = 12;
/** At most this many reviews by people a member follows lead a reviews list (decision 033). */
export const FOLLOWED_REVIEWS_FIRST = 20;
/** Reviews the follow alert job reads per Cron run. */
export const FOLLOW_ALERT_REVIEWS_PER_RUN = 200;
// Diary, year in review, calendar and tracking alerts (decision 034).
/** Diary entries a page shows (grouped by month). */
export const DIARY_PAGE_SIZE = 100;
/** The years a diary or a year in review may ask for. */
export const STATS_MIN_YEAR = 1888;
export const STATS_MAX_YEAR = 2200;
/** Rows in the year in review's top lists (genres, countries, people, highest rated). */
export const STATS_TOP_ITEMS = 10;
/** Days ahead /calendar and the iCal feed list. */
export const CALENDAR_DAYS_AHEAD = 90;
/** Days behind the iCal feed keeps (a calendar shows what aired lately too). */
export const CALENDAR_DAYS_BEHIND = 30;
/** Events one calendar reads at most. */
export const CALENDAR_MAX_EVENTS = 300;
/** An episode or release this many days old still gets its alert (a missed cron run catches up). */
export const TRACKING_ALERT_LOOKBACK_DAYS = 2;
// --- Ratings on cards (decision 029) -------------------------------------------------
/** Default of the `ratings.site_min_votes` setting: cards show the site's own average only from this many votes; below it, the external rating with its source. */
export const SITE_RATING_MIN_VOTES = 10;
/** A person page's "Known for" shows this many titles, and only for people with more titles than that (decision 029). */
export const PERSON_KNOWN_FOR_TITLES = 4;
/** A guest's Rate or Watchlist press, kept while they sign in or register (decision 030). */
export const PENDING_ACTION_COOKIE = "pending-action";
export const PENDING_ACTION_MAX_AGE_S = 30 * 60;
