-- Follows, follow requests, blocks, the activity feed's rows and the
-- "someone I follow reviewed a title I rated" alerts (decision 033).

-- One row per follower and followed member: `active`, or `pending` while a
-- private profile's owner has not approved it.
CREATE TABLE `follows` (
	`follower_id` integer NOT NULL,
	`followee_id` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`follower_id`, `followee_id`),
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`followee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "follows_not_self" CHECK("follows"."follower_id" <> "follows"."followee_id"),
	CONSTRAINT "follows_status" CHECK("follows"."status" IN ('active', 'pending'))
);
--> statement-breakpoint
-- A member's followers (and requests), newest first, and their count.
CREATE INDEX `follows_followee_idx` ON `follows` (`followee_id`,`status`,`created_at`);
--> statement-breakpoint
-- Whom a member follows, newest first, and their count; the feed's list of people.
CREATE INDEX `follows_follower_idx` ON `follows` (`follower_id`,`status`,`created_at`);
--> statement-breakpoint
CREATE TABLE `user_blocks` (
	`blocker_id` integer NOT NULL,
	`blocked_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`blocker_id`, `blocked_id`),
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_blocks_not_self" CHECK("user_blocks"."blocker_id" <> "user_blocks"."blocked_id")
);
--> statement-breakpoint
-- "Has this member blocked me?" (the other direction of the primary key).
CREATE INDEX `user_blocks_blocked_idx` ON `user_blocks` (`blocked_id`,`blocker_id`);
--> statement-breakpoint
-- Stored counts (kept in the batch that changes `follows`) and who sees the member's activity.
CREATE TABLE `member_social` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`followers_count` integer DEFAULT 0 NOT NULL,
	`following_count` integer DEFAULT 0 NOT NULL,
	`requests_count` integer DEFAULT 0 NOT NULL,
	`activity_visibility` text DEFAULT 'everyone' NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "member_social_visibility" CHECK("member_social"."activity_visibility" IN ('everyone', 'followers', 'only_me'))
);
--> statement-breakpoint
-- What members did, one row per act, written by the triggers below in the
-- same transaction as the act itself (decision 033: the feed is built on read).
-- kind: rating (subject = ratings.id), watch (watch_history.id), review
-- (reviews.id), list (lists.id: created or changed), list_like (lists.id),
-- review_like (reviews.id).
CREATE TABLE `activities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`title_id` integer,
	`episode_id` integer,
	`subject_id` integer NOT NULL,
	`rating` integer,
	`watched_on` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`title_id`) REFERENCES `titles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The feed: each followed member's acts, newest first (keyset on id).
