-- Card refunds (docs/domain.md "Refund"). A refund row may give back a card payment its order never accepted (a
-- Checkout session that charged another amount or currency than the order): counts_on_order = 0, always to the card,
-- once per order ever. Added in place (not the table rebuild drizzle-kit writes): a rebuild would drop migration
-- 0012's amount-bound triggers on refunds and break wallet_entries' foreign key while it runs. Numbered 0020 as
-- 0019 is taken by another change in flight.
ALTER TABLE `refunds` ADD `counts_on_order` integer DEFAULT 1 NOT NULL CONSTRAINT "refunds_unaccepted_card_check" CHECK(`counts_on_order` = 1 OR `method` = 'card');--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_unaccepted_payment_unique` ON `refunds` (`order_id`) WHERE counts_on_order = 0;
