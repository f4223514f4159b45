-- Full-text search over titles and people (FTS5, external content).
-- The indexes hold only the searchable names; rows are read back from
-- titles/people by rowid. remove_diacritics lets "amelie" find "Amélie";
-- the prefix indexes make type-ahead ("mat*") cheap.
CREATE VIRTUAL TABLE `titles_fts` USING fts5(
	name,
	original_name,
	content='titles',
	content_rowid='id',
	tokenize='unicode61 remove_diacritics 2',
	prefix='1 2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `people_fts` USING fts5(
	name,
	content='people',
	content_rowid='id',
	tokenize='unicode61 remove_diacritics 2',
	prefix='1 2 3'
);
--> statement-breakpoint
-- Triggers keep the indexes in sync. Updates fire only when a searched
-- column changes, so view counters and trending updates cost nothing here.
CREATE TRIGGER `titles_fts_insert` AFTER INSERT ON `titles` BEGIN
	INSERT INTO titles_fts(rowid, name, original_name) VALUES (new.id, new.name, new.original_name);
END;
--> statement-breakpoint
CREATE TRIGGER `titles_fts_delete` AFTER DELETE ON `titles` BEGIN
	INSERT INTO titles_fts(titles_fts, rowid, name, original_name) VALUES ('delete', old.id, old.name, old.original_name);
END;
--> statement-breakpoint
CREATE TRIGGER `titles_fts_update` AFTER UPDATE OF name, original_name ON `titles` BEGIN
	INSERT INTO titles_fts(titles_fts, rowid, name, original_name) VALUES ('delete', old.id, old.name, old.original_name);
	INSERT INTO titles_fts(rowid, name, original_name) VALUES (new.id, new.name, new.original_name);
END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_insert` AFTER INSERT ON `people` BEGIN
	INSERT INTO people_fts(rowid, name) VALUES (new.id, new.name);
END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_delete` AFTER DELETE ON `people` BEGIN
	INSERT INTO people_fts(people_fts, rowid, name) VALUES ('delete', old.id, old.name);
END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_update` AFTER UPDATE OF name ON `people` BEGIN
	INSERT INTO people_fts(people_fts, rowid, name) VALUES ('delete', old.id, old.name);
	INSERT INTO people_fts(rowid, name) VALUES (new.id, new.name);
END;
