CREATE TABLE `booking_reminders` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`kind` text NOT NULL,
	`claimed_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "booking_reminders_kind_check" CHECK("booking_reminders"."kind" IN ('24h', '15m'))
);
--> statement-breakpoint
CREATE INDEX `booking_reminders_unsent_idx` ON `booking_reminders` (`claimed_at`) WHERE sent_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `booking_reminders_booking_kind_unique` ON `booking_reminders` (`booking_id`,`kind`);