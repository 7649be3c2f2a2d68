-- Card refunds (docs/domain.md "Refund"). A refund row may give back a card payment its order never accepted (a
-- Checkout session that charged another amount or currency than the order): counts_on_order = 0, always to the card,
-- once per order ever. Added in place (not the table rebuild drizzle-kit writes): a rebuild would drop migration
-- 0012's amount-bound triggers on refunds and break wallet_entries' foreign key while it runs. Numbered 0020 as
-- 0019 is taken by another change in flight.
ALTER TABLE `refunds` ADD `counts_on_order` integer DEFAULT 1 NOT NULL CONSTRAINT "refunds_unaccepted_card_check" CHECK(`counts_on_order` = 1 OR `method` = 'card');--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_unaccepted_payment_unique` ON `refunds` (`order_id`) WHERE counts_on_order = 0;--> statement-breakpoint
-- The Cancellation Policy page states the fan's choice (docs/domain.md "Refund"): its "How refunds are paid" section is
-- rewritten only where it still reads as seeded, so a section staff have edited is left alone.
UPDATE `configurations` SET `value` = json_set(`value`, '$.sections[' || (
    SELECT s.key FROM json_each(`configurations`.`value`, '$.sections') s
    WHERE json_extract(s.value, '$.body') = 'By default, refunds go to your Noobrd wallet, where they are available immediately for your next booking. If you paid by card and prefer the refund on your card, ask us within 14 days; card refunds take 5 to 10 business days to appear on your statement.' || char(10) || '' || char(10) || 'Promo-code discounts are not refunded in cash: a cancelled order returns the code''s use to you where the code allows it.'
  ) || '].body', 'When you cancel a booking you paid by card, you choose where its refund goes: to your wallet, instantly, or to your card in 5–10 days. The wallet is the default: the money is there at once for your next booking. A card refund goes back to the card you paid with and takes 5 to 10 business days to appear on your statement. A booking paid from your wallet is refunded to your wallet. Refunds we make for you (a creator cancelling, an unserved VIP place, a late payment) go to your wallet.' || char(10) || '' || char(10) || 'Promo-code discounts are not refunded in cash: a cancelled order returns the code''s use to you where the code allows it.')
WHERE `key` = 'cancellation_policy' AND EXISTS (
  SELECT 1 FROM json_each(`configurations`.`value`, '$.sections') s
  WHERE json_extract(s.value, '$.body') = 'By default, refunds go to your Noobrd wallet, where they are available immediately for your next booking. If you paid by card and prefer the refund on your card, ask us within 14 days; card refunds take 5 to 10 business days to appear on your statement.' || char(10) || '' || char(10) || 'Promo-code discounts are not refunded in cash: a cancelled order returns the code''s use to you where the code allows it.'
);
