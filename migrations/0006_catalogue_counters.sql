-- Running totals follow the once-per-viewer-per-day rows: a view or play
-- row that is actually inserted (not ignored as a repeat) bumps the counters
-- in the same statement, so counting needs a single round trip and cannot
-- drift. Pruning old rows (trending job) deliberately does not decrement.
CREATE TRIGGER `title_views_count` AFTER INSERT ON `title_views` BEGIN
	UPDATE titles SET views = views + 1 WHERE id = new.title_id;
END;
--> statement-breakpoint
CREATE TRIGGER `video_plays_count` AFTER INSERT ON `video_plays` BEGIN
	UPDATE videos SET plays = plays + 1 WHERE id = new.video_id;
	UPDATE titles SET plays = plays + 1 WHERE id = new.title_id;
END;
