-- Issue 18: ratings, watchlist, watched history, series progress, profile privacy and counts (app/library/schema.ts).
CREATE TABLE `ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`title_id` integer NOT NULL,
	`episode_id` integer,
	`rating` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`episode_id`) REFERENCES `episodes`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "ratings_rating_range" CHECK("ratings"."rating" BETWEEN 1 AND 10)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ratings_user_title_idx` ON `ratings` (`user_id`,`title_id`) WHERE "ratings"."episode_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `ratings_user_episode_idx` ON `ratings` (`user_id`,`episode_id`) WHERE "ratings"."episode_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `ratings_title_agg_idx` ON `ratings` (`title_id`,`rating`) WHERE "ratings"."episode_id" IS NULL;--> statement-breakpoint
CREATE INDEX `ratings_episode_agg_idx` ON `ratings` (`episode_id`,`rating`) WHERE "ratings"."episode_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `ratings_user_updated_idx` ON `ratings` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `watchlist_items` (
	`user_id` integer NOT NULL,
	`title_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`user_id`, `title_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `watchlist_items_user_added_idx` ON `watchlist_items` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `watch_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`title_id` integer NOT NULL,
	`episode_id` integer,
	`watched_on` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`episode_id`) REFERENCES `episodes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `watch_history_user_date_idx` ON `watch_history` (`user_id`,`watched_on`,`id`);--> statement-breakpoint
CREATE INDEX `watch_history_user_title_idx` ON `watch_history` (`user_id`,`title_id`,`episode_id`);--> statement-breakpoint
CREATE TABLE `series_progress` (
	`user_id` integer NOT NULL,
	`title_id` integer NOT NULL,
	`watched_episodes` integer DEFAULT 0 NOT NULL,
	`last_watched_on` text,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`user_id`, `title_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `series_progress_user_recent_idx` ON `series_progress` (`user_id`,`last_watched_on`);--> statement-breakpoint
CREATE TABLE `library_profiles` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`private` integer DEFAULT false NOT NULL,
	`ratings_count` integer DEFAULT 0 NOT NULL,
	`watchlist_count` integer DEFAULT 0 NOT NULL,
	`watched_count` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
