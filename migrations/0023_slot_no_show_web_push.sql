CREATE TABLE `alert_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`live_session_id` text,
	`outcome` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`live_session_id`) REFERENCES `live_sessions`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "alert_deliveries_kind_check" CHECK("alert_deliveries"."kind" IN ('turn', 'starts_soon', 'cancelled')),
	CONSTRAINT "alert_deliveries_outcome_check" CHECK("alert_deliveries"."outcome" IN ('pending', 'delivered', 'fell_back', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_deliveries_key_unique` ON `alert_deliveries` (`key`);--> statement-breakpoint
CREATE INDEX `alert_deliveries_session_user_idx` ON `alert_deliveries` (`live_session_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
ALTER TABLE `slots` ADD `started_at` integer;--> statement-breakpoint
ALTER TABLE `slots` ADD `no_show_at` integer;