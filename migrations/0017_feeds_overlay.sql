CREATE TABLE `feed_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "feed_keys_kind_check" CHECK("feed_keys"."kind" IN ('calendar', 'overlay'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feed_keys_user_kind_unique` ON `feed_keys` (`user_id`,`kind`);