CREATE INDEX `activities_user_idx` ON `activities` (`user_id`,`id`);
--> statement-breakpoint
-- Removing an act's row when the act is undone.
CREATE INDEX `activities_subject_idx` ON `activities` (`kind`,`subject_id`);
--> statement-breakpoint
-- "Someone I follow reviewed a title I rated": one row per member and review, so each is told once.
CREATE TABLE `follow_review_alerts` (
	`user_id` integer NOT NULL,
	`review_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`user_id`, `review_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The alert job's progress: the last review id it looked at.
CREATE TABLE `social_job_cursors` (
	`name` text PRIMARY KEY NOT NULL,
	`last_id` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `activities_rating_insert` AFTER INSERT ON `ratings` WHEN NEW.episode_id IS NULL BEGIN
	INSERT INTO activities (user_id, kind, title_id, subject_id, rating, created_at) VALUES (NEW.user_id, 'rating', NEW.title_id, NEW.id, NEW.rating, NEW.updated_at);
END;
--> statement-breakpoint
CREATE TRIGGER `activities_rating_update` AFTER UPDATE OF rating ON `ratings` WHEN NEW.episode_id IS NULL AND NEW.rating <> OLD.rating BEGIN
	DELETE FROM activities WHERE kind = 'rating' AND subject_id = OLD.id;
	INSERT INTO activities (user_id, kind, title_id, subject_id, rating, created_at) VALUES (NEW.user_id, 'rating', NEW.title_id, NEW.id, NEW.rating, NEW.updated_at);
END;
--> statement-breakpoint
CREATE TRIGGER `activities_rating_delete` AFTER DELETE ON `ratings` WHEN OLD.episode_id IS NULL BEGIN
	DELETE FROM activities WHERE kind = 'rating' AND subject_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `activities_watch_insert` AFTER INSERT ON `watch_history` BEGIN
	INSERT INTO activities (user_id, kind, title_id, episode_id, subject_id, watched_on, created_at) VALUES (NEW.user_id, 'watch', NEW.title_id, NEW.episode_id, NEW.id, NEW.watched_on, NEW.created_at);
END;
--> statement-breakpoint
CREATE TRIGGER `activities_watch_update` AFTER UPDATE OF watched_on ON `watch_history` BEGIN
	UPDATE activities SET watched_on = NEW.watched_on WHERE kind = 'watch' AND subject_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `activities_watch_delete` AFTER DELETE ON `watch_history` BEGIN
	DELETE FROM activities WHERE kind = 'watch' AND subject_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `activities_review_insert` AFTER INSERT ON `reviews` BEGIN
	INSERT INTO activities (user_id, kind, title_id, subject_id, rating, created_at) VALUES (NEW.user_id, 'review', NEW.title_id, NEW.id, NEW.score, NEW.created_at);
END;
--> statement-breakpoint
CREATE TRIGGER `activities_review_delete` AFTER DELETE ON `reviews` BEGIN
	DELETE FROM activities WHERE kind IN ('review', 'review_like') AND subject_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `activities_review_vote_insert` AFTER INSERT ON `review_votes` WHEN NEW.helpful = 1 BEGIN
	INSERT INTO activities (user_id, kind, title_id, subject_id) SELECT NEW.user_id, 'review_like', title_id, id FROM reviews WHERE id = NEW.review_id;
END;
--> statement-breakpoint
CREATE TRIGGER `activities_review_vote_update` AFTER UPDATE OF helpful ON `review_votes` WHEN NEW.helpful <> OLD.helpful BEGIN
	DELETE FROM activities WHERE kind = 'review_like' AND subject_id = OLD.review_id AND user_id = OLD.user_id;
	INSERT INTO activities (user_id, kind, title_id, subject_id) SELECT NEW.user_id, 'review_like', title_id, id FROM reviews WHERE id = NEW.review_id AND NEW.helpful = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `activities_review_vote_delete` AFTER DELETE ON `review_votes` BEGIN
	DELETE FROM activities WHERE kind = 'review_like' AND subject_id = OLD.review_id AND user_id = OLD.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `activities_list_like_insert` AFTER INSERT ON `list_likes` BEGIN
	INSERT INTO activities (user_id, kind, subject_id) VALUES (NEW.user_id, 'list_like', NEW.list_id);
END;
--> statement-breakpoint
CREATE TRIGGER `activities_list_like_delete` AFTER DELETE ON `list_likes` BEGIN
	DELETE FROM activities WHERE kind = 'list_like' AND subject_id = OLD.list_id AND user_id = OLD.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `activities_list_insert` AFTER INSERT ON `lists` WHEN NEW.public = 1 BEGIN
	INSERT INTO activities (user_id, kind, subject_id) VALUES (NEW.user_id, 'list', NEW.id);
END;
--> statement-breakpoint
-- A public list's changes: at most one row an hour (adding ten titles is one act).
CREATE TRIGGER `activities_list_update` AFTER UPDATE OF name, description, items_count, public ON `lists`
WHEN NEW.public = 1 AND NOT EXISTS (SELECT 1 FROM activities WHERE kind = 'list' AND subject_id = NEW.id AND created_at > unixepoch() - 3600) BEGIN
	INSERT INTO activities (user_id, kind, subject_id) VALUES (NEW.user_id, 'list', NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER `activities_list_delete` AFTER DELETE ON `lists` BEGIN
	DELETE FROM activities WHERE kind IN ('list', 'list_like') AND subject_id = OLD.id;
END;
--> statement-breakpoint
-- What members did before this migration, oldest first (so ids follow time).
INSERT INTO activities (user_id, kind, title_id, episode_id, subject_id, rating, watched_on, created_at)
SELECT user_id, kind, title_id, episode_id, subject_id, rating, watched_on, created_at FROM (
	SELECT user_id, 'rating' AS kind, title_id, NULL AS episode_id, id AS subject_id, rating, NULL AS watched_on, updated_at AS created_at FROM ratings WHERE episode_id IS NULL
	UNION ALL SELECT user_id, 'watch', title_id, episode_id, id, NULL, watched_on, created_at FROM watch_history
	UNION ALL SELECT user_id, 'review', title_id, NULL, id, score, NULL, created_at FROM reviews
	UNION ALL SELECT user_id, 'list', NULL, NULL, id, NULL, NULL, created_at FROM lists WHERE public = 1
) ORDER BY created_at, subject_id;
