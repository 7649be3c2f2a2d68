-- How long a gig's sessions last (minutes), asked on the gig form; each new slot takes it. Null for gigs from before
-- (their game mode's length). The bounds are SESSION_MINUTES_BOUNDS (app/features/gigs/schema.ts): an ALTER TABLE
-- cannot add a CHECK without rebuilding products, so two triggers hold them.
ALTER TABLE `products` ADD `session_minutes` integer;--> statement-breakpoint
CREATE TRIGGER `products_session_minutes_insert` BEFORE INSERT ON `products` FOR EACH ROW WHEN NEW.session_minutes IS NOT NULL AND (NEW.session_minutes < 5 OR NEW.session_minutes > 480) BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: products session_minutes outside 5..480'); END;--> statement-breakpoint
CREATE TRIGGER `products_session_minutes_update` BEFORE UPDATE OF `session_minutes` ON `products` FOR EACH ROW WHEN NEW.session_minutes IS NOT NULL AND (NEW.session_minutes < 5 OR NEW.session_minutes > 480) BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: products session_minutes outside 5..480'); END;
