CREATE TABLE `pack_credit_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`pack_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`credits` integer NOT NULL,
	`value_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`order_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`pack_id`) REFERENCES `pack_purchases`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "pack_credit_entries_kind_check" CHECK("pack_credit_entries"."kind" IN ('purchase', 'use', 'return', 'expiry')),
	CONSTRAINT "pack_credit_entries_currency_check" CHECK(length("pack_credit_entries"."currency") = 3 AND "pack_credit_entries"."currency" = upper("pack_credit_entries"."currency")),
	CONSTRAINT "pack_credit_entries_sign_check" CHECK(("pack_credit_entries"."kind" = 'purchase' AND "pack_credit_entries"."credits" > 0 AND "pack_credit_entries"."value_minor" > 0)
        OR ("pack_credit_entries"."kind" = 'use' AND "pack_credit_entries"."credits" = -1 AND "pack_credit_entries"."value_minor" < 0 AND "pack_credit_entries"."order_id" IS NOT NULL)
        OR ("pack_credit_entries"."kind" = 'return' AND "pack_credit_entries"."credits" = 1 AND "pack_credit_entries"."value_minor" > 0 AND "pack_credit_entries"."order_id" IS NOT NULL)
        OR ("pack_credit_entries"."kind" = 'expiry' AND "pack_credit_entries"."credits" < 0 AND "pack_credit_entries"."value_minor" <= 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pack_credit_entries_purchase_unique` ON `pack_credit_entries` (`pack_id`) WHERE kind = 'purchase';--> statement-breakpoint
CREATE UNIQUE INDEX `pack_credit_entries_use_unique` ON `pack_credit_entries` (`order_id`) WHERE kind = 'use';--> statement-breakpoint
CREATE UNIQUE INDEX `pack_credit_entries_return_unique` ON `pack_credit_entries` (`order_id`) WHERE kind = 'return';--> statement-breakpoint
CREATE INDEX `pack_credit_entries_balance_idx` ON `pack_credit_entries` (`pack_id`,`credits`,`value_minor`);--> statement-breakpoint
CREATE INDEX `pack_credit_entries_user_idx` ON `pack_credit_entries` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `pack_offers` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`influencer_id` text NOT NULL,
	`sessions` integer NOT NULL,
	`list_price_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`valid_days` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`influencer_id`) REFERENCES `influencer_profiles`(`user_id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "pack_offers_currency_check" CHECK(length("pack_offers"."currency") = 3 AND "pack_offers"."currency" = upper("pack_offers"."currency")),
	CONSTRAINT "pack_offers_sessions_check" CHECK("pack_offers"."sessions" BETWEEN 2 AND 20),
	CONSTRAINT "pack_offers_days_check" CHECK("pack_offers"."valid_days" BETWEEN 7 AND 365),
	CONSTRAINT "pack_offers_price_check" CHECK("pack_offers"."list_price_minor" > 0 AND "pack_offers"."list_price_minor" <= 10000000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pack_offers_product_unique` ON `pack_offers` (`product_id`);--> statement-breakpoint
CREATE INDEX `pack_offers_influencer_idx` ON `pack_offers` (`influencer_id`);--> statement-breakpoint
CREATE TABLE `pack_purchases` (
	`id` text PRIMARY KEY NOT NULL,
	`offer_id` text NOT NULL,
	`user_id` text NOT NULL,
	`influencer_id` text NOT NULL,
	`product_id` text NOT NULL,
	`sessions` integer NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`rate_micros` integer NOT NULL,
	`payment_method` text NOT NULL,
	`status` text NOT NULL,
	`checkout_session_id` text,
	`paid_at` integer,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`offer_id`) REFERENCES `pack_offers`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`influencer_id`) REFERENCES `influencer_profiles`(`user_id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "pack_purchases_status_check" CHECK("pack_purchases"."status" IN ('pending_payment', 'paid', 'cancelled')),
	CONSTRAINT "pack_purchases_method_check" CHECK("pack_purchases"."payment_method" IN ('card', 'wallet')),
	CONSTRAINT "pack_purchases_currency_check" CHECK(length("pack_purchases"."currency") = 3 AND "pack_purchases"."currency" = upper("pack_purchases"."currency")),
	CONSTRAINT "pack_purchases_amount_check" CHECK("pack_purchases"."amount_minor" > 0 AND "pack_purchases"."amount_minor" <= 10000000 AND "pack_purchases"."rate_micros" > 0),
	CONSTRAINT "pack_purchases_sessions_check" CHECK("pack_purchases"."sessions" BETWEEN 2 AND 20),
	CONSTRAINT "pack_purchases_paid_check" CHECK("pack_purchases"."status" <> 'paid' OR "pack_purchases"."paid_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pack_purchases_checkout_session_id_unique` ON `pack_purchases` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `pack_purchases_user_idx` ON `pack_purchases` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `pack_purchases_expiry_idx` ON `pack_purchases` (`expires_at`) WHERE status = 'paid';--> statement-breakpoint
CREATE INDEX `pack_purchases_pending_idx` ON `pack_purchases` (`created_at`) WHERE status = 'pending_payment';--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_wallet_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`kind` text NOT NULL,
	`order_id` text,
	`refund_id` text,
	`payout_id` text,
	`pack_id` text,
	`note` text,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`refund_id`) REFERENCES `refunds`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`payout_id`) REFERENCES `payouts`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`pack_id`) REFERENCES `pack_purchases`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "wallet_entries_kind_check" CHECK("__new_wallet_entries"."kind" IN ('topup', 'purchase', 'refund', 'promo_credit', 'adjustment', 'pack_purchase', 'pack_refund')),
	CONSTRAINT "wallet_entries_currency_check" CHECK(length("__new_wallet_entries"."currency") = 3 AND "__new_wallet_entries"."currency" = upper("__new_wallet_entries"."currency")),
	CONSTRAINT "wallet_entries_sign_check" CHECK("__new_wallet_entries"."amount_minor" <> 0 AND (
        ("__new_wallet_entries"."kind" IN ('topup', 'refund', 'promo_credit', 'pack_refund') AND "__new_wallet_entries"."amount_minor" > 0)
        OR ("__new_wallet_entries"."kind" IN ('purchase', 'pack_purchase') AND "__new_wallet_entries"."amount_minor" < 0)
        OR "__new_wallet_entries"."kind" = 'adjustment')),
	CONSTRAINT "wallet_entries_order_check" CHECK("__new_wallet_entries"."kind" NOT IN ('topup', 'purchase') OR "__new_wallet_entries"."order_id" IS NOT NULL),
	CONSTRAINT "wallet_entries_refund_check" CHECK("__new_wallet_entries"."kind" <> 'refund' OR "__new_wallet_entries"."refund_id" IS NOT NULL),
	CONSTRAINT "wallet_entries_pack_check" CHECK(("__new_wallet_entries"."kind" IN ('pack_purchase', 'pack_refund')) = ("__new_wallet_entries"."pack_id" IS NOT NULL))
);
--> statement-breakpoint
INSERT INTO `__new_wallet_entries`("id", "user_id", "amount_minor", "currency", "kind", "order_id", "refund_id", "payout_id", "note", "created_by", "created_at") SELECT "id", "user_id", "amount_minor", "currency", "kind", "order_id", "refund_id", "payout_id", "note", "created_by", "created_at" FROM `wallet_entries`;--> statement-breakpoint
DROP TABLE `wallet_entries`;--> statement-breakpoint
ALTER TABLE `__new_wallet_entries` RENAME TO `wallet_entries`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_entries_refund_id_unique` ON `wallet_entries` (`refund_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_entries_pack_purchase_unique` ON `wallet_entries` (`pack_id`) WHERE kind = 'pack_purchase';--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_entries_order_kind_unique` ON `wallet_entries` (`order_id`,`kind`) WHERE kind IN ('topup', 'purchase');--> statement-breakpoint
CREATE INDEX `wallet_entries_balance_idx` ON `wallet_entries` (`user_id`,`currency`,`amount_minor`);--> statement-breakpoint
CREATE INDEX `wallet_entries_user_created_idx` ON `wallet_entries` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `wallet_entries_order_idx` ON `wallet_entries` (`order_id`);--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers): the wallet_entries rebuild above drops migration 0001's
-- append-only trigger and 0012's amount bounds, so they are created again as they were; the credit ledger is
-- append-only the same way (ADR 027).
CREATE TRIGGER `wallet_entries_no_update` BEFORE UPDATE ON `wallet_entries`
BEGIN
	SELECT RAISE(ABORT, 'wallet_entries is append-only');
END;--> statement-breakpoint
CREATE TRIGGER `wallet_entries_amount_bound_insert` BEFORE INSERT ON `wallet_entries` FOR EACH ROW WHEN abs(NEW.amount_minor) > 10000000 BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: amount above MAX_AMOUNT_MINOR'); END;--> statement-breakpoint
CREATE TRIGGER `wallet_entries_amount_bound_update` BEFORE UPDATE ON `wallet_entries` FOR EACH ROW WHEN abs(NEW.amount_minor) > 10000000 BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: amount above MAX_AMOUNT_MINOR'); END;--> statement-breakpoint
CREATE TRIGGER `pack_credit_entries_no_update` BEFORE UPDATE ON `pack_credit_entries`
BEGIN
	SELECT RAISE(ABORT, 'pack_credit_entries is append-only');
END;
