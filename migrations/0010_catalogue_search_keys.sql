ALTER TABLE `people` ADD `search_key` integer GENERATED ALWAYS AS ((1000000 - min(max(CAST(popularity * 100 AS INTEGER), 0), 999999)) * 4294967296 + id) VIRTUAL;--> statement-breakpoint
CREATE UNIQUE INDEX `people_search_key_idx` ON `people` (`search_key`);--> statement-breakpoint
CREATE INDEX `people_name_lower_idx` ON `people` (lower("name"));--> statement-breakpoint
ALTER TABLE `titles` ADD `search_key` integer GENERATED ALWAYS AS ((1000000 - min(max(CAST(popularity * 100 AS INTEGER), 0), 999999)) * 4294967296 + id) VIRTUAL;--> statement-breakpoint
CREATE UNIQUE INDEX `titles_search_key_idx` ON `titles` (`search_key`);--> statement-breakpoint
CREATE INDEX `titles_name_lower_idx` ON `titles` (lower("name"));