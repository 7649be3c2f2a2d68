ALTER TABLE `live_sessions` ADD `list_price_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `rate_micros` integer DEFAULT 1000000 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `list_price_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Prices as their streamers set them (docs/decisions/020-prices-in-the-streamers-currency.md). A USD price is its
-- own list price; an INR price was stored converted into USD, so it is converted back at the stored rate and
-- rounded to the nearest rupee (the amounts streamers type: ₹499 stored as $5.93 reads ₹499 again). Without a
-- stored rate no INR price can have been set, so such a row is kept as the USD price it is.
UPDATE `products` SET `list_price_minor` = `price_minor`
  WHERE `base_currency` = 'USD' OR NOT EXISTS (SELECT 1 FROM `exchange_rates` WHERE `base` = 'USD' AND `quote` = 'INR');--> statement-breakpoint
UPDATE `products` SET `base_currency` = 'USD' WHERE `list_price_minor` = `price_minor` AND `base_currency` = 'INR';--> statement-breakpoint
UPDATE `products` SET `list_price_minor` = max(100, ((`price_minor` * (SELECT `rate_micros` FROM `exchange_rates` WHERE `base` = 'USD' AND `quote` = 'INR') + 50000000) / 100000000) * 100)
  WHERE `base_currency` = 'INR' AND `list_price_minor` = 0;--> statement-breakpoint
UPDATE `live_sessions` SET `list_price_minor` = `price_minor`
  WHERE `base_currency` = 'USD' OR NOT EXISTS (SELECT 1 FROM `exchange_rates` WHERE `base` = 'USD' AND `quote` = 'INR');--> statement-breakpoint
UPDATE `live_sessions` SET `base_currency` = 'USD' WHERE `list_price_minor` = `price_minor` AND `base_currency` = 'INR';--> statement-breakpoint
UPDATE `live_sessions` SET `list_price_minor` = max(100, ((`price_minor` * (SELECT `rate_micros` FROM `exchange_rates` WHERE `base` = 'USD' AND `quote` = 'INR') + 50000000) / 100000000) * 100)
  WHERE `base_currency` = 'INR' AND `list_price_minor` = 0;--> statement-breakpoint
-- The list price is positive and bounded like every amount (MAX_AMOUNT_MINOR, app/lib/money.ts); the order's rate is
-- positive. Triggers rather than CHECKs, as in 0012 (a CHECK would rebuild these tables).
CREATE TRIGGER `products_list_price_insert` BEFORE INSERT ON `products` FOR EACH ROW WHEN NEW.list_price_minor <= 0 OR NEW.list_price_minor > 10000000 BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: products list price not positive or above MAX_AMOUNT_MINOR'); END;--> statement-breakpoint
CREATE TRIGGER `products_list_price_update` BEFORE UPDATE ON `products` FOR EACH ROW WHEN NEW.list_price_minor <= 0 OR NEW.list_price_minor > 10000000 BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: products list price not positive or above MAX_AMOUNT_MINOR'); END;--> statement-breakpoint
CREATE TRIGGER `live_sessions_list_price_insert` BEFORE INSERT ON `live_sessions` FOR EACH ROW WHEN NEW.list_price_minor <= 0 OR NEW.list_price_minor > 10000000 BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: live_sessions list price not positive or above MAX_AMOUNT_MINOR'); END;--> statement-breakpoint
CREATE TRIGGER `live_sessions_list_price_update` BEFORE UPDATE ON `live_sessions` FOR EACH ROW WHEN NEW.list_price_minor <= 0 OR NEW.list_price_minor > 10000000 BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: live_sessions list price not positive or above MAX_AMOUNT_MINOR'); END;--> statement-breakpoint
CREATE TRIGGER `orders_rate_insert` BEFORE INSERT ON `orders` FOR EACH ROW WHEN NEW.rate_micros <= 0 BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: orders rate'); END;--> statement-breakpoint
CREATE TRIGGER `orders_rate_update` BEFORE UPDATE ON `orders` FOR EACH ROW WHEN NEW.rate_micros <= 0 BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: orders rate'); END;
