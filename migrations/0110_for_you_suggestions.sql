-- "For you" kept per member (decision 047): worked out again only when what it
-- came from changed (its seeds, the member's newest viewing, their counts of
-- ratings and viewings) or it is older than FOR_YOU_CACHE_TTL_MS. Derived data:
-- a deleted member's row goes with them.
CREATE TABLE `for_you_suggestions` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`signature` text NOT NULL,
	`suggestions` text NOT NULL,
	`seeds` integer NOT NULL,
	`computed_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
