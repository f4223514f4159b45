CREATE TABLE `error_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_id` text NOT NULL,
	`source` text NOT NULL,
	`exception` text NOT NULL,
	`message` text NOT NULL,
	`stack` text,
	`method` text NOT NULL,
	`url` text NOT NULL,
	`user_id` integer,
	`user_agent` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `error_log_created_idx` ON `error_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `error_log_request_idx` ON `error_log` (`request_id`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`message` text NOT NULL,
	`user_id` integer,
	`ip_address` text,
	`user_agent` text,
	`mailed_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);