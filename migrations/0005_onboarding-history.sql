CREATE TABLE `bank_details_history` (
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
	`submitted_at` integer NOT NULL,
	`replaced_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `influencer_profiles`(`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bank_details_history_user_idx` ON `bank_details_history` (`user_id`,`replaced_at`);