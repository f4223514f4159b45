CREATE TABLE `billing_customers` (
	`user_id` integer NOT NULL,
	`provider` text NOT NULL,
	`customer_id` text NOT NULL,
	`card_brand` text,
	`card_last4` text,
	`card_exp_month` integer,
	`card_exp_year` integer,
	`local_charge_outcome` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`user_id`, `provider`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_customers_provider_customer_unique` ON `billing_customers` (`provider`,`customer_id`);--> statement-breakpoint
CREATE TABLE `billing_events` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`type` text NOT NULL,
	`status` text NOT NULL,
	`event_created_at` integer NOT NULL,
	`received_at` integer NOT NULL,
	`processed_at` integer
);
--> statement-breakpoint
CREATE INDEX `billing_events_received_idx` ON `billing_events` (`received_at`);--> statement-breakpoint
CREATE TABLE `checkout_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`user_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`price_id` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`url` text NOT NULL,
	`provider_subscription_id` text,
	`expires_at` integer NOT NULL,
	`completed_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`price_id`) REFERENCES `prices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `checkout_sessions_user_idx` ON `checkout_sessions` (`user_id`,`price_id`,`status`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`subscription_id` integer,
	`provider` text NOT NULL,
	`provider_invoice_id` text NOT NULL,
	`provider_subscription_id` text,
	`number` text,
	`status` text NOT NULL,
	`status_rank` integer NOT NULL,
	`payment_failed_at` integer,
	`paid_at` integer,
	`total` integer NOT NULL,
	`amount_paid` integer DEFAULT 0 NOT NULL,
	`amount_due` integer DEFAULT 0 NOT NULL,
	`currency` text NOT NULL,
	`lines` text DEFAULT '[]' NOT NULL,
	`hosted_url` text,
	`pdf_url` text,
	`period_start` integer,
	`period_end` integer,
	`issued_at` integer NOT NULL,
	`provider_version` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_provider_unique` ON `invoices` (`provider`,`provider_invoice_id`);--> statement-breakpoint
CREATE INDEX `invoices_user_idx` ON `invoices` (`user_id`,`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_subscription_idx` ON `invoices` (`subscription_id`);--> statement-breakpoint
CREATE TABLE `prices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`interval` text NOT NULL,
	`interval_count` integer DEFAULT 1 NOT NULL,
	`archived` integer DEFAULT false NOT NULL,
	`stripe_price_id` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "prices_amount_check" CHECK("prices"."amount" >= 0),
	CONSTRAINT "prices_interval_count_check" CHECK("prices"."interval_count" >= 1)
);
--> statement-breakpoint
CREATE INDEX `prices_product_idx` ON `prices` (`product_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `prices_stripe_price_unique` ON `prices` (`stripe_price_id`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`recommended` integer DEFAULT false NOT NULL,
	`free` integer DEFAULT false NOT NULL,
	`feature_list` text DEFAULT '[]' NOT NULL,
	`permissions` text DEFAULT '[]' NOT NULL,
	`stripe_product_id` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_stripe_product_unique` ON `products` (`stripe_product_id`);--> statement-breakpoint
CREATE INDEX `products_position_idx` ON `products` (`hidden`,`position`);--> statement-breakpoint
CREATE TABLE `subscription_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`subscription_id` integer,
	`kind` text NOT NULL,
	`data` text DEFAULT '{}' NOT NULL,
	`source_event_id` text NOT NULL,
	`notified_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscription_events_source_unique` ON `subscription_events` (`source_event_id`,`kind`);--> statement-breakpoint
CREATE INDEX `subscription_events_pending_idx` ON `subscription_events` (`notified_at`,`id`);--> statement-breakpoint
CREATE INDEX `subscription_events_user_idx` ON `subscription_events` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`product_id` integer,
	`price_id` integer,
	`provider` text NOT NULL,
	`provider_subscription_id` text NOT NULL,
	`provider_item_id` text,
	`provider_customer_id` text NOT NULL,
	`provider_price_id` text,
	`status` text NOT NULL,
	`status_rank` integer NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`current_period_start` integer,
	`current_period_end` integer,
	`trial_ends_at` integer,
	`canceled_at` integer,
	`ended_at` integer,
	`provider_version` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`price_id`) REFERENCES `prices`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_provider_unique` ON `subscriptions` (`provider`,`provider_subscription_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`user_id`,`status_rank`);--> statement-breakpoint
CREATE INDEX `subscriptions_product_idx` ON `subscriptions` (`product_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_price_idx` ON `subscriptions` (`price_id`);