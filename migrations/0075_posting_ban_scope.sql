-- A posting ban has a scope (decision 021, moderation rights per kind): a
-- comments moderator bans from comments, a reviews moderator from reviews,
-- and only someone holding both may ban from everything. One row per user
-- and scope; existing bans keep blocking everything.
CREATE TABLE `posting_bans_new` (
	`user_id` integer NOT NULL,
	`scope` text DEFAULT 'all' NOT NULL,
	`until` integer NOT NULL,
	`reason` text,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY (`user_id`, `scope`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `posting_bans_new` (`user_id`, `scope`, `until`, `reason`, `created_by`, `created_at`)
	SELECT `user_id`, 'all', `until`, `reason`, `created_by`, `created_at` FROM `posting_bans`;
--> statement-breakpoint
DROP TABLE `posting_bans`;
--> statement-breakpoint
ALTER TABLE `posting_bans_new` RENAME TO `posting_bans`;
