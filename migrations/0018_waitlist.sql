CREATE TABLE `waitlist_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`slot_id` text NOT NULL,
	`user_id` text NOT NULL,
	`position` integer NOT NULL,
	`seats` integer NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`offered_at` integer,
	`offer_expires_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`slot_id`) REFERENCES `slots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "waitlist_status_check" CHECK("waitlist_entries"."status" IN ('waiting', 'offered', 'accepted', 'lapsed', 'left')),
	CONSTRAINT "waitlist_seats_check" CHECK("waitlist_entries"."seats" BETWEEN 1 AND 100),
	CONSTRAINT "waitlist_position_check" CHECK("waitlist_entries"."position" >= 1),
	CONSTRAINT "waitlist_offer_check" CHECK("waitlist_entries"."status" <> 'offered' OR ("waitlist_entries"."offered_at" IS NOT NULL AND "waitlist_entries"."offer_expires_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_live_place_unique` ON `waitlist_entries` (`slot_id`,`user_id`) WHERE status IN ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX `waitlist_waiting_idx` ON `waitlist_entries` (`slot_id`,`position`) WHERE status = 'waiting';--> statement-breakpoint
CREATE INDEX `waitlist_user_status_idx` ON `waitlist_entries` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `waitlist_offer_expiry_idx` ON `waitlist_entries` (`offer_expires_at`) WHERE status = 'offered';--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_slot_position_unique` ON `waitlist_entries` (`slot_id`,`position`);--> statement-breakpoint
-- hand-written below
-- A place in line never wants more seats than its slot has (docs/domain.md "Waitlist place").
CREATE TRIGGER `waitlist_seats_fit_slot_insert` BEFORE INSERT ON `waitlist_entries` FOR EACH ROW WHEN NEW.seats > (SELECT s.seats FROM slots s WHERE s.id = NEW.slot_id) BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: waitlist seats above the slot''s seats'); END;--> statement-breakpoint
CREATE TRIGGER `waitlist_seats_fit_slot_update` BEFORE UPDATE OF seats ON `waitlist_entries` FOR EACH ROW WHEN NEW.seats > (SELECT s.seats FROM slots s WHERE s.id = NEW.slot_id) BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: waitlist seats above the slot''s seats'); END;--> statement-breakpoint
-- An offer only ever comes from a waiting place, and a closed place never reopens: the lifecycle in the database.
CREATE TRIGGER `waitlist_status_flow` BEFORE UPDATE OF status ON `waitlist_entries` FOR EACH ROW WHEN NEW.status <> OLD.status AND NOT ((OLD.status = 'waiting' AND NEW.status IN ('offered', 'accepted', 'left')) OR (OLD.status = 'offered' AND NEW.status IN ('accepted', 'lapsed', 'left'))) BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: waitlist status change not allowed'); END;
