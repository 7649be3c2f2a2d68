ALTER TABLE `queue_entries` ADD `in_game_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `gamertag` text;