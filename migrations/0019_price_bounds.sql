-- The bounds of a price as its streamer set it, per currency: PRICE_BOUNDS_MINOR (app/lib/price-bounds.ts), the one
-- source of these numbers (tests/integration/price-bounds.test.ts fails when they differ from it).
-- USD 500..100000 ($5 to $1,000), INR 10000..10000000 (₹100 to ₹1,00,000), both ends allowed.
-- They replace 0015's list-price triggers (> 0 and at most MAX_AMOUNT_MINOR in any currency), which let through an
-- INR price the orders could not hold once converted, or a USD price no rupee order could. A price set before
-- these bounds is kept as its streamer set it: the update triggers check only a write of the price or currency.
DROP TRIGGER IF EXISTS `products_list_price_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_list_price_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `live_sessions_list_price_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `live_sessions_list_price_update`;--> statement-breakpoint
CREATE TRIGGER `products_price_bounds_insert` BEFORE INSERT ON `products` FOR EACH ROW WHEN NEW.list_price_minor < (CASE NEW.base_currency WHEN 'INR' THEN 10000 ELSE 500 END) OR NEW.list_price_minor > (CASE NEW.base_currency WHEN 'INR' THEN 10000000 ELSE 100000 END) BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: products list price outside PRICE_BOUNDS_MINOR'); END;--> statement-breakpoint
CREATE TRIGGER `products_price_bounds_update` BEFORE UPDATE OF `list_price_minor`, `base_currency` ON `products` FOR EACH ROW WHEN NEW.list_price_minor < (CASE NEW.base_currency WHEN 'INR' THEN 10000 ELSE 500 END) OR NEW.list_price_minor > (CASE NEW.base_currency WHEN 'INR' THEN 10000000 ELSE 100000 END) BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: products list price outside PRICE_BOUNDS_MINOR'); END;--> statement-breakpoint
CREATE TRIGGER `live_sessions_price_bounds_insert` BEFORE INSERT ON `live_sessions` FOR EACH ROW WHEN NEW.list_price_minor < (CASE NEW.base_currency WHEN 'INR' THEN 10000 ELSE 500 END) OR NEW.list_price_minor > (CASE NEW.base_currency WHEN 'INR' THEN 10000000 ELSE 100000 END) BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: live_sessions list price outside PRICE_BOUNDS_MINOR'); END;--> statement-breakpoint
CREATE TRIGGER `live_sessions_price_bounds_update` BEFORE UPDATE OF `list_price_minor`, `base_currency` ON `live_sessions` FOR EACH ROW WHEN NEW.list_price_minor < (CASE NEW.base_currency WHEN 'INR' THEN 10000 ELSE 500 END) OR NEW.list_price_minor > (CASE NEW.base_currency WHEN 'INR' THEN 10000000 ELSE 100000 END) BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: live_sessions list price outside PRICE_BOUNDS_MINOR'); END;
