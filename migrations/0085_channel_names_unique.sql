-- Channel names are unique, ignoring case (decision 043): the admin list tells channels apart by name.
-- The presets named three pairs alike; give them the presets' new names first.
UPDATE channels SET name = 'Popular in this genre' WHERE slug = 'popular-in-genre' AND name = 'Popular';
UPDATE channels SET name = 'Top rated in this genre' WHERE slug = 'top-rated-in-genre' AND name = 'Top rated';
UPDATE channels SET name = 'New releases in this genre' WHERE slug = 'new-in-genre' AND name = 'New releases';
UPDATE channels SET name = 'Movies coming soon' WHERE slug = 'coming-soon-movies' AND name = 'Coming soon';
-- Any other duplicate keeps the oldest row's name; the later ones get their (unique) slug appended.
UPDATE channels SET name = name || ' (' || slug || ')'
  WHERE EXISTS (SELECT 1 FROM channels c2 WHERE lower(c2.name) = lower(channels.name) AND c2.id < channels.id);
CREATE UNIQUE INDEX channels_name_unique ON channels (lower(name));
