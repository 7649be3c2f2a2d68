CREATE TABLE `user_gamertags` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`platform` text NOT NULL,
	`tag` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_gamertags_platform_check" CHECK("user_gamertags"."platform" IN ('playstation', 'xbox', 'nintendo', 'steam', 'epic', 'riot', 'battlenet', 'ea', 'activision', 'minecraft', 'discord', 'other')),
	CONSTRAINT "user_gamertags_tag_check" CHECK(length("user_gamertags"."tag") BETWEEN 1 AND 64)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_gamertags_user_platform_tag_unique` ON `user_gamertags` (`user_id`,`platform`,`tag`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`full_name` text DEFAULT '' NOT NULL,
	`email` text,
	`email_verified_at` integer,
	`role` text DEFAULT 'user' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`is_influencer` integer DEFAULT false NOT NULL,
	`live_session_id` text,
	`is_live` integer GENERATED ALWAYS AS ((live_session_id IS NOT NULL)) VIRTUAL,
	`country` text,
	`base_currency` text GENERATED ALWAYS AS ((CASE WHEN country = 'IN' THEN 'INR' ELSE 'USD' END)) VIRTUAL,
	`bio` text,
	`social_links` text DEFAULT '{}' NOT NULL,
	`picture_key` text,
	`picture_url` text,
	`last_ip` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`live_session_id`) REFERENCES `live_sessions`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "users_role_check" CHECK("users"."role" IN ('user', 'admin', 'developer', 'marketing', 'finance')),
	CONSTRAINT "users_email_lower_check" CHECK("users"."email" IS NULL OR "users"."email" = lower("users"."email")),
	CONSTRAINT "users_username_check" CHECK(length("users"."username") BETWEEN 2 AND 32),
	CONSTRAINT "users_country_check" CHECK("users"."country" IS NULL OR (length("users"."country") = 2 AND "users"."country" = upper("users"."country")))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_lower_unique` ON `users` (lower("username"));--> statement-breakpoint
