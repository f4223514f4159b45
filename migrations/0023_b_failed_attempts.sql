-- Issue 16, findings 2 and 3: failed sign-ins and two-factor codes per
-- account (or per known-device cookie) over a rolling day, for progressive
-- back-off and the daily lock (docs/decisions/021-security-hardening.md).
-- `subject` is the normalised e-mail address for sign-ins (so an address
-- without an account is throttled alike), "user:<id>" for two-factor codes,
-- "device:<nonce>" for a known device's own failures.
CREATE TABLE `failed_attempts` (
	`subject` text NOT NULL,
	`kind` text NOT NULL,
	`window_started_at` integer NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_failed_at` integer NOT NULL,
	PRIMARY KEY(`subject`, `kind`)
);
--> statement-breakpoint
CREATE INDEX `failed_attempts_window_idx` ON `failed_attempts` (`window_started_at`);
