CREATE INDEX `titles_browse_popularity_idx` ON `titles` (`popularity`,`type`,`year`,`external_rating`,`certification`);--> statement-breakpoint
CREATE INDEX `titles_browse_rating_idx` ON `titles` (`external_rating`,`type`,`year`,`certification`);--> statement-breakpoint
CREATE INDEX `titles_browse_release_date_idx` ON `titles` (`release_date`,`type`,`year`,`external_rating`,`certification`);--> statement-breakpoint
CREATE INDEX `titles_browse_name_idx` ON `titles` (`name`,`type`,`year`,`external_rating`,`certification`);