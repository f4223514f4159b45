CREATE INDEX `custom_pages_updated_at_idx` ON `custom_pages` (`updated_at`);--> statement-breakpoint
CREATE INDEX `custom_pages_title_idx` ON `custom_pages` (`title`);--> statement-breakpoint
CREATE INDEX `people_created_at_idx` ON `people` (`created_at`);--> statement-breakpoint
CREATE INDEX `people_updated_at_idx` ON `people` (`updated_at`);--> statement-breakpoint
CREATE INDEX `people_gender_idx` ON `people` (`gender`,`popularity`);--> statement-breakpoint
CREATE INDEX `people_known_for_idx` ON `people` (`known_for`,`popularity`);--> statement-breakpoint
CREATE INDEX `titles_created_at_idx` ON `titles` (`created_at`);--> statement-breakpoint
CREATE INDEX `titles_updated_at_idx` ON `titles` (`updated_at`);--> statement-breakpoint
CREATE INDEX `videos_name_idx` ON `videos` (`name`);--> statement-breakpoint
CREATE INDEX `videos_plays_idx` ON `videos` (`plays`);--> statement-breakpoint
CREATE INDEX `videos_category_idx` ON `videos` (`category`);--> statement-breakpoint
CREATE INDEX `videos_source_idx` ON `videos` (`source`);--> statement-breakpoint
CREATE INDEX `users_first_name_lower_idx` ON `users` (lower("first_name"));--> statement-breakpoint
CREATE INDEX `users_last_name_lower_idx` ON `users` (lower("last_name"));--> statement-breakpoint
CREATE INDEX `users_display_name_lower_idx` ON `users` (lower("display_name"));--> statement-breakpoint
CREATE INDEX `users_unverified_idx` ON `users` (`id`) WHERE "users"."email_verified_at" IS NULL;--> statement-breakpoint
CREATE INDEX `subscriptions_status_idx` ON `subscriptions` (`status`,`current_period_end`);--> statement-breakpoint
CREATE INDEX `subscriptions_period_end_idx` ON `subscriptions` (`current_period_end`);--> statement-breakpoint
CREATE INDEX `workspaces_name_idx` ON `workspaces` (`name`);