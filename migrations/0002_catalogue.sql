CREATE TABLE `credits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title_id` integer NOT NULL,
	`episode_id` integer,
	`person_id` integer NOT NULL,
	`kind` text NOT NULL,
	`character` text,
	`position` integer DEFAULT 0 NOT NULL,
	`department` text NOT NULL,
	`job` text NOT NULL,
	`generated` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`episode_id`) REFERENCES `episodes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "credits_kind_check" CHECK("credits"."kind" IN ('cast', 'crew'))
);
--> statement-breakpoint
CREATE INDEX `credits_title_idx` ON `credits` (`title_id`,`kind`,`episode_id`,`position`);--> statement-breakpoint
CREATE INDEX `credits_person_idx` ON `credits` (`person_id`,`title_id`);--> statement-breakpoint
CREATE INDEX `credits_episode_idx` ON `credits` (`episode_id`,`kind`,`position`) WHERE "credits"."episode_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `episodes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title_id` integer NOT NULL,
	`season_id` integer NOT NULL,
	`season_number` integer NOT NULL,
	`episode_number` integer NOT NULL,
	`name` text NOT NULL,
	`plot` text,
	`air_date` text,
	`runtime` integer,
	`still` text,
	`rating` real,
	`vote_count` integer DEFAULT 0 NOT NULL,
	`generated_fields` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`season_id`) REFERENCES `seasons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `episodes_title_season_episode_idx` ON `episodes` (`title_id`,`season_number`,`episode_number`);--> statement-breakpoint
