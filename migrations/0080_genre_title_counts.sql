-- How many titles each genre has, kept by the links themselves: /titles
-- offers only genres that have titles and shows the count, without counting
-- title_genres on every view (decision 042). A link that is actually inserted
-- or deleted (a title's cascade too) moves the count in the same statement.
ALTER TABLE `genres` ADD `titles_count` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `genres` SET `titles_count` = (SELECT count(*) FROM `title_genres` tg WHERE tg.genre_id = `genres`.id);
--> statement-breakpoint
CREATE TRIGGER `title_genres_count_insert` AFTER INSERT ON `title_genres` BEGIN
	UPDATE genres SET titles_count = titles_count + 1 WHERE id = new.genre_id;
END;
--> statement-breakpoint
CREATE TRIGGER `title_genres_count_delete` AFTER DELETE ON `title_genres` BEGIN
	UPDATE genres SET titles_count = titles_count - 1 WHERE id = old.genre_id;
END;
--> statement-breakpoint
CREATE TRIGGER `title_genres_count_update` AFTER UPDATE OF `genre_id` ON `title_genres` WHEN old.genre_id <> new.genre_id BEGIN
	UPDATE genres SET titles_count = titles_count - 1 WHERE id = old.genre_id;
	UPDATE genres SET titles_count = titles_count + 1 WHERE id = new.genre_id;
END;
