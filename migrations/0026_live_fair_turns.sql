ALTER TABLE `live_sessions` ADD `vip_per_regular` integer;--> statement-breakpoint
ALTER TABLE `live_sessions` ADD `rejoin_cooldown` integer DEFAULT 0 NOT NULL;