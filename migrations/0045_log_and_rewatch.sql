-- The Log action (decision 030): a viewing remembers whether the member logged it as a rewatch, and a
-- member may keep logged titles on their watchlist (off: logging takes the title off the watchlist).
ALTER TABLE `watch_history` ADD `rewatch` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `library_profiles` ADD `keep_logged_on_watchlist` integer DEFAULT false NOT NULL;