CREATE INDEX `users_influencer_country_idx` ON `users` (`is_influencer`,`country`);--> statement-breakpoint
CREATE INDEX `users_influencer_full_name_idx` ON `users` (`is_influencer`,`full_name`);--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`);--> statement-breakpoint
CREATE INDEX `users_live_idx` ON `users` (`live_session_id`) WHERE "users"."live_session_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `credentials` (
	`user_id` text PRIMARY KEY NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `oauth_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`provider_user_id` text NOT NULL,
	`provider_email` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "oauth_accounts_provider_check" CHECK("oauth_accounts"."provider" IN ('discord', 'google'))
);
--> statement-breakpoint
CREATE INDEX `oauth_accounts_user_idx` ON `oauth_accounts` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `oauth_accounts_provider_user_unique` ON `oauth_accounts` (`provider`,`provider_user_id`);--> statement-breakpoint
CREATE TABLE `one_time_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`user_id` text,
	`email` text,
	`token_hash` text NOT NULL,
	`code_hash` text,
	`payload` text,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "one_time_codes_purpose_check" CHECK("one_time_codes"."purpose" IN ('verify_email', 'reset_password', 'change_email', 'streamer_setup', 'social_handoff')),
	CONSTRAINT "one_time_codes_attempts_check" CHECK("one_time_codes"."attempts" >= 0),
	CONSTRAINT "one_time_codes_email_lower_check" CHECK("one_time_codes"."email" IS NULL OR "one_time_codes"."email" = lower("one_time_codes"."email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `one_time_codes_token_hash_unique` ON `one_time_codes` (`token_hash`);--> statement-breakpoint
CREATE INDEX `one_time_codes_user_purpose_idx` ON `one_time_codes` (`user_id`,`purpose`,`created_at`);--> statement-breakpoint
CREATE INDEX `one_time_codes_email_purpose_idx` ON `one_time_codes` (`email`,`purpose`,`created_at`);--> statement-breakpoint
CREATE INDEX `one_time_codes_expires_idx` ON `one_time_codes` (`expires_at`);--> statement-breakpoint
CREATE TABLE `rate_limit_hits` (
	`key` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`key`, `window_start`),
	CONSTRAINT "rate_limit_hits_count_check" CHECK("rate_limit_hits"."count" >= 1)
);
--> statement-breakpoint
CREATE INDEX `rate_limit_hits_window_idx` ON `rate_limit_hits` (`window_start`);--> statement-breakpoint
CREATE TABLE `refresh_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`session_id` text,
	`family_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`revoked_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refresh_tokens_token_hash_unique` ON `refresh_tokens` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `refresh_tokens_family_live_unique` ON `refresh_tokens` (`family_id`) WHERE used_at IS NULL AND revoked_at IS NULL;--> statement-breakpoint
CREATE INDEX `refresh_tokens_family_idx` ON `refresh_tokens` (`family_id`);--> statement-breakpoint
CREATE INDEX `refresh_tokens_user_idx` ON `refresh_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`revoked_at` integer,
	`user_agent` text,
	`ip` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sessions_expiry_check" CHECK("sessions"."expires_at" > "sessions"."created_at")
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `influencer_profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`profession` text DEFAULT 'Streamer' NOT NULL,
	`show_at_landing` integer DEFAULT false NOT NULL,
	`platform_fee_bps` integer DEFAULT 2000 NOT NULL,
	`popularity` integer DEFAULT 0 NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`verified_at` integer,
	`discord_bot_enabled` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "influencer_profiles_profession_check" CHECK("influencer_profiles"."profession" IN ('Streamer', 'Pro Player', 'Coach', 'Content Creator', 'YouTuber')),
	CONSTRAINT "influencer_profiles_fee_check" CHECK("influencer_profiles"."platform_fee_bps" BETWEEN 0 AND 10000),
	CONSTRAINT "influencer_profiles_verified_check" CHECK("influencer_profiles"."is_verified" = ("influencer_profiles"."verified_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX `influencer_profiles_landing_idx` ON `influencer_profiles` (`show_at_landing`,`popularity`);--> statement-breakpoint
CREATE INDEX `influencer_profiles_popularity_idx` ON `influencer_profiles` (`popularity`);--> statement-breakpoint
CREATE INDEX `influencer_profiles_profession_idx` ON `influencer_profiles` (`profession`,`popularity`);--> statement-breakpoint
CREATE TABLE `banners` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`image_url` text,
	`image_key` text,
	`link_url` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `banners_active_sort_idx` ON `banners` (`is_active`,`sort_order`);--> statement-breakpoint
CREATE TABLE `game_modes` (
	`id` text PRIMARY KEY NOT NULL,
	`game_id` text NOT NULL,
	`name` text NOT NULL,
	`duration_minutes` integer NOT NULL,
	`no_of_players` integer NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "game_modes_duration_check" CHECK("game_modes"."duration_minutes" BETWEEN 1 AND 1440),
	CONSTRAINT "game_modes_players_check" CHECK("game_modes"."no_of_players" BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `game_modes_game_name_unique` ON `game_modes` (`game_id`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `game_modes_id_game_unique` ON `game_modes` (`id`,`game_id`);--> statement-breakpoint
CREATE TABLE `game_platforms` (
	`game_id` text NOT NULL,
	`platform_id` text NOT NULL,
	PRIMARY KEY(`game_id`, `platform_id`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`platform_id`) REFERENCES `platforms`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `game_platforms_platform_idx` ON `game_platforms` (`platform_id`);--> statement-breakpoint
CREATE TABLE `games` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`crossplatform` integer DEFAULT false NOT NULL,
	`show_landing` integer DEFAULT false NOT NULL,
	`image_url` text,
	`image_filename` text,
	`game_logo` text,
	`primary_color` text,
	`secondary_color` text,
	`alternat_color` text,
	`popularity` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	CONSTRAINT "games_primary_color_check" CHECK("games"."primary_color" IS NULL OR (length("games"."primary_color") = 7 AND substr("games"."primary_color", 1, 1) = '#' AND substr("games"."primary_color", 2) NOT GLOB '*[^0-9A-Fa-f]*')),
	CONSTRAINT "games_secondary_color_check" CHECK("games"."secondary_color" IS NULL OR (length("games"."secondary_color") = 7 AND substr("games"."secondary_color", 1, 1) = '#' AND substr("games"."secondary_color", 2) NOT GLOB '*[^0-9A-Fa-f]*')),
	CONSTRAINT "games_alternat_color_check" CHECK("games"."alternat_color" IS NULL OR (length("games"."alternat_color") = 7 AND substr("games"."alternat_color", 1, 1) = '#' AND substr("games"."alternat_color", 2) NOT GLOB '*[^0-9A-Fa-f]*'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `games_slug_unique` ON `games` (`slug`);--> statement-breakpoint
CREATE INDEX `games_landing_idx` ON `games` (`show_landing`,`popularity`);--> statement-breakpoint
CREATE INDEX `games_popularity_idx` ON `games` (`popularity`);--> statement-breakpoint
CREATE INDEX `games_name_idx` ON `games` (`name`);--> statement-breakpoint
CREATE TABLE `platforms` (
	`id` text PRIMARY KEY NOT NULL,
	`platform_name` text NOT NULL,
	`platform_id_name` text NOT NULL,
	`platform_icon` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `platforms_platform_id_name_unique` ON `platforms` (`platform_id_name`);--> statement-breakpoint
CREATE TABLE `product_tags` (
	`product_id` text NOT NULL,
	`tag` text NOT NULL,
	PRIMARY KEY(`product_id`, `tag`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "product_tags_tag_check" CHECK(length("product_tags"."tag") BETWEEN 1 AND 40 AND "product_tags"."tag" = trim("product_tags"."tag"))
);
--> statement-breakpoint
CREATE INDEX `product_tags_tag_idx` ON `product_tags` (`tag`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`influencer_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`game_id` text NOT NULL,
	`game_mode_id` text NOT NULL,
	`platform_id` text NOT NULL,
	`price_minor` integer NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`base_currency` text DEFAULT 'USD' NOT NULL,
	`requirements` text DEFAULT '[]' NOT NULL,
	`cover_image_url` text,
	`cover_image_key` text,
	`archived_at` integer,
	`popularity` integer DEFAULT 0 NOT NULL,
	`booking_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`influencer_id`) REFERENCES `influencer_profiles`(`user_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`platform_id`) REFERENCES `platforms`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`game_mode_id`,`game_id`) REFERENCES `game_modes`(`id`,`game_id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`game_id`,`platform_id`) REFERENCES `game_platforms`(`game_id`,`platform_id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "products_title_check" CHECK(length("products"."title") BETWEEN 1 AND 66),
	CONSTRAINT "products_price_check" CHECK("products"."price_minor" > 0),
	CONSTRAINT "products_currency_check" CHECK("products"."currency" = 'USD'),
	CONSTRAINT "products_base_currency_check" CHECK("products"."base_currency" IN ('USD', 'INR')),
	CONSTRAINT "products_counts_check" CHECK("products"."popularity" >= 0 AND "products"."booking_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX `products_influencer_idx` ON `products` (`influencer_id`,`archived_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_active_popularity_idx` ON `products` (`popularity`) WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX `products_active_created_idx` ON `products` (`created_at`) WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX `products_active_price_idx` ON `products` (`price_minor`) WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX `products_active_title_idx` ON `products` (`title`) WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX `products_active_game_idx` ON `products` (`game_id`,`popularity`) WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX `products_active_platform_idx` ON `products` (`platform_id`,`popularity`) WHERE archived_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `products_id_influencer_unique` ON `products` (`id`,`influencer_id`);--> statement-breakpoint
CREATE TABLE `booking_gamertags` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`position` integer NOT NULL,
	`gamertag` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "booking_gamertags_position_check" CHECK("booking_gamertags"."position" >= 0),
	CONSTRAINT "booking_gamertags_tag_check" CHECK(length("booking_gamertags"."gamertag") BETWEEN 1 AND 64)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_gamertags_booking_position_unique` ON `booking_gamertags` (`booking_id`,`position`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`slot_id` text NOT NULL,
	`user_id` text NOT NULL,
	`order_id` text NOT NULL,
	`seats` integer NOT NULL,
	`status` text DEFAULT 'held' NOT NULL,
	`hold_expires_at` integer,
	`confirmed_at` integer,
	`cancelled_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`slot_id`) REFERENCES `slots`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`order_id`,`slot_id`,`user_id`) REFERENCES `orders`(`id`,`slot_id`,`user_id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "bookings_status_check" CHECK("bookings"."status" IN ('held', 'confirmed', 'completed', 'cancelled', 'expired', 'no_show')),
	CONSTRAINT "bookings_seats_check" CHECK("bookings"."seats" >= 1),
	CONSTRAINT "bookings_hold_check" CHECK("bookings"."status" <> 'held' OR "bookings"."hold_expires_at" IS NOT NULL),
	CONSTRAINT "bookings_confirmed_check" CHECK("bookings"."status" NOT IN ('confirmed', 'completed', 'no_show') OR "bookings"."confirmed_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_order_id_unique` ON `bookings` (`order_id`);--> statement-breakpoint
CREATE INDEX `bookings_slot_status_idx` ON `bookings` (`slot_id`,`status`);--> statement-breakpoint
CREATE INDEX `bookings_user_status_idx` ON `bookings` (`user_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_hold_idx` ON `bookings` (`hold_expires_at`) WHERE status = 'held';--> statement-breakpoint
CREATE TABLE `lobby_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`slot_id` text,
	`live_session_id` text,
	`code` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`slot_id`) REFERENCES `slots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`live_session_id`) REFERENCES `live_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "lobby_codes_owner_check" CHECK(("lobby_codes"."slot_id" IS NULL) <> ("lobby_codes"."live_session_id" IS NULL)),
	CONSTRAINT "lobby_codes_code_check" CHECK(length("lobby_codes"."code") BETWEEN 1 AND 64)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lobby_codes_slot_id_unique` ON `lobby_codes` (`slot_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `lobby_codes_live_session_id_unique` ON `lobby_codes` (`live_session_id`);--> statement-breakpoint
CREATE TABLE `slots` (
	`id` text PRIMARY KEY NOT NULL,
	`influencer_id` text NOT NULL,
	`product_id` text,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`seats` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`influencer_id`) REFERENCES `influencer_profiles`(`user_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`,`influencer_id`) REFERENCES `products`(`id`,`influencer_id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "slots_status_check" CHECK("slots"."status" IN ('open', 'cancelled')),
	CONSTRAINT "slots_time_check" CHECK("slots"."ends_at" > "slots"."starts_at"),
	CONSTRAINT "slots_seats_check" CHECK("slots"."seats" BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE INDEX `slots_product_starts_idx` ON `slots` (`product_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `slots_starts_idx` ON `slots` (`starts_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `slots_id_influencer_unique` ON `slots` (`id`,`influencer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `slots_influencer_starts_unique` ON `slots` (`influencer_id`,`starts_at`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`influencer_id` text,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending_payment' NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`discount_minor` integer DEFAULT 0 NOT NULL,
	`refunded_minor` integer DEFAULT 0 NOT NULL,
	`promo_code_id` text,
	`payment_method` text NOT NULL,
	`checkout_session_id` text,
	`payment_intent_id` text,
	`slot_id` text,
	`live_session_id` text,
	`validated_at` integer,
	`validated_by` text,
	`paid_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`influencer_id`) REFERENCES `influencer_profiles`(`user_id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`promo_code_id`) REFERENCES `promo_codes`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`slot_id`) REFERENCES `slots`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`live_session_id`) REFERENCES `live_sessions`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`validated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`slot_id`,`influencer_id`) REFERENCES `slots`(`id`,`influencer_id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`live_session_id`,`influencer_id`) REFERENCES `live_sessions`(`id`,`influencer_id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "orders_kind_check" CHECK("orders"."kind" IN ('slot_booking', 'vip_queue', 'wallet_topup')),
	CONSTRAINT "orders_status_check" CHECK("orders"."status" IN ('pending_payment', 'paid', 'refunded', 'partially_refunded', 'cancelled')),
	CONSTRAINT "orders_payment_method_check" CHECK("orders"."payment_method" IN ('card', 'wallet')),
	CONSTRAINT "orders_currency_check" CHECK(length("orders"."currency") = 3 AND "orders"."currency" = upper("orders"."currency")),
	CONSTRAINT "orders_kind_refs_check" CHECK(("orders"."kind" = 'slot_booking') = ("orders"."slot_id" IS NOT NULL)
        AND ("orders"."kind" = 'vip_queue') = ("orders"."live_session_id" IS NOT NULL)
        AND ("orders"."kind" = 'wallet_topup') = ("orders"."influencer_id" IS NULL)),
	CONSTRAINT "orders_topup_card_check" CHECK("orders"."kind" <> 'wallet_topup' OR "orders"."payment_method" = 'card'),
	CONSTRAINT "orders_amounts_check" CHECK("orders"."amount_minor" >= 0 AND "orders"."discount_minor" >= 0 AND "orders"."refunded_minor" BETWEEN 0 AND "orders"."amount_minor"),
	CONSTRAINT "orders_discount_promo_check" CHECK("orders"."discount_minor" = 0 OR "orders"."promo_code_id" IS NOT NULL),
	CONSTRAINT "orders_paid_at_check" CHECK("orders"."status" NOT IN ('paid', 'refunded', 'partially_refunded') OR "orders"."paid_at" IS NOT NULL),
	CONSTRAINT "orders_refund_status_check" CHECK(("orders"."status" = 'refunded' AND "orders"."refunded_minor" = "orders"."amount_minor")
        OR ("orders"."status" = 'partially_refunded' AND "orders"."refunded_minor" > 0 AND "orders"."refunded_minor" < "orders"."amount_minor")
        OR ("orders"."status" NOT IN ('refunded', 'partially_refunded') AND "orders"."refunded_minor" = 0)),
	CONSTRAINT "orders_validated_check" CHECK("orders"."validated_at" IS NULL OR "orders"."kind" <> 'wallet_topup')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_checkout_session_id_unique` ON `orders` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `orders_user_created_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_influencer_created_idx` ON `orders` (`influencer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_influencer_paid_idx` ON `orders` (`influencer_id`,`paid_at`) WHERE status IN ('paid', 'partially_refunded');--> statement-breakpoint
CREATE INDEX `orders_influencer_unvalidated_idx` ON `orders` (`influencer_id`,`created_at`) WHERE validated_at IS NULL AND status = 'paid';--> statement-breakpoint
CREATE INDEX `orders_slot_idx` ON `orders` (`slot_id`);--> statement-breakpoint
CREATE INDEX `orders_live_session_idx` ON `orders` (`live_session_id`);--> statement-breakpoint
CREATE INDEX `orders_promo_code_idx` ON `orders` (`promo_code_id`);--> statement-breakpoint
CREATE INDEX `orders_pending_idx` ON `orders` (`created_at`) WHERE status = 'pending_payment';--> statement-breakpoint
CREATE UNIQUE INDEX `orders_id_slot_user_unique` ON `orders` (`id`,`slot_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_id_live_session_user_unique` ON `orders` (`id`,`live_session_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text DEFAULT 'stripe' NOT NULL,
	`provider_event_id` text NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`order_id` text,
	`received_at` integer NOT NULL,
	`processed_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `payment_events_order_idx` ON `payment_events` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_events_provider_event_unique` ON `payment_events` (`provider`,`provider_event_id`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`method` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reason` text,
	`provider_refund_id` text,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "refunds_method_check" CHECK("refunds"."method" IN ('card', 'wallet')),
	CONSTRAINT "refunds_status_check" CHECK("refunds"."status" IN ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_currency_check" CHECK(length("refunds"."currency") = 3 AND "refunds"."currency" = upper("refunds"."currency")),
	CONSTRAINT "refunds_amount_check" CHECK("refunds"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_provider_refund_id_unique` ON `refunds` (`provider_refund_id`);--> statement-breakpoint
CREATE INDEX `refunds_order_idx` ON `refunds` (`order_id`);--> statement-breakpoint
CREATE TABLE `wallet_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`kind` text NOT NULL,
	`order_id` text,
	`refund_id` text,
	`payout_id` text,
	`note` text,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`refund_id`) REFERENCES `refunds`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`payout_id`) REFERENCES `payouts`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "wallet_entries_kind_check" CHECK("wallet_entries"."kind" IN ('topup', 'purchase', 'refund', 'promo_credit', 'adjustment')),
	CONSTRAINT "wallet_entries_currency_check" CHECK(length("wallet_entries"."currency") = 3 AND "wallet_entries"."currency" = upper("wallet_entries"."currency")),
	CONSTRAINT "wallet_entries_sign_check" CHECK("wallet_entries"."amount_minor" <> 0 AND (
        ("wallet_entries"."kind" IN ('topup', 'refund', 'promo_credit') AND "wallet_entries"."amount_minor" > 0)
        OR ("wallet_entries"."kind" = 'purchase' AND "wallet_entries"."amount_minor" < 0)
        OR "wallet_entries"."kind" = 'adjustment')),
	CONSTRAINT "wallet_entries_order_check" CHECK("wallet_entries"."kind" NOT IN ('topup', 'purchase') OR "wallet_entries"."order_id" IS NOT NULL),
	CONSTRAINT "wallet_entries_refund_check" CHECK("wallet_entries"."kind" <> 'refund' OR "wallet_entries"."refund_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_entries_refund_id_unique` ON `wallet_entries` (`refund_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_entries_order_kind_unique` ON `wallet_entries` (`order_id`,`kind`) WHERE kind IN ('topup', 'purchase');--> statement-breakpoint
CREATE INDEX `wallet_entries_balance_idx` ON `wallet_entries` (`user_id`,`currency`,`amount_minor`);--> statement-breakpoint
CREATE INDEX `wallet_entries_user_created_idx` ON `wallet_entries` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `wallet_entries_order_idx` ON `wallet_entries` (`order_id`);--> statement-breakpoint
CREATE TABLE `promo_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`description` text,
	`kind` text NOT NULL,
	`value` integer NOT NULL,
	`currency` text,
	`expires_at` integer,
	`max_uses` integer,
	`max_uses_per_user` integer,
	`influencer_id` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`influencer_id`) REFERENCES `influencer_profiles`(`user_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "promo_codes_kind_check" CHECK("promo_codes"."kind" IN ('percent', 'fixed')),
	CONSTRAINT "promo_codes_code_check" CHECK("promo_codes"."code" = upper("promo_codes"."code") AND length("promo_codes"."code") BETWEEN 3 AND 32),
	CONSTRAINT "promo_codes_value_check" CHECK(("promo_codes"."kind" = 'percent' AND "promo_codes"."value" BETWEEN 1 AND 10000 AND "promo_codes"."currency" IS NULL)
        OR ("promo_codes"."kind" = 'fixed' AND "promo_codes"."value" > 0 AND "promo_codes"."currency" IS NOT NULL
            AND length("promo_codes"."currency") = 3 AND "promo_codes"."currency" = upper("promo_codes"."currency"))),
	CONSTRAINT "promo_codes_limits_check" CHECK(("promo_codes"."max_uses" IS NULL OR "promo_codes"."max_uses" > 0) AND ("promo_codes"."max_uses_per_user" IS NULL OR "promo_codes"."max_uses_per_user" > 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promo_codes_code_unique` ON `promo_codes` (`code`);--> statement-breakpoint
CREATE INDEX `promo_codes_influencer_idx` ON `promo_codes` (`influencer_id`);--> statement-breakpoint
CREATE INDEX `promo_codes_created_idx` ON `promo_codes` (`created_at`);--> statement-breakpoint
CREATE TABLE `promo_redemptions` (
	`id` text PRIMARY KEY NOT NULL,
	`promo_code_id` text NOT NULL,
	`user_id` text NOT NULL,
	`order_id` text NOT NULL,
	`discount_minor` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`promo_code_id`) REFERENCES `promo_codes`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "promo_redemptions_discount_check" CHECK("promo_redemptions"."discount_minor" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promo_redemptions_order_id_unique` ON `promo_redemptions` (`order_id`);--> statement-breakpoint
CREATE INDEX `promo_redemptions_code_user_idx` ON `promo_redemptions` (`promo_code_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `live_session_tags` (
	`live_session_id` text NOT NULL,
	`tag` text NOT NULL,
	PRIMARY KEY(`live_session_id`, `tag`),
	FOREIGN KEY (`live_session_id`) REFERENCES `live_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "live_session_tags_tag_check" CHECK(length("live_session_tags"."tag") BETWEEN 1 AND 40 AND "live_session_tags"."tag" = trim("live_session_tags"."tag"))
);
--> statement-breakpoint
CREATE INDEX `live_session_tags_tag_idx` ON `live_session_tags` (`tag`);--> statement-breakpoint
CREATE TABLE `live_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`influencer_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`game_id` text NOT NULL,
	`game_mode_id` text NOT NULL,
	`platform_id` text NOT NULL,
	`price_minor` integer NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`base_currency` text DEFAULT 'USD' NOT NULL,
	`is_streaming` integer DEFAULT false NOT NULL,
	`streaming_link` text,
	`requirements` text DEFAULT '[]' NOT NULL,
	`banner_url` text,
	`banner_key` text,
	`thumbnail_url` text,
	`thumbnail_key` text,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`influencer_id`) REFERENCES `influencer_profiles`(`user_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`platform_id`) REFERENCES `platforms`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`game_mode_id`,`game_id`) REFERENCES `game_modes`(`id`,`game_id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`game_id`,`platform_id`) REFERENCES `game_platforms`(`game_id`,`platform_id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "live_sessions_title_check" CHECK(length("live_sessions"."title") BETWEEN 1 AND 66),
	CONSTRAINT "live_sessions_price_check" CHECK("live_sessions"."price_minor" > 0),
	CONSTRAINT "live_sessions_currency_check" CHECK("live_sessions"."currency" = 'USD'),
	CONSTRAINT "live_sessions_base_currency_check" CHECK("live_sessions"."base_currency" IN ('USD', 'INR')),
	CONSTRAINT "live_sessions_streaming_check" CHECK("live_sessions"."is_streaming" = 0 OR "live_sessions"."streaming_link" IS NOT NULL),
	CONSTRAINT "live_sessions_ended_check" CHECK("live_sessions"."ended_at" IS NULL OR "live_sessions"."ended_at" >= "live_sessions"."started_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `live_sessions_one_open_per_influencer_unique` ON `live_sessions` (`influencer_id`) WHERE ended_at IS NULL;--> statement-breakpoint
CREATE INDEX `live_sessions_open_idx` ON `live_sessions` (`started_at`) WHERE ended_at IS NULL;--> statement-breakpoint
CREATE INDEX `live_sessions_influencer_started_idx` ON `live_sessions` (`influencer_id`,`started_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `live_sessions_id_influencer_unique` ON `live_sessions` (`id`,`influencer_id`);--> statement-breakpoint
CREATE TABLE `queue_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`live_session_id` text NOT NULL,
	`user_id` text NOT NULL,
	`lane` text NOT NULL,
	`state` text DEFAULT 'waiting' NOT NULL,
	`position` integer NOT NULL,
	`order_id` text,
	`gamertag` text,
	`joined_at` integer NOT NULL,
	`finished_at` integer,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`live_session_id`) REFERENCES `live_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`,`live_session_id`,`user_id`) REFERENCES `orders`(`id`,`live_session_id`,`user_id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "queue_entries_lane_check" CHECK("queue_entries"."lane" IN ('regular', 'vip')),
	CONSTRAINT "queue_entries_state_check" CHECK("queue_entries"."state" IN ('waiting', 'playing_next', 'in_game', 'done', 'left', 'removed', 'refunded')),
	CONSTRAINT "queue_entries_vip_paid_check" CHECK(("queue_entries"."lane" = 'vip') = ("queue_entries"."order_id" IS NOT NULL)),
	CONSTRAINT "queue_entries_position_check" CHECK("queue_entries"."position" >= 1),
	CONSTRAINT "queue_entries_finished_check" CHECK(("queue_entries"."state" IN ('waiting', 'playing_next', 'in_game')) = ("queue_entries"."finished_at" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `queue_entries_order_id_unique` ON `queue_entries` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `queue_entries_one_active_per_user_unique` ON `queue_entries` (`live_session_id`,`user_id`) WHERE state IN ('waiting', 'playing_next', 'in_game');--> statement-breakpoint
CREATE INDEX `queue_entries_session_lane_state_idx` ON `queue_entries` (`live_session_id`,`lane`,`state`,`position`);--> statement-breakpoint
CREATE INDEX `queue_entries_user_joined_idx` ON `queue_entries` (`user_id`,`joined_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `queue_entries_session_position_unique` ON `queue_entries` (`live_session_id`,`position`);--> statement-breakpoint
CREATE TABLE `discord_preferences` (
	`user_id` text PRIMARY KEY NOT NULL,
	`upcoming_slots` integer DEFAULT true NOT NULL,
	`favorite_creator_slots` integer DEFAULT true NOT NULL,
	`favorite_creator_live` integer DEFAULT true NOT NULL,
	`promotions` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `email_unsubscribes` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	CONSTRAINT "email_unsubscribes_email_check" CHECK("email_unsubscribes"."email" = lower("email_unsubscribes"."email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_unsubscribes_email_unique` ON `email_unsubscribes` (`email`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`image` text,
	`url` text,
	`influencer_id` text,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`influencer_id`) REFERENCES `influencer_profiles`(`user_id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "notifications_type_check" CHECK("notifications"."type" IN ('live', 'new_slots', 'booking', 'queue', 'lobby_code', 'promotion', 'system'))
);
--> statement-breakpoint
CREATE INDEX `notifications_user_created_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread_idx` ON `notifications` (`user_id`) WHERE is_read = 0;--> statement-breakpoint
CREATE TABLE `favourite_games` (
	`user_id` text NOT NULL,
	`game_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `game_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `favourite_games_game_idx` ON `favourite_games` (`game_id`);--> statement-breakpoint
CREATE TABLE `favourite_gigs` (
	`user_id` text NOT NULL,
	`product_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `product_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `favourite_gigs_product_idx` ON `favourite_gigs` (`product_id`);--> statement-breakpoint
CREATE TABLE `favourite_stars` (
	`user_id` text NOT NULL,
	`influencer_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `influencer_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`influencer_id`) REFERENCES `influencer_profiles`(`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `favourite_stars_influencer_idx` ON `favourite_stars` (`influencer_id`);--> statement-breakpoint
CREATE TABLE `bans` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`report_id` text,
	`reason` text,
	`banned_at` integer NOT NULL,
	`banned_by` text,
	`unbanned_at` integer,
	`unbanned_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`banned_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`unbanned_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "bans_dates_check" CHECK("bans"."unbanned_at" IS NULL OR "bans"."unbanned_at" >= "bans"."banned_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bans_one_active_per_user_unique` ON `bans` (`user_id`) WHERE unbanned_at IS NULL;--> statement-breakpoint
CREATE INDEX `bans_active_idx` ON `bans` (`banned_at`) WHERE unbanned_at IS NULL;--> statement-breakpoint
CREATE INDEX `bans_user_idx` ON `bans` (`user_id`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`reporter_id` text,
	`reported_user_id` text NOT NULL,
	`reason` text NOT NULL,
	`details` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`reviewed_at` integer,
	`reviewed_by` text,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reported_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reports_status_check" CHECK("reports"."status" IN ('pending', 'reviewed', 'banned')),
	CONSTRAINT "reports_reviewed_check" CHECK(("reports"."status" = 'pending') = ("reports"."reviewed_at" IS NULL)),
	CONSTRAINT "reports_reason_check" CHECK(length("reports"."reason") BETWEEN 1 AND 500)
);
--> statement-breakpoint
CREATE INDEX `reports_status_created_idx` ON `reports` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_reported_user_idx` ON `reports` (`reported_user_id`);--> statement-breakpoint
CREATE TABLE `configurations` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`description` text,
	`updated_by` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "configurations_key_check" CHECK("configurations"."key" GLOB '[a-z]*' AND "configurations"."key" NOT GLOB '*[^a-z0-9_]*')
);
--> statement-breakpoint
CREATE TABLE `contact_submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`ip` text,
	`user_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "contact_submissions_length_check" CHECK(length("contact_submissions"."message") BETWEEN 1 AND 5000 AND length("contact_submissions"."subject") <= 200)
);
--> statement-breakpoint
CREATE INDEX `contact_submissions_created_idx` ON `contact_submissions` (`created_at`);--> statement-breakpoint
CREATE TABLE `faqs` (
	`id` text PRIMARY KEY NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_published` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `faqs_sort_idx` ON `faqs` (`sort_order`);--> statement-breakpoint
CREATE TABLE `legal_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`content` text NOT NULL,
	`updated_by` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "legal_documents_type_check" CHECK("legal_documents"."type" IN ('mainTermsAndConditions', 'mainPrivacyPolicy', 'vipQueueTermsAndConditions'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `legal_documents_type_unique` ON `legal_documents` (`type`);--> statement-breakpoint
CREATE TABLE `star_suggestions` (
	`id` text PRIMARY KEY NOT NULL,
	`star_name` text NOT NULL,
	`user_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "star_suggestions_name_check" CHECK(length("star_suggestions"."star_name") BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE INDEX `star_suggestions_created_idx` ON `star_suggestions` (`created_at`);--> statement-breakpoint
CREATE TABLE `bank_details` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`account_holder_name` text NOT NULL,
	`address` text NOT NULL,
	`bank_name` text NOT NULL,
	`country` text NOT NULL,
	`full_name` text NOT NULL,
	`gaming_name` text NOT NULL,
	`mobile_number` text NOT NULL,
	`tshirt_size` text NOT NULL,
	`account_number` text NOT NULL,
	`bank_identifier_kind` text NOT NULL,
	`bank_identifier_value` text NOT NULL,
	`statement_key` text NOT NULL,
	`agreement_key` text NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`verified_at` integer,
	`verified_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `influencer_profiles`(`user_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`verified_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "bank_details_identifier_kind_check" CHECK("bank_details"."bank_identifier_kind" IN ('SWIFT Code', 'IBAN', 'Routing Number', 'Sort Code', 'IFSC Code', 'Bank Code')),
	CONSTRAINT "bank_details_tshirt_size_check" CHECK("bank_details"."tshirt_size" IN ('XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL')),
	CONSTRAINT "bank_details_identifier_value_check" CHECK(length(trim("bank_details"."bank_identifier_value")) > 0),
	CONSTRAINT "bank_details_country_check" CHECK(length("bank_details"."country") = 2 AND "bank_details"."country" = upper("bank_details"."country")),
	CONSTRAINT "bank_details_verified_check" CHECK("bank_details"."is_verified" = ("bank_details"."verified_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_details_user_id_unique` ON `bank_details` (`user_id`);--> statement-breakpoint
CREATE INDEX `bank_details_verified_created_idx` ON `bank_details` (`is_verified`,`created_at`);--> statement-breakpoint
CREATE TABLE `payout_orders` (
	`payout_id` text NOT NULL,
	`order_id` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`payout_id`, `order_id`),
	FOREIGN KEY (`payout_id`) REFERENCES `payouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_orders_one_active_per_order_unique` ON `payout_orders` (`order_id`) WHERE active = 1;--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`influencer_id` text NOT NULL,
	`period_start` integer NOT NULL,
	`period_end` integer NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`platform_fee_bps` integer NOT NULL,
	`platform_fee_indirect_tax_bps` integer NOT NULL,
	`indirect_tax_bps` integer NOT NULL,
	`tds_bps` integer NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`gross_minor` integer NOT NULL,
	`platform_fee_minor` integer NOT NULL,
	`platform_fee_indirect_tax_minor` integer NOT NULL,
	`indirect_tax_minor` integer NOT NULL,
	`tds_minor` integer NOT NULL,
	`net_minor` integer NOT NULL,
	`spreadsheet_key` text,
	`created_by` text,
	`activated_at` integer,
	`completed_at` integer,
	`removed_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`influencer_id`) REFERENCES `influencer_profiles`(`user_id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payouts_status_check" CHECK("payouts"."status" IN ('draft', 'active', 'completed', 'removed')),
	CONSTRAINT "payouts_currency_check" CHECK(length("payouts"."currency") = 3 AND "payouts"."currency" = upper("payouts"."currency")),
	CONSTRAINT "payouts_period_check" CHECK("payouts"."period_end" > "payouts"."period_start"),
	CONSTRAINT "payouts_rates_check" CHECK("payouts"."platform_fee_bps" BETWEEN 0 AND 10000 AND "payouts"."platform_fee_indirect_tax_bps" BETWEEN 0 AND 10000
        AND "payouts"."indirect_tax_bps" BETWEEN 0 AND 10000 AND "payouts"."tds_bps" BETWEEN 0 AND 10000),
	CONSTRAINT "payouts_totals_check" CHECK("payouts"."gross_minor" >= 0 AND "payouts"."platform_fee_minor" >= 0 AND "payouts"."platform_fee_indirect_tax_minor" >= 0
        AND "payouts"."indirect_tax_minor" >= 0 AND "payouts"."tds_minor" >= 0),
	CONSTRAINT "payouts_completed_check" CHECK(("payouts"."status" = 'completed') = ("payouts"."completed_at" IS NOT NULL)),
	CONSTRAINT "payouts_removed_check" CHECK(("payouts"."status" = 'removed') = ("payouts"."removed_at" IS NOT NULL)),
	CONSTRAINT "payouts_spreadsheet_check" CHECK("payouts"."spreadsheet_key" IS NULL OR "payouts"."status" = 'completed')
);
--> statement-breakpoint
CREATE INDEX `payouts_influencer_status_idx` ON `payouts` (`influencer_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `payouts_status_created_idx` ON `payouts` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `exchange_rates` (
	`id` text PRIMARY KEY NOT NULL,
	`base` text NOT NULL,
	`quote` text NOT NULL,
	`rate_micros` integer NOT NULL,
	`fetched_at` integer NOT NULL,
	`next_update_at` integer NOT NULL,
	`source` text NOT NULL,
	CONSTRAINT "exchange_rates_base_check" CHECK(length("exchange_rates"."base") = 3 AND "exchange_rates"."base" = upper("exchange_rates"."base")),
	CONSTRAINT "exchange_rates_quote_check" CHECK(length("exchange_rates"."quote") = 3 AND "exchange_rates"."quote" = upper("exchange_rates"."quote")),
	CONSTRAINT "exchange_rates_rate_check" CHECK("exchange_rates"."rate_micros" > 0),
	CONSTRAINT "exchange_rates_next_update_check" CHECK("exchange_rates"."next_update_at" >= "exchange_rates"."fetched_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `exchange_rates_pair_unique` ON `exchange_rates` (`base`,`quote`);--> statement-breakpoint
CREATE TABLE `analytics_events` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`user_id` text,
	`properties` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "analytics_events_name_check" CHECK(length("analytics_events"."name") BETWEEN 1 AND 64)
);
--> statement-breakpoint
CREATE INDEX `analytics_events_name_created_idx` ON `analytics_events` (`name`,`created_at`);--> statement-breakpoint
CREATE INDEX `analytics_events_user_created_idx` ON `analytics_events` (`user_id`,`created_at`);