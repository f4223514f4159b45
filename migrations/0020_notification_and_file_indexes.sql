DROP INDEX `notifications_user_browser_idx`;--> statement-breakpoint
DROP INDEX `notifications_created_idx`;--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_in_app_created_idx` ON `notifications` (`in_app`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_read_idx` ON `notifications` (`read_at`);--> statement-breakpoint
DROP INDEX `file_entries_owner_idx`;--> statement-breakpoint
CREATE INDEX `file_entries_owner_idx` ON `file_entries` (`owner_id`,`workspace_id`,`deleted_at`,`created_at`);