CREATE INDEX `episodes_season_idx` ON `episodes` (`season_id`,`episode_number`);--> statement-breakpoint
CREATE TABLE `genres` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `genres_name_unique` ON `genres` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `genres_slug_unique` ON `genres` (`slug`);--> statement-breakpoint
CREATE TABLE `images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title_id` integer,
	`person_id` integer,
	`type` text NOT NULL,
	`url` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "images_owner_check" CHECK("images"."title_id" IS NOT NULL OR "images"."person_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX `images_title_idx` ON `images` (`title_id`,`type`,`position`) WHERE "images"."title_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `images_person_idx` ON `images` (`person_id`,`position`) WHERE "images"."person_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `keywords` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `keywords_name_unique` ON `keywords` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `keywords_slug_unique` ON `keywords` (`slug`);--> statement-breakpoint
CREATE TABLE `people` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`biography` text,
	`birth_date` text,
	`death_date` text,
	`birth_place` text,
	`gender` text DEFAULT 'unknown' NOT NULL,
	`known_for` text,
	`popularity` real DEFAULT 0 NOT NULL,
	`profile` text,
	`views` integer DEFAULT 0 NOT NULL,
	`generated_fields` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `people_popularity_idx` ON `people` (`popularity`);--> statement-breakpoint
CREATE INDEX `people_name_idx` ON `people` (`name`);--> statement-breakpoint
CREATE TABLE `seasons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title_id` integer NOT NULL,
	`number` integer NOT NULL,
	`name` text NOT NULL,
	`plot` text,
	`air_date` text,
	`poster` text,
	`episode_count` integer DEFAULT 0 NOT NULL,
	`generated_fields` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seasons_title_number_idx` ON `seasons` (`title_id`,`number`);--> statement-breakpoint
CREATE TABLE `title_genres` (
	`title_id` integer NOT NULL,
	`genre_id` integer NOT NULL,
	PRIMARY KEY(`title_id`, `genre_id`),
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`genre_id`) REFERENCES `genres`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `title_genres_genre_idx` ON `title_genres` (`genre_id`,`title_id`);--> statement-breakpoint
CREATE TABLE `title_keywords` (
	`title_id` integer NOT NULL,
	`keyword_id` integer NOT NULL,
	PRIMARY KEY(`title_id`, `keyword_id`),
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`keyword_id`) REFERENCES `keywords`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `title_keywords_keyword_idx` ON `title_keywords` (`keyword_id`,`title_id`);--> statement-breakpoint
CREATE TABLE `title_views` (
	`title_id` integer NOT NULL,
	`viewer_key` text NOT NULL,
	`day` integer NOT NULL,
	PRIMARY KEY(`title_id`, `viewer_key`, `day`),
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `title_views_day_idx` ON `title_views` (`day`,`title_id`);--> statement-breakpoint
CREATE TABLE `titles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`original_name` text,
	`slug` text NOT NULL,
	`release_date` text,
	`year` integer,
	`end_year` integer,
	`runtime` integer,
	`tagline` text,
	`plot` text,
	`certification` text,
	`language` text,
	`countries` text DEFAULT '[]' NOT NULL,
	`budget` integer,
	`revenue` integer,
	`popularity` real DEFAULT 0 NOT NULL,
	`rating` real,
	`vote_count` integer DEFAULT 0 NOT NULL,
	`external_rating` real,
	`external_votes` integer,
	`rotten_tomatoes` integer,
	`poster` text,
	`backdrop` text,
	`season_count` integer DEFAULT 0 NOT NULL,
	`episode_count` integer DEFAULT 0 NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`plays` integer DEFAULT 0 NOT NULL,
	`trending_score` real DEFAULT 0 NOT NULL,
	`generated_fields` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	CONSTRAINT "titles_type_check" CHECK("titles"."type" IN ('movie', 'series'))
);
--> statement-breakpoint
CREATE INDEX `titles_popularity_idx` ON `titles` (`popularity`);--> statement-breakpoint
CREATE INDEX `titles_type_popularity_idx` ON `titles` (`type`,`popularity`);--> statement-breakpoint
CREATE INDEX `titles_external_rating_idx` ON `titles` (`external_rating`);--> statement-breakpoint
CREATE INDEX `titles_type_external_rating_idx` ON `titles` (`type`,`external_rating`);--> statement-breakpoint
CREATE INDEX `titles_rating_idx` ON `titles` (`rating`);--> statement-breakpoint
CREATE INDEX `titles_release_date_idx` ON `titles` (`release_date`);--> statement-breakpoint
CREATE INDEX `titles_type_release_date_idx` ON `titles` (`type`,`release_date`);--> statement-breakpoint
CREATE INDEX `titles_name_idx` ON `titles` (`name`);--> statement-breakpoint
CREATE INDEX `titles_type_name_idx` ON `titles` (`type`,`name`);--> statement-breakpoint
CREATE INDEX `titles_year_idx` ON `titles` (`year`,`popularity`);--> statement-breakpoint
CREATE INDEX `titles_certification_idx` ON `titles` (`certification`,`popularity`);--> statement-breakpoint
CREATE INDEX `titles_trending_idx` ON `titles` (`trending_score`);--> statement-breakpoint
CREATE TABLE `video_plays` (
	`video_id` integer NOT NULL,
	`viewer_key` text NOT NULL,
	`day` integer NOT NULL,
	`title_id` integer NOT NULL,
	PRIMARY KEY(`video_id`, `viewer_key`, `day`),
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `video_plays_day_idx` ON `video_plays` (`day`,`title_id`);--> statement-breakpoint
CREATE TABLE `videos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title_id` integer NOT NULL,
	`episode_id` integer,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`source` text NOT NULL,
	`src` text NOT NULL,
	`mime` text,
	`quality` text,
	`language` text,
	`duration` integer,
	`thumbnail` text,
	`position` integer DEFAULT 0 NOT NULL,
	`plays` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`episode_id`) REFERENCES `episodes`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "videos_source_check" CHECK("videos"."source" IN ('r2', 'external', 'youtube', 'vimeo'))
);
--> statement-breakpoint
CREATE INDEX `videos_title_idx` ON `videos` (`title_id`,`position`);--> statement-breakpoint
CREATE INDEX `videos_episode_idx` ON `videos` (`episode_id`) WHERE "videos"."episode_id" IS NOT NULL;