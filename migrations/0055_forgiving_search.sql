-- Forgiving search (decision 032).
--
-- Names written since the typo index last read them. Triggers fill it on
-- every title, alias and person write (whatever path wrote it: editor, TMDB
-- import, seed); the search reads it with its first statement and counts
-- its words at once, and whoever reads it puts the words into search_terms
-- (search-index.server.ts). Words of deleted names stay: a vocabulary word
-- with no name left finds nothing in the FTS indexes.
CREATE TABLE `search_vocabulary_queue` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
-- Other names of a title (original, alternative and translated titles from
-- TMDB, curated ones from the seed), searchable through their own FTS index
-- and shown as "also known as".
CREATE TABLE `title_aliases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title_id` integer NOT NULL,
	`name` text NOT NULL,
	`kind` text DEFAULT 'alternative' NOT NULL,
	`country` text,
	`language` text,
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "title_aliases_kind_check" CHECK("title_aliases"."kind" IN ('original', 'alternative', 'translation'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `title_aliases_title_name_idx` ON `title_aliases` (`title_id`,`name`);
--> statement-breakpoint
CREATE VIRTUAL TABLE `title_aliases_fts` USING fts5(
	name,
	content='title_aliases',
	content_rowid='id',
	tokenize='unicode61 remove_diacritics 2',
	prefix='1 2 3'
);
--> statement-breakpoint
CREATE TRIGGER `title_aliases_fts_insert` AFTER INSERT ON `title_aliases` BEGIN
	INSERT INTO title_aliases_fts(rowid, name) VALUES (new.id, new.name);
	INSERT INTO search_vocabulary_queue(name) VALUES (new.name);
END;
--> statement-breakpoint
CREATE TRIGGER `title_aliases_fts_delete` AFTER DELETE ON `title_aliases` BEGIN
	INSERT INTO title_aliases_fts(title_aliases_fts, rowid, name) VALUES ('delete', old.id, old.name);
END;
--> statement-breakpoint
CREATE TRIGGER `title_aliases_fts_update` AFTER UPDATE OF name, id ON `title_aliases` BEGIN
	INSERT INTO title_aliases_fts(title_aliases_fts, rowid, name) VALUES ('delete', old.id, old.name);
	INSERT INTO title_aliases_fts(rowid, name) VALUES (new.id, new.name);
	INSERT INTO search_vocabulary_queue(name) VALUES (new.name);
END;
--> statement-breakpoint
-- The typo index: for each word of the vocabulary (every word of a title's,
-- alias's or person's name), the strings made by deleting up to two letters
-- of its first seven (SymSpell's symmetric deletion; search-text.ts). A query
-- word's own deletions looked up here give the vocabulary words within its
-- edit distance in one indexed statement, whatever the catalogue's size.
CREATE TABLE `search_terms` (
	`variant` text NOT NULL,
	`term` text NOT NULL,
	PRIMARY KEY(`variant`, `term`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `titles_search_vocabulary_insert` AFTER INSERT ON `titles` BEGIN
	INSERT INTO search_vocabulary_queue(name) SELECT new.name UNION ALL SELECT new.original_name WHERE new.original_name IS NOT NULL AND new.original_name <> new.name;
END;
--> statement-breakpoint
CREATE TRIGGER `titles_search_vocabulary_update` AFTER UPDATE OF name, original_name ON `titles` BEGIN
	INSERT INTO search_vocabulary_queue(name) SELECT new.name WHERE new.name <> old.name UNION ALL SELECT new.original_name WHERE new.original_name IS NOT NULL AND new.original_name IS NOT old.original_name;
END;
--> statement-breakpoint
CREATE TRIGGER `people_search_vocabulary_insert` AFTER INSERT ON `people` BEGIN
	INSERT INTO search_vocabulary_queue(name) VALUES (new.name);
END;
--> statement-breakpoint
CREATE TRIGGER `people_search_vocabulary_update` AFTER UPDATE OF name ON `people` WHEN new.name <> old.name BEGIN
	INSERT INTO search_vocabulary_queue(name) VALUES (new.name);
END;
--> statement-breakpoint
-- The words already in the FTS indexes go to the queue once (their
-- vocabulary, not every name: a few thousand rows however large the
-- catalogue); the scheduled jobs and the first searches index them.
CREATE VIRTUAL TABLE `search_vocabulary_titles` USING fts5vocab(`titles_fts`, 'row');
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_vocabulary_people` USING fts5vocab(`people_fts`, 'row');
--> statement-breakpoint
INSERT INTO search_vocabulary_queue(name) SELECT term FROM search_vocabulary_titles UNION SELECT term FROM search_vocabulary_people;
--> statement-breakpoint
DROP TABLE `search_vocabulary_titles`;
--> statement-breakpoint
DROP TABLE `search_vocabulary_people`;
