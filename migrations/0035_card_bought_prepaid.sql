ALTER TABLE `pack_purchases` ADD `order_id` text REFERENCES orders(id);--> statement-breakpoint
ALTER TABLE `pack_purchases` ADD `platform_fee_bps` integer;--> statement-breakpoint
ALTER TABLE `pack_purchases` ADD `platform_fee_tax_bps` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `pack_purchases_order_unique` ON `pack_purchases` (`order_id`) WHERE order_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE `pass_purchases` ADD `order_id` text REFERENCES orders(id);--> statement-breakpoint
ALTER TABLE `pass_purchases` ADD `platform_fee_bps` integer;--> statement-breakpoint
ALTER TABLE `pass_purchases` ADD `platform_fee_tax_bps` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `pass_purchases_order_unique` ON `pass_purchases` (`order_id`) WHERE order_id IS NOT NULL;