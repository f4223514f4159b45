CREATE TABLE `lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`workspace_id` integer DEFAULT 0 NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`public` integer DEFAULT false NOT NULL,
	`items_count` integer DEFAULT 0 NOT NULL,
	`likes_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lists_user_idx` ON `lists` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `lists_workspace_idx` ON `lists` (`workspace_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `list_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`list_id` integer NOT NULL,
	`title_id` integer NOT NULL,
	`position` integer NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`added_by` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`list_id`) REFERENCES `lists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `list_items_list_title_unique` ON `list_items` (`list_id`,`title_id`);--> statement-breakpoint
CREATE INDEX `list_items_list_position_idx` ON `list_items` (`list_id`,`position`);--> statement-breakpoint
CREATE INDEX `list_items_title_idx` ON `list_items` (`title_id`);--> statement-breakpoint
CREATE TABLE `list_likes` (
	`list_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`list_id`, `user_id`),
	FOREIGN KEY (`list_id`) REFERENCES `lists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `list_likes_user_idx` ON `list_likes` (`user_id`);--> statement-breakpoint
-- A title deleted from the catalogue leaves its lists (cascade) with exact stored counts.
CREATE TRIGGER `list_items_title_deleted` BEFORE DELETE ON `titles` BEGIN
	UPDATE `lists` SET `items_count` = `items_count` - 1 WHERE `id` IN (SELECT `list_id` FROM `list_items` WHERE `title_id` = OLD.`id`);
END;--> statement-breakpoint
-- A user deleted: their likes (cascade) leave the liked lists' counts exact.
CREATE TRIGGER `list_likes_user_deleted` BEFORE DELETE ON `users` BEGIN
	UPDATE `lists` SET `likes_count` = `likes_count` - 1 WHERE `id` IN (SELECT `list_id` FROM `list_likes` WHERE `user_id` = OLD.`id`);
END;
