-- Usernames (decision 043): the public handle and profile slug, 3-20 of [a-z0-9_], stored lower case, unique.
ALTER TABLE users ADD COLUMN username TEXT;

-- Existing accounts get one made from the name they show (display name, else first and last name), never the
-- e-mail (decision 021): lower case, spaces and hyphens to "_", dots and apostrophes dropped, at most 16
-- characters; a name with anything else left (accents, other scripts) or under 3 characters becomes member_<id>
-- (never shown as the name: the name itself comes first).
UPDATE users SET username = rtrim(substr(replace(replace(replace(replace(replace(replace(lower(trim(
    coalesce(nullif(trim(display_name), ''), trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')))
  )), ' ', '_'), '-', '_'), '.', ''), '''', ''), '__', '_'), '__', '_'), 1, 16), '_');
-- An account with no name at all keeps none (it shows as "Member <id>" until its owner picks one).
UPDATE users SET username = NULL WHERE username = '';
UPDATE users SET username = 'member_' || id
  WHERE username IS NOT NULL AND (length(username) < 3 OR username GLOB '*[^a-z0-9_]*' OR username GLOB '_*');

-- Alike names: the oldest account keeps the name, later ones get "_<id>" (a temporary index keeps this one seek per row).
CREATE INDEX users_username_tmp ON users (username);
UPDATE users SET username = substr(username, 1, 19 - length(id)) || '_' || id
  WHERE EXISTS (SELECT 1 FROM users u2 WHERE u2.username = users.username AND u2.id < users.id);
DROP INDEX users_username_tmp;

CREATE UNIQUE INDEX users_username_unique ON users (username);
