CREATE TABLE `account_closures` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`confirmed_by` text NOT NULL,
	`erase_after` integer NOT NULL,
	`cancelled_at` integer,
	`erased_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "account_closures_status_check" CHECK("account_closures"."status" IN ('pending', 'cancelled', 'erased')),
	CONSTRAINT "account_closures_confirmed_by_check" CHECK("account_closures"."confirmed_by" IN ('password', 'code')),
	CONSTRAINT "account_closures_decided_check" CHECK(("account_closures"."status" = 'cancelled') = ("account_closures"."cancelled_at" IS NOT NULL) AND ("account_closures"."status" = 'erased') = ("account_closures"."erased_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_closures_pending_unique` ON `account_closures` (`user_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `account_closures_due_idx` ON `account_closures` (`status`,`erase_after`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_one_time_codes` (
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
	CONSTRAINT "one_time_codes_purpose_check" CHECK("__new_one_time_codes"."purpose" IN ('verify_email', 'reset_password', 'change_email', 'streamer_setup', 'social_handoff', 'close_account')),
	CONSTRAINT "one_time_codes_attempts_check" CHECK("__new_one_time_codes"."attempts" >= 0),
	CONSTRAINT "one_time_codes_email_lower_check" CHECK("__new_one_time_codes"."email" IS NULL OR "__new_one_time_codes"."email" = lower("__new_one_time_codes"."email"))
);
--> statement-breakpoint
INSERT INTO `__new_one_time_codes`("id", "purpose", "user_id", "email", "token_hash", "code_hash", "payload", "expires_at", "used_at", "attempts", "created_at") SELECT "id", "purpose", "user_id", "email", "token_hash", "code_hash", "payload", "expires_at", "used_at", "attempts", "created_at" FROM `one_time_codes`;--> statement-breakpoint
DROP TABLE `one_time_codes`;--> statement-breakpoint
ALTER TABLE `__new_one_time_codes` RENAME TO `one_time_codes`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `one_time_codes_token_hash_unique` ON `one_time_codes` (`token_hash`);--> statement-breakpoint
CREATE INDEX `one_time_codes_user_purpose_idx` ON `one_time_codes` (`user_id`,`purpose`,`created_at`);--> statement-breakpoint
CREATE INDEX `one_time_codes_email_purpose_idx` ON `one_time_codes` (`email`,`purpose`,`created_at`);--> statement-breakpoint
CREATE INDEX `one_time_codes_expires_idx` ON `one_time_codes` (`expires_at`);