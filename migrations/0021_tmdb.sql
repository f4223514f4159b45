-- TMDB import (issue 15 §1, decision 019): TMDB ids and facts on titles and
-- people, TMDB image paths on images, where-to-watch providers per title and
-- region, and the bulk import jobs. Hand-written (see docs/decisions/019).
ALTER TABLE `titles` ADD `tmdb_id` integer;--> statement-breakpoint
ALTER TABLE `titles` ADD `imdb_id` text;--> statement-breakpoint
ALTER TABLE `titles` ADD `tmdb_rating` real;--> statement-breakpoint
ALTER TABLE `titles` ADD `tmdb_votes` integer;--> statement-breakpoint
ALTER TABLE `titles` ADD `homepage` text;--> statement-breakpoint
ALTER TABLE `titles` ADD `status` text;--> statement-breakpoint
ALTER TABLE `titles` ADD `tmdb_synced_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `titles_type_tmdb_id_idx` ON `titles` (`type`,`tmdb_id`);--> statement-breakpoint
CREATE INDEX `titles_tmdb_synced_idx` ON `titles` (`tmdb_synced_at`) WHERE `tmdb_id` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `people` ADD `tmdb_id` integer;--> statement-breakpoint
ALTER TABLE `people` ADD `imdb_id` text;--> statement-breakpoint
ALTER TABLE `people` ADD `homepage` text;--> statement-breakpoint
ALTER TABLE `people` ADD `tmdb_synced_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `people_tmdb_id_idx` ON `people` (`tmdb_id`);--> statement-breakpoint
ALTER TABLE `images` ADD `tmdb_path` text;--> statement-breakpoint
CREATE TABLE `watch_providers` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`logo_path` text,
	`display_priority` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `title_watch_providers` (
	`title_id` integer NOT NULL,
	`region` text NOT NULL,
	`kind` text NOT NULL,
	`provider_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`link` text,
	PRIMARY KEY(`title_id`, `region`, `kind`, `provider_id`),
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`provider_id`) REFERENCES `watch_providers`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "title_watch_providers_kind_check" CHECK("title_watch_providers"."kind" IN ('flatrate', 'free', 'ads', 'rent', 'buy'))
);
--> statement-breakpoint
CREATE INDEX `title_watch_providers_provider_idx` ON `title_watch_providers` (`provider_id`,`region`);--> statement-breakpoint
CREATE TABLE `tmdb_import_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`media_type` text NOT NULL,
	`params` text DEFAULT '{}' NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`max_pages` integer NOT NULL,
	`total_pages` integer,
	`pages_done` integer DEFAULT 0 NOT NULL,
	`total_items` integer DEFAULT 0 NOT NULL,
	`imported` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "tmdb_import_jobs_status_check" CHECK("tmdb_import_jobs"."status" IN ('queued', 'running', 'done', 'cancelled', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `tmdb_import_jobs_status_idx` ON `tmdb_import_jobs` (`status`,`updated_at`);
