-- Browse (issue 15, decision 020): the sort indexes also hold runtime and original language,
-- so those filters are tested on the index entry; ascending sorts on a column that can be
-- NULL walk an index keyed by "is it NULL" first, so titles without the value come last.
-- People browse gets the same one-index-per-sort shape for its department and gender filters.
DROP INDEX IF EXISTS `titles_browse_popularity_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `titles_browse_rating_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `titles_browse_release_date_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `titles_browse_name_idx`;--> statement-breakpoint
CREATE INDEX `titles_browse_popularity_idx` ON `titles` (`popularity`,`type`,`year`,`external_rating`,`certification`,`runtime`,`language`);--> statement-breakpoint
CREATE INDEX `titles_browse_rating_idx` ON `titles` (`external_rating`,`type`,`year`,`certification`,`runtime`,`language`);--> statement-breakpoint
CREATE INDEX `titles_browse_release_date_idx` ON `titles` (`release_date`,`type`,`year`,`external_rating`,`certification`,`runtime`,`language`);--> statement-breakpoint
CREATE INDEX `titles_browse_name_idx` ON `titles` (`name`,`type`,`year`,`external_rating`,`certification`,`runtime`,`language`);--> statement-breakpoint
CREATE INDEX `titles_browse_rating_nulls_last_idx` ON `titles` ((`external_rating` IS NULL),`external_rating`,`type`,`year`,`certification`,`runtime`,`language`);--> statement-breakpoint
CREATE INDEX `titles_browse_release_date_nulls_last_idx` ON `titles` ((`release_date` IS NULL),`release_date`,`type`,`year`,`external_rating`,`certification`,`runtime`,`language`);--> statement-breakpoint
CREATE INDEX `people_browse_popularity_idx` ON `people` (`popularity`,`known_for`,`gender`);--> statement-breakpoint
CREATE INDEX `people_browse_name_idx` ON `people` (`name`,`known_for`,`gender`);
