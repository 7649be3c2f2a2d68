CREATE TABLE `review_reports` (
	`review_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	PRIMARY KEY(`review_id`, `reporter_id`),
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "review_reports_reason_check" CHECK(length("review_reports"."reason") BETWEEN 1 AND 500),
	CONSTRAINT "review_reports_resolved_check" CHECK("review_reports"."resolved_by" IS NULL OR "review_reports"."resolved_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX `review_reports_open_idx` ON `review_reports` (`created_at`) WHERE resolved_at IS NULL;--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`user_id` text NOT NULL,
	`influencer_id` text NOT NULL,
	`product_id` text,
	`rating` integer NOT NULL,
	`comment` text,
	`reply` text,
	`replied_at` integer,
	`hidden_at` integer,
	`hidden_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`influencer_id`) REFERENCES `influencer_profiles`(`user_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`hidden_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reviews_rating_check" CHECK("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_comment_check" CHECK("reviews"."comment" IS NULL OR length("reviews"."comment") BETWEEN 1 AND 1000),
	CONSTRAINT "reviews_reply_check" CHECK(("reviews"."reply" IS NULL) = ("reviews"."replied_at" IS NULL) AND ("reviews"."reply" IS NULL OR length("reviews"."reply") BETWEEN 1 AND 1000)),
	CONSTRAINT "reviews_hidden_check" CHECK("reviews"."hidden_by" IS NULL OR "reviews"."hidden_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_booking_id_unique` ON `reviews` (`booking_id`);--> statement-breakpoint
CREATE INDEX `reviews_product_visible_idx` ON `reviews` (`product_id`,`created_at`) WHERE hidden_at IS NULL;--> statement-breakpoint
CREATE INDEX `reviews_influencer_visible_idx` ON `reviews` (`influencer_id`,`created_at`) WHERE hidden_at IS NULL;--> statement-breakpoint
CREATE INDEX `reviews_user_idx` ON `reviews` (`user_id`);--> statement-breakpoint
ALTER TABLE `influencer_profiles` ADD `rating_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `influencer_profiles` ADD `rating_total` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `rating_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `rating_total` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `rating_score` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `products_active_rating_idx` ON `products` (`rating_score`,`rating_count`) WHERE archived_at IS NULL;--> statement-breakpoint
-- hand-written below
-- A review is written by its booking's fan, on that booking's slot's streamer and gig (db/schema/reviews.ts).
CREATE TRIGGER `reviews_author_booking` BEFORE INSERT ON `reviews` FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM `bookings` JOIN `slots` ON `slots`.`id` = `bookings`.`slot_id` WHERE `bookings`.`id` = NEW.booking_id AND `bookings`.`user_id` = NEW.user_id AND `slots`.`influencer_id` = NEW.influencer_id AND `slots`.`product_id` IS NEW.product_id) BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: a review is by its booking''s fan, on its slot''s streamer and gig'); END;--> statement-breakpoint
CREATE TRIGGER `reviews_fixed_refs` BEFORE UPDATE OF `booking_id`, `user_id`, `influencer_id`, `product_id` ON `reviews` FOR EACH ROW WHEN NEW.booking_id IS NOT OLD.booking_id OR NEW.user_id IS NOT OLD.user_id OR NEW.influencer_id IS NOT OLD.influencer_id OR NEW.product_id IS NOT OLD.product_id BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: a review stays on its booking'); END;--> statement-breakpoint
-- The streamer replies once: a written reply never changes.
CREATE TRIGGER `reviews_reply_once` BEFORE UPDATE OF `reply`, `replied_at` ON `reviews` FOR EACH ROW WHEN OLD.reply IS NOT NULL AND (NEW.reply IS NOT OLD.reply OR NEW.replied_at IS NOT OLD.replied_at) BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: a review is replied to once'); END;--> statement-breakpoint
-- A gig's and a streamer's rating, recounted from their visible reviews on every change that moves it.
CREATE TRIGGER `reviews_rating_insert` AFTER INSERT ON `reviews` FOR EACH ROW BEGIN UPDATE `products` SET `rating_count` = (SELECT count(*) FROM `reviews` WHERE `product_id` = NEW.product_id AND `hidden_at` IS NULL), `rating_total` = (SELECT coalesce(sum(`rating`), 0) FROM `reviews` WHERE `product_id` = NEW.product_id AND `hidden_at` IS NULL), `rating_score` = (SELECT coalesce((sum(`rating`) * 100 + count(*) / 2) / count(*), 0) FROM `reviews` WHERE `product_id` = NEW.product_id AND `hidden_at` IS NULL) WHERE `id` = NEW.product_id; UPDATE `influencer_profiles` SET `rating_count` = (SELECT count(*) FROM `reviews` WHERE `influencer_id` = NEW.influencer_id AND `hidden_at` IS NULL), `rating_total` = (SELECT coalesce(sum(`rating`), 0) FROM `reviews` WHERE `influencer_id` = NEW.influencer_id AND `hidden_at` IS NULL) WHERE `user_id` = NEW.influencer_id; END;--> statement-breakpoint
CREATE TRIGGER `reviews_rating_update` AFTER UPDATE OF `rating`, `hidden_at` ON `reviews` FOR EACH ROW BEGIN UPDATE `products` SET `rating_count` = (SELECT count(*) FROM `reviews` WHERE `product_id` = NEW.product_id AND `hidden_at` IS NULL), `rating_total` = (SELECT coalesce(sum(`rating`), 0) FROM `reviews` WHERE `product_id` = NEW.product_id AND `hidden_at` IS NULL), `rating_score` = (SELECT coalesce((sum(`rating`) * 100 + count(*) / 2) / count(*), 0) FROM `reviews` WHERE `product_id` = NEW.product_id AND `hidden_at` IS NULL) WHERE `id` = NEW.product_id; UPDATE `influencer_profiles` SET `rating_count` = (SELECT count(*) FROM `reviews` WHERE `influencer_id` = NEW.influencer_id AND `hidden_at` IS NULL), `rating_total` = (SELECT coalesce(sum(`rating`), 0) FROM `reviews` WHERE `influencer_id` = NEW.influencer_id AND `hidden_at` IS NULL) WHERE `user_id` = NEW.influencer_id; END;--> statement-breakpoint
CREATE TRIGGER `reviews_rating_delete` AFTER DELETE ON `reviews` FOR EACH ROW BEGIN UPDATE `products` SET `rating_count` = (SELECT count(*) FROM `reviews` WHERE `product_id` = OLD.product_id AND `hidden_at` IS NULL), `rating_total` = (SELECT coalesce(sum(`rating`), 0) FROM `reviews` WHERE `product_id` = OLD.product_id AND `hidden_at` IS NULL), `rating_score` = (SELECT coalesce((sum(`rating`) * 100 + count(*) / 2) / count(*), 0) FROM `reviews` WHERE `product_id` = OLD.product_id AND `hidden_at` IS NULL) WHERE `id` = OLD.product_id; UPDATE `influencer_profiles` SET `rating_count` = (SELECT count(*) FROM `reviews` WHERE `influencer_id` = OLD.influencer_id AND `hidden_at` IS NULL), `rating_total` = (SELECT coalesce(sum(`rating`), 0) FROM `reviews` WHERE `influencer_id` = OLD.influencer_id AND `hidden_at` IS NULL) WHERE `user_id` = OLD.influencer_id; END;
