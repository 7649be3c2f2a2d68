CREATE TABLE `archive_indexes` (
	`prefix` text PRIMARY KEY NOT NULL,
	`indexed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `archive_mentions` (
	`user_id` text NOT NULL,
	`object_key` text NOT NULL,
	PRIMARY KEY(`user_id`, `object_key`)
);
--> statement-breakpoint
CREATE INDEX `archive_mentions_object_idx` ON `archive_mentions` (`object_key`);--> statement-breakpoint
ALTER TABLE `slots` ADD `is_drop` integer DEFAULT false NOT NULL;