CREATE TABLE `queue_events` (
	`id` text PRIMARY KEY NOT NULL,
	`live_session_id` text NOT NULL,
	`entry_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`line` integer,
	`refund_minor` integer,
	`currency` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`live_session_id`) REFERENCES `live_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entry_id`) REFERENCES `queue_entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "queue_events_kind_check" CHECK("queue_events"."kind" IN ('called', 'confirmed', 'moved_back', 'removed', 'refunded'))
);
--> statement-breakpoint
CREATE INDEX `queue_events_session_at_idx` ON `queue_events` (`live_session_id`,`at`);--> statement-breakpoint
CREATE INDEX `queue_events_user_idx` ON `queue_events` (`user_id`,`live_session_id`,`at`);--> statement-breakpoint
ALTER TABLE `live_sessions` ADD `ready_seconds` integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE `live_sessions` ADD `vip_missed` text DEFAULT 'keep' NOT NULL;--> statement-breakpoint
ALTER TABLE `queue_entries` ADD `ready_deadline` integer;--> statement-breakpoint
ALTER TABLE `queue_entries` ADD `ready_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `queue_entries` ADD `ready_misses` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `queue_entries` ADD `line_key` real;