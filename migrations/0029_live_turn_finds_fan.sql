PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_queue_events` (
	`id` text PRIMARY KEY NOT NULL,
	`live_session_id` text NOT NULL,
	`entry_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`cause` text,
	`line` integer,
	`refund_minor` integer,
	`currency` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`live_session_id`) REFERENCES `live_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entry_id`) REFERENCES `queue_entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "queue_events_kind_check" CHECK("__new_queue_events"."kind" IN ('called', 'confirmed', 'moved_back', 'removed', 'refunded', 'played', 'left')),
	CONSTRAINT "queue_events_cause_check" CHECK("__new_queue_events"."cause" IN ('absent', 'not_confirmed', 'skipped', 'streamer', 'session_ended'))
);
--> statement-breakpoint
INSERT INTO `__new_queue_events`("id", "live_session_id", "entry_id", "user_id", "kind", "cause", "line", "refund_minor", "currency", "at") SELECT "id", "live_session_id", "entry_id", "user_id", "kind", NULL, "line", "refund_minor", "currency", "at" FROM `queue_events`;--> statement-breakpoint
DROP TABLE `queue_events`;--> statement-breakpoint
ALTER TABLE `__new_queue_events` RENAME TO `queue_events`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `queue_events_session_at_idx` ON `queue_events` (`live_session_id`,`at`);--> statement-breakpoint
CREATE INDEX `queue_events_user_idx` ON `queue_events` (`user_id`,`live_session_id`,`at`);--> statement-breakpoint
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
	CONSTRAINT "alert_deliveries_kind_check" CHECK("__new_alert_deliveries"."kind" IN ('turn', 'starts_soon', 'cancelled')),
	CONSTRAINT "alert_deliveries_outcome_check" CHECK("__new_alert_deliveries"."outcome" IN ('pending', 'delivered', 'fell_back', 'emailed', 'failed'))
);
--> statement-breakpoint
INSERT INTO `__new_alert_deliveries`("id", "key", "user_id", "kind", "live_session_id", "outcome", "created_at", "updated_at") SELECT "id", "key", "user_id", "kind", "live_session_id", "outcome", "created_at", "updated_at" FROM `alert_deliveries`;--> statement-breakpoint
DROP TABLE `alert_deliveries`;--> statement-breakpoint
ALTER TABLE `__new_alert_deliveries` RENAME TO `alert_deliveries`;--> statement-breakpoint
CREATE UNIQUE INDEX `alert_deliveries_key_unique` ON `alert_deliveries` (`key`);--> statement-breakpoint
CREATE INDEX `alert_deliveries_session_user_idx` ON `alert_deliveries` (`live_session_id`,`user_id`);--> statement-breakpoint
ALTER TABLE `queue_entries` ADD `party` integer DEFAULT false NOT NULL;