-- Imports that can be reviewed, resumed and undone (decision 027, "Imports as jobs").
CREATE TABLE `import_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`source` text NOT NULL,
	`file_name` text NOT NULL,
	`status` text DEFAULT 'review' NOT NULL,
	`total_rows` integer DEFAULT 0 NOT NULL,
	`done_rows` integer DEFAULT 0 NOT NULL,
	`chunk_count` integer DEFAULT 0 NOT NULL,
	`next_chunk` integer DEFAULT 0 NOT NULL,
	`reviews_private` integer DEFAULT 1 NOT NULL,
	`summary` text DEFAULT '{}' NOT NULL,
	`error` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL
);--> statement-breakpoint
CREATE INDEX `import_jobs_user_idx` ON `import_jobs` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `import_jobs_status_idx` ON `import_jobs` (`status`,`updated_at`);--> statement-breakpoint
ALTER TABLE `ratings` ADD `import_id` integer;--> statement-breakpoint
ALTER TABLE `watchlist_items` ADD `import_id` integer;--> statement-breakpoint
ALTER TABLE `watch_history` ADD `import_id` integer;--> statement-breakpoint
ALTER TABLE `watch_history` ADD `watched_at` text;--> statement-breakpoint
ALTER TABLE `reviews` ADD `import_id` integer;--> statement-breakpoint
ALTER TABLE `lists` ADD `import_id` integer;--> statement-breakpoint
ALTER TABLE `list_items` ADD `import_id` integer;--> statement-breakpoint
CREATE INDEX `ratings_import_idx` ON `ratings` (`import_id`) WHERE `import_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `watchlist_items_import_idx` ON `watchlist_items` (`import_id`) WHERE `import_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `watch_history_import_idx` ON `watch_history` (`import_id`) WHERE `import_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `reviews_import_idx` ON `reviews` (`import_id`) WHERE `import_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `lists_import_idx` ON `lists` (`import_id`) WHERE `import_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `list_items_import_idx` ON `list_items` (`import_id`) WHERE `import_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `titles_slug_idx` ON `titles` (`slug`);--> statement-breakpoint
CREATE INDEX `titles_imdb_id_idx` ON `titles` (`imdb_id`) WHERE `imdb_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `titles_original_name_lower_idx` ON `titles` (lower(`original_name`)) WHERE `original_name` IS NOT NULL;
