-- The Log action (decision 030): a member may keep logged titles on their watchlist (off: logging takes the
-- title off the watchlist). Whether a viewing is a rewatch is watch_history.rewatch (migration 0065).
ALTER TABLE `library_profiles` ADD `keep_logged_on_watchlist` integer DEFAULT false NOT NULL;
