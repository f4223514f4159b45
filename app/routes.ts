import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/** The site map. Route modules live in app/routes/<area>/. */
export default [
  // Public site with navbar and footer.
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("pages/:slug", "routes/pages/custom-page.tsx", { id: "custom-page-by-slug" }),
    route("pages/:id/:slug", "routes/pages/custom-page.tsx", { id: "custom-page-by-id" }),
    route("titles", "routes/browse/titles.tsx"),
    route("people", "routes/browse/people.tsx"),
    route("titles/:id/:slug", "routes/titles/title.tsx"),
    route("titles/:id/:slug/credits", "routes/titles/credits.tsx"),
    // Log a movie, and a guest's Rate or Watchlist carried through sign-in (decision 030).
    route("titles/:id/:slug/log", "routes/titles/log.tsx"),
    route("titles/:id/:slug/act", "routes/titles/act.ts"),
    route("titles/:id/:slug/season/:season", "routes/titles/season.tsx"),
    route("titles/:id/:slug/season/:season/episode/:episode", "routes/titles/episode.tsx"),
    // Reviews and comments (decision 025).
    route("titles/:id/:slug/reviews", "routes/community/title-reviews.tsx"),
    route("titles/:id/:slug/reviews/:reviewId", "routes/community/review.tsx"),
    route("titles/:id/:slug/comments", "routes/community/title-comments.tsx"),
    // An episode's reviews and discussion (decision 025).
    route("titles/:id/:slug/season/:season/episode/:episode/reviews", "routes/community/episode-reviews.tsx"),
    route("titles/:id/:slug/season/:season/episode/:episode/comments", "routes/community/episode-comments.tsx"),
    route("people/:id/:slug", "routes/people/person.tsx"),
    route("watch/:videoId", "routes/watch/watch.tsx"),
    route("user/:id/:slug", "routes/profiles/user-profile.tsx"),
    route("search", "routes/search/search.tsx"),
    // Channels (decision 022): rows of titles; a genre channel takes its genre from the address.
    route("channel/:slug", "routes/channels/channel.tsx", { id: "channel" }),
    route("channel/:slug/:genre", "routes/channels/channel.tsx", { id: "channel-genre" }),
    // Where the catalogue's data comes from: TMDB's attribution.
    route("data-sources", "routes/site/data-sources.tsx"),
    // Developer page of the shared UI primitives and form kit; local Worker only.
    route("_dev/ui", "routes/dev/ui-kit.tsx"),
    // The uploader on its own (decision 008); local Worker only.
    route("_dev/uploads", "routes/dev/uploads.tsx"),
    // Deliberate failures for the debug error viewer; local (or E2E) Worker only.
    route("_dev/error", "routes/dev/forced-error.tsx"),
    route("account-settings", "routes/account/settings.tsx"),
    // Billing (every billing route is a 404 while billing is off).
    route("pricing", "routes/billing/pricing.tsx"),
    route("checkout/:productId/:priceId", "routes/billing/checkout.tsx"),
    route("checkout/:productId/:priceId/success", "routes/billing/checkout-success.tsx"),
    route("checkout/:productId/:priceId/cancel", "routes/billing/checkout-cancel.tsx"),
    route("change-plan/:productId/:priceId/confirm", "routes/billing/change-plan.tsx"),
    route("billing", "routes/billing/billing.tsx"),
    // Contact form.
    route("contact", "routes/site/contact.tsx"),
    // Notifications and workspaces.
    route("notifications", "routes/notifications/notifications.tsx"),
    route("notifications/settings", "routes/notifications/settings.tsx"),
    route("workspaces", "routes/workspaces/workspaces.tsx"),
    route("workspaces/:workspaceId", "routes/workspaces/workspace.tsx"),
    route("workspace/invite/:inviteId", "routes/workspaces/invite.tsx"),
    // Lists (decision 024): my lists, a list's page and editor, "Add to list".
    route("lists", "routes/lists/my-lists.tsx"),
    route("lists/add/:titleId", "routes/lists/add-title.tsx"),
    route("lists/:id/:slug", "routes/lists/list.tsx"),
    route("lists/:id/:slug/edit", "routes/lists/list-edit.tsx"),
    // A member's library (decision 023): watchlist, watched history, series progress, suggestions.
    route("watchlist", "routes/library/watchlist.tsx"),
    route("history", "routes/library/history.tsx"),
    route("progress", "routes/library/progress.tsx"),
    route("for-you", "routes/library/for-you.tsx"),
    // Import (Letterboxd, IMDb) and CSV export of the library (decision 027).
    route("library/import", "routes/library/import.tsx"),
    route("library/import/:id", "routes/library/import-job.tsx"),
    // Follows and the activity feed (decision 033).
    route("feed", "routes/social/feed.tsx"),
    route("follow-requests", "routes/social/follow-requests.tsx"),
    route("user/:id/:slug/followers", "routes/social/follow-list.tsx", { id: "profile-followers" }),
    route("user/:id/:slug/following", "routes/social/follow-list.tsx", { id: "profile-following" }),
    // Diary, year in review and calendar (decision 034).
    route("user/:id/:slug/diary", "routes/diary/diary.tsx"),
    route("user/:id/:slug/stats", "routes/diary/stats.tsx"),
    route("calendar", "routes/diary/calendar.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),

  // Accounts: sign-in, registration, passwords, e-mail verification (guest pages, no navbar).
  layout("routes/auth/layout.tsx", [
    route("login", "routes/auth/login.tsx", { id: "auth-login" }),
    route("workspace/join/login", "routes/auth/login.tsx", { id: "auth-workspace-login" }),
    route("register", "routes/auth/register.tsx", { id: "auth-register" }),
    route("workspace/join/register", "routes/auth/register.tsx", { id: "auth-workspace-register" }),
    // Registration never signs in (decision 021): "check your e-mail", then the mailed link.
    route("register/sent", "routes/auth/register-sent.tsx"),
    route("register/finish/:token", "routes/auth/register-finish.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("password/reset/:token", "routes/auth/reset-password.tsx"),
    route("verify-email", "routes/auth/verify-email.tsx"),
  ]),
  route("auth/logout", "routes/auth/logout.ts"),
  // Account settings' profile image upload/removal and "Download my data" (resource routes).
  route("account-settings/avatar", "routes/account/avatar.ts"),
  route("account-settings/export", "routes/account/export.ts"),
  // Ratings of titles and episodes, and the public profile's privacy (forms post here, decision 023).
  route("library/rating", "routes/library/rating.ts"),
  route("library/export/:kind", "routes/library/export.ts"),
  route("account-settings/profile-privacy", "routes/library/profile-privacy.ts"),
  // Follow, request and block buttons; who sees my activity (decision 033; forms post here).
  route("social/follow", "routes/social/follow.ts"),
  route("account-settings/activity-visibility", "routes/social/activity-visibility.ts"),
  // The year in review's share image and the private iCal feed (decision 034).
  route("user/:id/:slug/stats/:year/share.png", "routes/diary/stats-share.ts"),
  route("calendar/:feed", "routes/diary/calendar-feed.ts"),
  route("account-settings/calendar-feed", "routes/diary/calendar-token.ts"),
  route("account-settings/log-preference", "routes/library/log-preference.ts"),
  // The API reference (its own full-page layout): api.access, API integrated.
  route("api-docs", "routes/site/api-docs.tsx"),
  // Social sign-in: popup or full page through the provider and back.
  ...prefix("secure/auth/social", [
    route(":service/login", "routes/auth/social/start.ts", { id: "social-login" }),
    route(":service/connect", "routes/auth/social/start.ts", { id: "social-connect-start" }),
    route(":service/callback", "routes/auth/social/callback.ts"),
    route(":service/disconnect", "routes/auth/social/disconnect.ts"),
    route("connect", "routes/auth/social/connect.ts"),
  ]),
  // Account JSON endpoints (not under api/v1).
  ...prefix("auth", [
    route("login", "routes/api/auth/login.ts"),
    route("register", "routes/api/auth/register.ts"),
    route("two-factor-challenge", "routes/api/auth/two-factor-challenge.ts"),
    route("forgot-password", "routes/api/auth/forgot-password.ts"),
    route("reset-password", "routes/api/auth/reset-password.ts"),
    route("user/password", "routes/api/auth/user-password.ts"),
    route("user/confirm-password", "routes/api/auth/confirm-password.ts"),
    route("user/confirmed-password-status", "routes/api/auth/confirmed-password-status.ts"),
    route("user/two-factor-authentication", "routes/api/auth/two-factor.ts", { id: "api-two-factor" }),
    route("user/two-factor/qr-code", "routes/api/auth/two-factor.ts", { id: "api-two-factor-qr" }),
    route("user/confirmed-two-factor-authentication", "routes/api/auth/two-factor.ts", { id: "api-two-factor-confirm" }),
    route("user/two-factor-recovery-codes", "routes/api/auth/two-factor.ts", { id: "api-two-factor-codes" }),
  ]),
  // The local payment provider's stand-ins for Stripe Checkout, the billing
  // portal and hosted invoices (only when it is the provider in use).
  ...prefix("billing/local", [
    route("checkout/:sessionId", "routes/billing/local-checkout.tsx"),
    route("portal", "routes/billing/local-portal.tsx"),
    route("invoices/:invoiceId", "routes/billing/local-invoice.tsx"),
  ]),
  // The admin area: admin.access for all of it, and each screen its
  // own permission (app/admin/permissions.ts), checked in its loader and action.
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("titles", "routes/admin/titles/titles.tsx"),
      route("titles/new", "routes/admin/titles/title-new.tsx"),
      route("titles/:titleId", "routes/admin/titles/title-facts.tsx"),
      route("titles/:titleId/images", "routes/admin/titles/title-images.tsx"),
      route("titles/:titleId/videos", "routes/admin/titles/title-videos.tsx"),
      route("titles/:titleId/seasons", "routes/admin/titles/title-seasons.tsx"),
      route("titles/:titleId/seasons/:seasonNumber", "routes/admin/titles/title-season.tsx"),
      route("titles/:titleId/credits", "routes/admin/titles/title-credits.tsx"),
      route("people", "routes/admin/people/people.tsx"),
      route("people/new", "routes/admin/people/person-new.tsx"),
      route("people/:personId", "routes/admin/people/person.tsx"),
      route("people-search", "routes/admin/people/people-search.ts"),
      route("videos", "routes/admin/videos.tsx"),
      route("genres", "routes/admin/genres.tsx"),
      // TMDB import (decision 019).
      route("tmdb", "routes/admin/tmdb/import.tsx"),
      route("users", "routes/admin/users/users.tsx"),
      route("users/new", "routes/admin/users/user-new.tsx"),
      route("users/export", "routes/admin/users/users-export.ts"),
      route("users/:userId", "routes/admin/users/user.tsx"),
      route("roles", "routes/admin/roles/roles.tsx"),
      route("roles/new", "routes/admin/roles/role.tsx", { id: "admin-role-new" }),
      route("roles/:roleId", "routes/admin/roles/role.tsx", { id: "admin-role" }),
      route("pages", "routes/admin/pages/pages.tsx"),
      route("pages/new", "routes/admin/pages/page.tsx", { id: "admin-page-new" }),
      route("pages/:pageId", "routes/admin/pages/page.tsx", { id: "admin-page" }),
      // Channels (decision 022).
      route("channels", "routes/admin/channels/channels.tsx"),
      route("channels/new", "routes/admin/channels/channel.tsx", { id: "admin-channel-new" }),
      route("channels/:channelId", "routes/admin/channels/channel.tsx", { id: "admin-channel" }),
      route("plans", "routes/admin/billing/plans.tsx"),
      route("plans/new", "routes/admin/billing/plan.tsx", { id: "admin-plan-new" }),
      route("plans/:planId", "routes/admin/billing/plan.tsx", { id: "admin-plan" }),
      route("subscriptions", "routes/admin/billing/subscriptions.tsx"),
      route("settings/:group", "routes/admin/settings.tsx"),
      route("menus", "routes/admin/menus/menus.tsx"),
      route("menus/:menuId", "routes/admin/menus/menu.tsx"),
      route("localizations", "routes/admin/localizations/localizations.tsx"),
      route("localizations/:language", "routes/admin/localizations/localization.tsx"),
      route("localizations/:language/export", "routes/admin/localizations/localization-export.ts"),
      route("workspaces", "routes/admin/workspaces/workspaces.tsx"),
      route("workspaces/:workspaceId", "routes/admin/workspaces/workspace.tsx"),
      route("audit-log", "routes/admin/audit-log.tsx"),
      // Reviews and comments (decision 025): reported and held posts.
      route("moderation", "routes/admin/moderation.tsx"),
      route("mail-deliveries", "routes/admin/mail-deliveries.tsx"),
      route("announcements", "routes/admin/announcements.tsx"),
      route("appearance", "routes/admin/appearance.tsx"),
      // The editor's frame previews a channel home page before it is saved (decision 022).
      route("appearance/homepage-channel/:slug", "routes/admin/appearance-homepage-channel.ts"),
      // Files posted without JavaScript (posters, videos, logos): stored, then attached.
      route("upload", "routes/admin/upload.ts"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),

  // The local outbox (APP_ENV=local only; 404 elsewhere).
  route("dev/mailbox", "routes/dev/mailbox.tsx"),
  route("dev/mailbox.json", "routes/dev/mailbox-json.ts"),
  route("_dev/error.json", "routes/dev/forced-error-json.ts"),

  // Preferences that work with and without JavaScript.
  ...prefix("resources", [
    route("theme", "routes/resources/theme.ts"),
    route("locale", "routes/resources/locale.ts"),
    route("i18n/:language", "routes/resources/i18n.ts"),
    route("cookie-notice", "routes/resources/cookie-notice.ts"),
    route("workspace", "routes/resources/workspace.ts"),
    route("e2e/signed-in-user", "routes/resources/e2e-signed-in-user.ts"),
    route("e2e/api-client", "routes/resources/e2e-api-client.ts"),
    route("e2e/sql", "routes/resources/e2e-sql.ts"),
    route("e2e/:task", "routes/resources/e2e-caches.ts"),
  ]),

  // Catalogue media: R2 files under catalogue/ (ranges, validators, public
  // caching) and generated SVG artwork (decision 005).
  route("media/*", "routes/media/file.ts"),
  route("artwork/:kind/:file", "routes/media/artwork.ts"),
  // Uploaded files: public disk cacheable, uploads disk for its owner (decision 008).
  route("files/:fileName", "routes/files/file.ts"),

  // A TMDB match from the search page, imported on first visit (setting tmdb.search_fallback).
  route("tmdb/:type/:id", "routes/tmdb/open.tsx"),

  // The navbar type-ahead (JSON).
  route("search/suggest", "routes/search/suggest.ts"),

  // For crawlers.
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap-index.ts"),
  route("sitemaps/:file", "routes/seo/sitemap-file.ts"),

  // JSON API.
  ...prefix("api/v1", [
    route("bootstrap-data", "routes/api/v1/bootstrap-data.ts"),
    route("resend-email-verification", "routes/api/v1/email-verification.ts", { id: "api-resend-verification" }),
    route("validate-email-verification-otp", "routes/api/v1/email-verification.ts", { id: "api-validate-verification" }),
    // The signed-in account (cookie or API token).
    route("users/me", "routes/api/v1/users/me.ts"),
    route("users/me/locale", "routes/api/v1/users/me-locale.ts"),
    route("users/:id/avatar", "routes/api/v1/users/avatar.ts"),
    route("users/:id", "routes/api/v1/users/user.ts"),
    route("access-tokens", "routes/api/v1/access-tokens.ts", { id: "api-access-tokens" }),
    route("access-tokens/:id", "routes/api/v1/access-tokens.ts", { id: "api-access-token" }),
    route("user-sessions", "routes/api/v1/user-sessions.ts", { id: "api-user-sessions" }),
    route("user-sessions/logout-other", "routes/api/v1/user-sessions.ts", { id: "api-user-sessions-logout-other" }),
    route("recaptcha/verify", "routes/api/v1/recaptcha-verify.ts"),
    route("billing/products", "routes/api/v1/billing/products.ts"),
    route("billing/stripe/webhook", "routes/api/v1/billing/stripe-webhook.ts"),
    // Uploads (decision 008): direct, tus resumable, S3-style presigned and multipart.
    route("file-entries", "routes/api/v1/uploads/file-entries.ts"),
    route("file-entries/delete", "routes/api/v1/uploads/file-entries-delete.ts"),
    route("tus/upload/:uploadId?", "routes/api/v1/uploads/tus-upload.ts"),
    route("tus/entries", "routes/api/v1/uploads/tus-entries.ts"),
    route("s3/simple/:operation", "routes/api/v1/uploads/s3-simple.ts"),
    route("s3/multipart/:operation", "routes/api/v1/uploads/s3-multipart.ts"),
    route("s3/entries", "routes/api/v1/uploads/s3-entries.ts"),
    // Notifications and workspaces.
    route("notifications", "routes/api/v1/notifications/list.ts"),
    route("notifications/mark-as-read", "routes/api/v1/notifications/mark-as-read.ts"),
    route("notifications/updates", "routes/api/v1/notifications/updates.ts"),
    route("notifications/me/subscriptions", "routes/api/v1/notifications/subscriptions.ts"),
    route("notifications/broadcasts", "routes/api/v1/notifications/broadcasts.ts"),
    route("workspaces", "routes/api/v1/workspaces/workspaces.ts"),
    route("workspaces/:workspaceId", "routes/api/v1/workspaces/workspace.ts"),
    route("workspaces/:workspaceId/invite", "routes/api/v1/workspaces/invite.ts"),
    route("workspaces/:workspaceId/leave", "routes/api/v1/workspaces/leave.ts"),
    route("workspaces/:workspaceId/members/:userId", "routes/api/v1/workspaces/member.ts"),
    route("workspace/join/:inviteId", "routes/api/v1/workspaces/join.ts"),
    route("workspace/invite/:inviteId", "routes/api/v1/workspaces/delete-invite.ts"),
    // Lists (decision 023).
    route("lists", "routes/api/v1/lists/lists.ts", { id: "api-lists" }),
    route("lists/:listId", "routes/api/v1/lists/list.ts", { id: "api-list" }),
    route("lists/:listId/items", "routes/api/v1/lists/items.ts"),
    route("lists/:listId/items/:itemId", "routes/api/v1/lists/item.ts"),
    route("lists/:listId/reorder", "routes/api/v1/lists/reorder.ts"),
    route("lists/:listId/like", "routes/api/v1/lists/like.ts"),
    // A member's library (decision 023): ratings, watchlist, history, progress, suggestions, profiles.
    route("ratings", "routes/api/v1/library/ratings.ts"),
    route("ratings/:titleId", "routes/api/v1/library/rating.ts"),
    route("watchlist", "routes/api/v1/library/watchlist.ts", { id: "api-watchlist" }),
    route("watchlist/:titleId", "routes/api/v1/library/watchlist-item.ts"),
    route("history", "routes/api/v1/library/history.ts", { id: "api-history" }),
    route("history/:id", "routes/api/v1/library/history-entry.ts"),
    route("progress", "routes/api/v1/library/progress.ts", { id: "api-progress" }),
    route("for-you", "routes/api/v1/library/for-you.ts", { id: "api-for-you" }),
    route("profiles/:id", "routes/api/v1/library/profile.ts"),
    route("users/me/profile-privacy", "routes/api/v1/library/profile-privacy.ts"),
    // Diary and year in review (decision 034).
    route("users/:id/diary", "routes/api/v1/diary/diary.ts"),
    route("users/:id/stats", "routes/api/v1/diary/stats.ts"),
    route("diary/:id", "routes/api/v1/diary/diary-entry.ts"),
    // Reviews and comments (decision 025).
    route("titles/:id/reviews", "routes/api/v1/community/title-reviews.ts"),
    route("reviews/:id", "routes/api/v1/community/review.ts"),
    route("reviews/:id/vote", "routes/api/v1/community/review-vote.ts"),
    route("reviews/:id/report", "routes/api/v1/community/report.ts", { id: "api-review-report" }),
    route("comments", "routes/api/v1/community/comments.ts"),
    route("comments/:id", "routes/api/v1/community/comment.ts"),
    route("comments/:id/report", "routes/api/v1/community/report.ts", { id: "api-comment-report" }),
    route("moderation/queue", "routes/api/v1/community/moderation-queue.ts"),
    route("moderation/actions", "routes/api/v1/community/moderation-actions.ts"),
    // Import and export (decision 027).
    route("library/import", "routes/api/v1/library/import.ts", { id: "api-library-import" }),
    route("library/export/:kind", "routes/api/v1/library/export.ts", { id: "api-library-export" }),
    // Follows and the activity feed (decision 033).
    route("feed", "routes/api/v1/social/feed.ts", { id: "api-feed" }),
    route("follows", "routes/api/v1/social/follow.ts", { id: "api-follow" }),
    route("follows/:id", "routes/api/v1/social/follow.ts", { id: "api-unfollow" }),
    route("blocks", "routes/api/v1/social/block.ts", { id: "api-block" }),
    route("blocks/:id", "routes/api/v1/social/block.ts", { id: "api-unblock" }),
    route("users/:id/followers", "routes/api/v1/social/follow-list.ts", { id: "api-followers" }),
    route("users/:id/following", "routes/api/v1/social/follow-list.ts", { id: "api-following" }),
    // The API's own description (app/api: contracts, conventions, OpenAPI).
    route("openapi.json", "routes/api/v1/openapi.ts"),
    // Catalogue, read-only (titles.view).
    route("titles", "routes/api/v1/catalogue/titles.ts"),
    route("titles/:id", "routes/api/v1/catalogue/title.ts"),
    route("titles/:id/seasons", "routes/api/v1/catalogue/seasons.ts"),
    route("titles/:id/seasons/:season", "routes/api/v1/catalogue/season.ts"),
    route("titles/:id/seasons/:season/episodes/:episode", "routes/api/v1/catalogue/episode.ts"),
    route("titles/:id/credits", "routes/api/v1/catalogue/credits.ts"),
    route("titles/:id/videos", "routes/api/v1/catalogue/videos.ts"),
    route("people", "routes/api/v1/catalogue/people.ts"),
    route("people/:id", "routes/api/v1/catalogue/person.ts"),
    route("search", "routes/api/v1/catalogue/search.ts"),
    route("genres", "routes/api/v1/catalogue/genres.ts"),
    // Channels (decision 022).
    route("channels", "routes/api/v1/channels/channels.ts"),
    route("channels/:idOrSlug", "routes/api/v1/channels/channel.ts"),
    // Pages, lookups, contact form.
    route("custom-pages/:idOrSlug", "routes/api/v1/custom-page.ts"),
    route("value-lists/:names", "routes/api/v1/value-lists.ts"),
    route("contact-page", "routes/api/v1/contact-page.ts"),
    // Error log (admins) and debug traces of failed page requests.
    route("logs/error", "routes/api/v1/logs/error-log.ts"),
    route("logs/error/download-latest", "routes/api/v1/logs/download-latest.ts"),
    route("logs/error/trace/:requestId", "routes/api/v1/logs/debug-trace.ts"),
    route("logs/error/:id", "routes/api/v1/logs/error-entry.ts"),
    // Any other api/v1 path: a JSON 404, never the HTML page (decision 036).
    route("*", "routes/api/v1/not-found.ts", { id: "api-not-found" }),
  ]),
] satisfies RouteConfig;
