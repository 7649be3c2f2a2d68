CREATE TABLE `chat_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`streamer_id` text NOT NULL,
	`platform` text NOT NULL,
	`channel_id` text NOT NULL,
	`channel_name` text NOT NULL,
	`commands_on` integer DEFAULT true NOT NULL,
	`state` text DEFAULT 'connected' NOT NULL,
	`broken_reason` text,
	`subscription_id` text,
	`mod_role_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`streamer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "chat_connections_platform_check" CHECK("chat_connections"."platform" IN ('twitch', 'discord')),
	CONSTRAINT "chat_connections_state_check" CHECK("chat_connections"."state" IN ('connected', 'broken'))
);
--> statement-breakpoint
CREATE INDEX `chat_connections_subscription_idx` ON `chat_connections` (`subscription_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `chat_connections_streamer_platform_unique` ON `chat_connections` (`streamer_id`,`platform`);--> statement-breakpoint
CREATE UNIQUE INDEX `chat_connections_platform_channel_unique` ON `chat_connections` (`platform`,`channel_id`);--> statement-breakpoint
CREATE TABLE `chat_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `chat_deliveries_received_idx` ON `chat_deliveries` (`received_at`);--> statement-breakpoint
CREATE TABLE `chat_identities` (
	`id` text PRIMARY KEY NOT NULL,
	`platform` text NOT NULL,
	`platform_user_id` text NOT NULL,
	`display_name` text NOT NULL,
	`shadow_user_id` text NOT NULL,
	`user_id` text,
	`linked_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`shadow_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "chat_identities_platform_check" CHECK("chat_identities"."platform" IN ('twitch', 'discord'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chat_identities_shadow_user_id_unique` ON `chat_identities` (`shadow_user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `chat_identities_platform_account_unique` ON `chat_identities` (`platform`,`user_id`) WHERE "chat_identities"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `chat_identities_platform_user_unique` ON `chat_identities` (`platform`,`platform_user_id`);--> statement-breakpoint
ALTER TABLE `queue_entries` ADD `source` text DEFAULT 'web' NOT NULL CHECK (`source` IN ('web', 'twitch', 'discord'));