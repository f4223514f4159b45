-- Full-text search in popularity order (decision 005). The FTS indexes are
-- keyed by search_key (popularity first, then id; a generated column, 0010)
-- instead of id, so FTS5 returns matches most-popular-first and a search
-- for "the 10 best matches" reads 10 rows, not every match. Same columns,
-- tokenizer and prefix indexes as 0003.
DROP TRIGGER IF EXISTS `titles_fts_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `titles_fts_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `titles_fts_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `people_fts_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `people_fts_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `people_fts_update`;
--> statement-breakpoint
DROP TABLE IF EXISTS `titles_fts`;
--> statement-breakpoint
DROP TABLE IF EXISTS `people_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `titles_fts` USING fts5(
	name,
	original_name,
	content='titles',
	content_rowid='search_key',
	tokenize='unicode61 remove_diacritics 2',
	prefix='1 2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `people_fts` USING fts5(
	name,
	content='people',
	content_rowid='search_key',
	tokenize='unicode61 remove_diacritics 2',
	prefix='1 2 3'
);
--> statement-breakpoint
INSERT INTO titles_fts(titles_fts) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO people_fts(people_fts) VALUES ('rebuild');
--> statement-breakpoint
-- A change of name or popularity moves the row in the index; counters,
-- trending scores and other columns cost nothing here.
CREATE TRIGGER `titles_fts_insert` AFTER INSERT ON `titles` BEGIN
	INSERT INTO titles_fts(rowid, name, original_name) VALUES (new.search_key, new.name, new.original_name);
END;
--> statement-breakpoint
CREATE TRIGGER `titles_fts_delete` AFTER DELETE ON `titles` BEGIN
	INSERT INTO titles_fts(titles_fts, rowid, name, original_name) VALUES ('delete', old.search_key, old.name, old.original_name);
END;
--> statement-breakpoint
CREATE TRIGGER `titles_fts_update` AFTER UPDATE OF name, original_name, popularity, id ON `titles` BEGIN
	INSERT INTO titles_fts(titles_fts, rowid, name, original_name) VALUES ('delete', old.search_key, old.name, old.original_name);
	INSERT INTO titles_fts(rowid, name, original_name) VALUES (new.search_key, new.name, new.original_name);
END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_insert` AFTER INSERT ON `people` BEGIN
	INSERT INTO people_fts(rowid, name) VALUES (new.search_key, new.name);
END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_delete` AFTER DELETE ON `people` BEGIN
	INSERT INTO people_fts(people_fts, rowid, name) VALUES ('delete', old.search_key, old.name);
END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_update` AFTER UPDATE OF name, popularity, id ON `people` BEGIN
	INSERT INTO people_fts(people_fts, rowid, name) VALUES ('delete', old.search_key, old.name);
	INSERT INTO people_fts(rowid, name) VALUES (new.search_key, new.name);
END;
