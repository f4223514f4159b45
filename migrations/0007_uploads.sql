CREATE TABLE `file_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`file_name` text NOT NULL,
	`mime` text NOT NULL,
	`size` integer NOT NULL,
	`extension` text DEFAULT '' NOT NULL,
	`disk` text NOT NULL,
	`path` text NOT NULL,
	`etag` text,
	`owner_id` integer,
	`workspace_id` integer DEFAULT 0 NOT NULL,
	`metadata` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `file_entries_file_name_unique` ON `file_entries` (`file_name`);--> statement-breakpoint
CREATE UNIQUE INDEX `file_entries_path_unique` ON `file_entries` (`path`);--> statement-breakpoint
CREATE INDEX `file_entries_owner_idx` ON `file_entries` (`owner_id`,`deleted_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `file_entries_workspace_idx` ON `file_entries` (`workspace_id`,`deleted_at`);--> statement-breakpoint
CREATE INDEX `file_entries_deleted_idx` ON `file_entries` (`deleted_at`);--> statement-breakpoint
CREATE TABLE `upload_parts` (
	`session_id` text NOT NULL,
	`part_number` integer NOT NULL,
	`etag` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`session_id`, `part_number`),
	FOREIGN KEY (`session_id`) REFERENCES `upload_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `upload_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'uploading' NOT NULL,
	`owner_id` integer,
	`workspace_id` integer DEFAULT 0 NOT NULL,
	`disk` text NOT NULL,
	`path` text NOT NULL,
	`r2_upload_id` text,
	`client_name` text NOT NULL,
	`client_mime` text NOT NULL,
	`client_extension` text DEFAULT '' NOT NULL,
	`size` integer NOT NULL,
	`part_size` integer DEFAULT 0 NOT NULL,
	`offset` integer DEFAULT 0 NOT NULL,
	`tail_size` integer DEFAULT 0 NOT NULL,
	`metadata` text,
	`lock_token` text,
	`locked_until` integer,
	`file_entry_id` integer,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`file_entry_id`) REFERENCES `file_entries`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `upload_sessions_expires_idx` ON `upload_sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `upload_sessions_owner_idx` ON `upload_sessions` (`owner_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `upload_sessions_path_unique` ON `upload_sessions` (`path`);