CREATE TABLE `job_runs` (
	`task` text PRIMARY KEY NOT NULL,
	`cron` text NOT NULL,
	`ran_at` integer NOT NULL,
	`ok` integer NOT NULL,
	`outcome` text NOT NULL,
	`runs` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_alert_deliveries` (
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
	CONSTRAINT "alert_deliveries_kind_check" CHECK("__new_alert_deliveries"."kind" IN ('turn', 'starts_soon', 'cancelled', 'no_show')),
	CONSTRAINT "alert_deliveries_outcome_check" CHECK("__new_alert_deliveries"."outcome" IN ('pending', 'delivered', 'fell_back', 'emailed', 'failed'))
);
--> statement-breakpoint
INSERT INTO `__new_alert_deliveries`("id", "key", "user_id", "kind", "live_session_id", "outcome", "created_at", "updated_at") SELECT "id", "key", "user_id", "kind", "live_session_id", "outcome", "created_at", "updated_at" FROM `alert_deliveries`;--> statement-breakpoint
DROP TABLE `alert_deliveries`;--> statement-breakpoint
ALTER TABLE `__new_alert_deliveries` RENAME TO `alert_deliveries`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `alert_deliveries_key_unique` ON `alert_deliveries` (`key`);--> statement-breakpoint
CREATE INDEX `alert_deliveries_session_user_idx` ON `alert_deliveries` (`live_session_id`,`user_id`);