-- One row: the version of everything the public pages show. Every admin write
-- bumps it; guests' page copies (per isolate and in the Cache API) are keyed by
-- it, so an edit shows everywhere within CONTENT_VERSION_REFRESH_MS (decision 026).
CREATE TABLE `content_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
-- A random start: a database made anew (a fresh local state, a restore) never reuses
-- the keys of copies an earlier database left in the Cache API.
INSERT INTO `content_version` (`id`, `version`) VALUES (1, abs(random() % 1000000000));
