DROP INDEX `file_entries_workspace_idx`;--> statement-breakpoint
CREATE INDEX `file_entries_workspace_idx` ON `file_entries` (`workspace_id`,`deleted_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `mail_deliveries_status_id_idx` ON `mail_deliveries` (`status`,`id`);