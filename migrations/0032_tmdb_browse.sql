-- TMDB data in browse (issues 15, 17, 18; decision 020): the browse indexes also hold the
-- TMDB vote average, so the "TMDB rating" minimum filter is tested on the index entry; the
-- TMDB rating sort walks its own index (and a "nulls last" one for ascending). The "where to
-- watch" provider list walks watch_providers in display order.
DROP INDEX IF EXISTS `titles_browse_popularity_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `titles_browse_rating_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `titles_browse_release_date_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `titles_browse_name_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `titles_browse_rating_nulls_last_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `titles_browse_release_date_nulls_last_idx`;--> statement-breakpoint
CREATE INDEX `titles_browse_popularity_idx` ON `titles` (`popularity`,`type`,`year`,`external_rating`,`certification`,`runtime`,`language`,`tmdb_rating`);--> statement-breakpoint
CREATE INDEX `titles_browse_rating_idx` ON `titles` (`external_rating`,`type`,`year`,`certification`,`runtime`,`language`,`tmdb_rating`);--> statement-breakpoint
CREATE INDEX `titles_browse_release_date_idx` ON `titles` (`release_date`,`type`,`year`,`external_rating`,`certification`,`runtime`,`language`,`tmdb_rating`);--> statement-breakpoint
CREATE INDEX `titles_browse_name_idx` ON `titles` (`name`,`type`,`year`,`external_rating`,`certification`,`runtime`,`language`,`tmdb_rating`);--> statement-breakpoint
CREATE INDEX `titles_browse_tmdb_rating_idx` ON `titles` (`tmdb_rating`,`type`,`year`,`external_rating`,`certification`,`runtime`,`language`);--> statement-breakpoint
CREATE INDEX `titles_browse_rating_nulls_last_idx` ON `titles` ((`external_rating` IS NULL),`external_rating`,`type`,`year`,`certification`,`runtime`,`language`,`tmdb_rating`);--> statement-breakpoint
CREATE INDEX `titles_browse_tmdb_rating_nulls_last_idx` ON `titles` ((`tmdb_rating` IS NULL),`tmdb_rating`,`type`,`year`,`external_rating`,`certification`,`runtime`,`language`);--> statement-breakpoint
CREATE INDEX `titles_browse_release_date_nulls_last_idx` ON `titles` ((`release_date` IS NULL),`release_date`,`type`,`year`,`external_rating`,`certification`,`runtime`,`language`,`tmdb_rating`);--> statement-breakpoint
CREATE INDEX `watch_providers_display_idx` ON `watch_providers` (`display_priority`,`name`,`id`);
