CREATE TABLE `move_offers` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`order_id` text NOT NULL,
	`user_id` text NOT NULL,
	`from_slot_id` text NOT NULL,
	`to_slot_id` text NOT NULL,
	`seats` integer NOT NULL,
	`state` text DEFAULT 'offered' NOT NULL,
	`expires_at` integer NOT NULL,
	`decided_at` integer,
	`decision_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_slot_id`) REFERENCES `slots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_slot_id`) REFERENCES `slots`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "move_offers_state_check" CHECK("move_offers"."state" IN ('offered', 'moved', 'refunded')),
	CONSTRAINT "move_offers_seats_check" CHECK("move_offers"."seats" >= 1),
	CONSTRAINT "move_offers_slots_check" CHECK("move_offers"."from_slot_id" <> "move_offers"."to_slot_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `move_offers_waiting_unique` ON `move_offers` (`booking_id`) WHERE state = 'offered';--> statement-breakpoint
CREATE INDEX `move_offers_to_slot_idx` ON `move_offers` (`to_slot_id`) WHERE state = 'offered';--> statement-breakpoint
CREATE INDEX `move_offers_expiry_idx` ON `move_offers` (`expires_at`) WHERE state = 'offered';--> statement-breakpoint
CREATE INDEX `move_offers_order_idx` ON `move_offers` (`order_id`);--> statement-breakpoint
CREATE INDEX `move_offers_decision_idx` ON `move_offers` (`decision_id`);