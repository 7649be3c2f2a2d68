CREATE TABLE `outbox_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`channel` text NOT NULL,
	`template` text NOT NULL,
	`params` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	CONSTRAINT "outbox_messages_channel_check" CHECK("outbox_messages"."channel" IN ('email', 'notification')),
	CONSTRAINT "outbox_messages_status_check" CHECK("outbox_messages"."status" IN ('pending', 'sent', 'failed')),
	CONSTRAINT "outbox_messages_attempts_check" CHECK("outbox_messages"."attempts" >= 0),
	CONSTRAINT "outbox_messages_sent_check" CHECK(("outbox_messages"."status" = 'sent') = ("outbox_messages"."sent_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX `outbox_messages_owed_idx` ON `outbox_messages` (`status`,`next_attempt_at`) WHERE status <> 'sent';--> statement-breakpoint
ALTER TABLE `refunds` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `refunds` ADD `last_error` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `next_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `refunds` ADD `settled_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_owed_order_unique` ON `refunds` (`order_id`) WHERE status <> 'succeeded';--> statement-breakpoint
CREATE INDEX `refunds_owed_idx` ON `refunds` (`status`,`next_attempt_at`) WHERE status <> 'succeeded';