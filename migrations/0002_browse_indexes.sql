DROP INDEX `users_influencer_full_name_idx`;--> statement-breakpoint
CREATE INDEX `users_influencer_full_name_idx` ON `users` (`is_influencer`,"full_name" COLLATE NOCASE);--> statement-breakpoint
DROP INDEX `games_name_idx`;--> statement-breakpoint
CREATE INDEX `games_name_idx` ON `games` ("name" COLLATE NOCASE);--> statement-breakpoint
DROP INDEX `products_active_title_idx`;--> statement-breakpoint
CREATE INDEX `products_active_title_idx` ON `products` ("title" COLLATE NOCASE) WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX `influencer_profiles_created_idx` ON `influencer_profiles` (`created_at`);