-- The admin users list sorts by the name it shows: display name, else first name, else e-mail,
-- case-insensitively (app/auth/user-admin.server.ts, orderOf "name"). drizzle-kit splits
-- expression indexes with commas, so this one is written by hand.
CREATE INDEX `users_name_idx` ON `users` (coalesce("display_name", "first_name", "email") COLLATE NOCASE);
