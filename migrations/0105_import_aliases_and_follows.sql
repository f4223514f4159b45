-- Imports match a row by a title's alternative names too (decision 027,
-- "2026-11-28, second pass"): each alias's folded name (the title slug's
-- folding: diacritics, case and punctuation dropped), written by whoever
-- writes the alias (TMDB import, seed), looked up through its own index.
ALTER TABLE `title_aliases` ADD `name_key` text;--> statement-breakpoint
CREATE INDEX `title_aliases_name_key_idx` ON `title_aliases` (`name_key`) WHERE `name_key` IS NOT NULL;--> statement-breakpoint
-- Aliases written before: a name of plain letters, digits and single spaces
-- folds to its lower-case words joined by hyphens, as slugify does. The
-- others get their key at the title's next TMDB refresh or the next seed.
UPDATE `title_aliases` SET `name_key` = lower(replace(`name`, ' ', '-'))
	WHERE `name` <> '' AND `name` NOT GLOB '*[^A-Za-z0-9 ]*' AND `name` NOT GLOB '*  *' AND `name` NOT GLOB ' *' AND `name` NOT GLOB '* ';--> statement-breakpoint
-- Follows restored from an export carry the import's id, so its undo removes exactly them.
ALTER TABLE `follows` ADD `import_id` integer;--> statement-breakpoint
CREATE INDEX `follows_import_idx` ON `follows` (`import_id`) WHERE `import_id` IS NOT NULL;
