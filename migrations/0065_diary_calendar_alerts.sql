-- Diary, year in review, calendar and alerts for what a member tracks (app/diary/schema.ts, decision 034).
-- A viewing's rewatch flag as its owner set it on the diary; NULL: derived (an earlier viewing of the same title or episode exists).
ALTER TABLE `watch_history` ADD `rewatch` integer;
--> statement-breakpoint
-- The year in review reads a member's viewings of one year index-only (title and episode beside the date).
CREATE INDEX `watch_history_user_date_title_idx` ON `watch_history` (`user_id`,`watched_on`,`title_id`,`episode_id`);
--> statement-breakpoint
-- The alerts job: who tracks the series whose episode aired, or the title that was released.
CREATE INDEX `watchlist_items_title_user_idx` ON `watchlist_items` (`title_id`,`user_id`);
--> statement-breakpoint
CREATE INDEX `series_progress_title_user_idx` ON `series_progress` (`title_id`,`user_id`);
--> statement-breakpoint
-- The private iCal feed's secret address: one per member, replaced on rotation, deleted on revocation.
CREATE TABLE `calendar_feeds` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_idx` ON `calendar_feeds` (`token`);
--> statement-breakpoint
-- One row per alert sent (member, kind, episode or title): the unique index makes each alert go out once.
CREATE TABLE `tracking_alerts` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`subject_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`user_id`, `kind`, `subject_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "tracking_alerts_kind_check" CHECK("tracking_alerts"."kind" IN ('episode', 'release'))
);
