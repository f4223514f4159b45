-- "Airing this week" channels (decision 022): the refresh job reads episodes by
-- air date range; this index makes that a seek instead of a scan of every episode.
CREATE INDEX `episodes_air_date_idx` ON `episodes` (`air_date`);
