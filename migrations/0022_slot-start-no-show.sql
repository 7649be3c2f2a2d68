ALTER TABLE `slots` ADD `started_at` integer;--> statement-breakpoint
ALTER TABLE `slots` ADD `no_show_at` integer;