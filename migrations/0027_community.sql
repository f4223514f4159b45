CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`title_id` integer NOT NULL,
	`episode_id` integer DEFAULT 0 NOT NULL,
	`score` integer NOT NULL,
	`headline` text NOT NULL,
	`body` text NOT NULL,
	`body_html` text NOT NULL,
	`spoiler` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'published' NOT NULL,
	`helpful_count` integer DEFAULT 0 NOT NULL,
	`not_helpful_count` integer DEFAULT 0 NOT NULL,
	`comment_count` integer DEFAULT 0 NOT NULL,
	`open_reports` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_user_target_idx` ON `reviews` (`user_id`,`title_id`,`episode_id`);--> statement-breakpoint
CREATE INDEX `reviews_target_helpful_idx` ON `reviews` (`title_id`,`episode_id`,`status`,`helpful_count`,`id`);--> statement-breakpoint
CREATE INDEX `reviews_target_newest_idx` ON `reviews` (`title_id`,`episode_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `reviews_target_score_idx` ON `reviews` (`title_id`,`episode_id`,`status`,`score`,`id`);--> statement-breakpoint
CREATE INDEX `reviews_queue_idx` ON `reviews` (`status`,`open_reports`) WHERE "reviews"."status" = 'held' OR "reviews"."open_reports" > 0;--> statement-breakpoint
CREATE INDEX `reviews_user_created_idx` ON `reviews` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `review_votes` (
	`review_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`helpful` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`review_id`, `user_id`),
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `review_votes_user_idx` ON `review_votes` (`user_id`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`target_kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`parent_id` integer,
	`root_id` integer DEFAULT 0 NOT NULL,
	`depth` integer DEFAULT 0 NOT NULL,
	`body` text NOT NULL,
	`body_html` text NOT NULL,
	`status` text DEFAULT 'published' NOT NULL,
	`reply_count` integer DEFAULT 0 NOT NULL,
	`open_reports` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`edited_at` integer,
	`deleted_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comments_target_idx` ON `comments` (`target_kind`,`target_id`,`depth`,`id`);--> statement-breakpoint
CREATE INDEX `comments_root_idx` ON `comments` (`root_id`,`id`);--> statement-breakpoint
CREATE INDEX `comments_parent_idx` ON `comments` (`parent_id`);--> statement-breakpoint
CREATE INDEX `comments_queue_idx` ON `comments` (`status`,`open_reports`) WHERE "comments"."status" = 'held' OR "comments"."open_reports" > 0;--> statement-breakpoint
CREATE INDEX `comments_user_created_idx` ON `comments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `community_counts` (
	`target_kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`review_count` integer DEFAULT 0 NOT NULL,
	`score_sum` integer DEFAULT 0 NOT NULL,
	`comment_count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`target_kind`, `target_id`)
);
--> statement-breakpoint
CREATE TABLE `content_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subject_kind` text NOT NULL,
	`subject_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_reports_subject_user_idx` ON `content_reports` (`subject_kind`,`subject_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `posting_bans` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`until` integer NOT NULL,
	`reason` text,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
