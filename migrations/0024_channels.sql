CREATE TABLE `channels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text,
	`seo_title` text,
	`seo_description` text,
	`layout` text DEFAULT 'carousel' NOT NULL,
	`per_page` integer DEFAULT 20 NOT NULL,
	`public` integer DEFAULT true NOT NULL,
	`source` text DEFAULT 'manual' NOT NULL,
	`rule` text,
	`refreshed_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `channels_slug_idx` ON `channels` (`slug`);--> statement-breakpoint
CREATE INDEX `channels_source_idx` ON `channels` (`source`);--> statement-breakpoint
CREATE INDEX `channels_updated_at_idx` ON `channels` (`updated_at`);--> statement-breakpoint
CREATE TABLE `channel_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`variant` text DEFAULT '' NOT NULL,
	`position` integer NOT NULL,
	`title_id` integer,
	`person_id` integer,
	`episode_id` integer,
	`video_id` integer,
	`child_channel_id` integer,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`episode_id`) REFERENCES `episodes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "channel_items_one_target_check" CHECK(("channel_items"."title_id" IS NOT NULL) + ("channel_items"."person_id" IS NOT NULL) + ("channel_items"."episode_id" IS NOT NULL) + ("channel_items"."video_id" IS NOT NULL) + ("channel_items"."child_channel_id" IS NOT NULL) = 1)
);
--> statement-breakpoint
CREATE INDEX `channel_items_channel_idx` ON `channel_items` (`channel_id`,`variant`,`position`);--> statement-breakpoint
CREATE INDEX `channel_items_title_idx` ON `channel_items` (`title_id`) WHERE "channel_items"."title_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `channel_items_person_idx` ON `channel_items` (`person_id`) WHERE "channel_items"."person_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `channel_items_episode_idx` ON `channel_items` (`episode_id`) WHERE "channel_items"."episode_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `channel_items_video_idx` ON `channel_items` (`video_id`) WHERE "channel_items"."video_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `channel_items_child_idx` ON `channel_items` (`child_channel_id`) WHERE "channel_items"."child_channel_id" IS NOT NULL;
