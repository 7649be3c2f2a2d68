-- Custom SQL migration file, put your code below! --

-- A gig search finds a gig by its streamer's name or handle, its game and its tags, not only by its title and
-- description. products_fts becomes a table holding its own copy of each gig's text (the extra columns live in
-- users, games and product_tags, so an external-content table reading products could not give them), keyed by
-- the gig's rowid and kept in step by the triggers below: a gig written, its tags changed, its streamer renamed,
-- its game renamed. A migration that rebuilds products, users, games or product_tags (drizzle-kit's "__new_"
-- table copy) drops these triggers and may renumber rowids: such a migration must recreate the triggers and end
-- with the rebuild statements at the bottom of this file.
DROP TRIGGER IF EXISTS `products_fts_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_update`;
--> statement-breakpoint
DROP TABLE IF EXISTS `products_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `products_fts` USING fts5(
	title, description, game, tags, star_name, star_handle,
	tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
-- Ranking: bm25 with the title first, the streamer's name and handle next, then the game and the tags; the
-- description weighs least.
INSERT INTO `products_fts`(`products_fts`, rank) VALUES ('rank', 'bm25(10.0, 1.0, 4.0, 4.0, 8.0, 8.0)');
--> statement-breakpoint
CREATE TRIGGER `products_fts_insert` AFTER INSERT ON `products` BEGIN
	INSERT INTO `products_fts`(rowid, title, description, game, tags, star_name, star_handle) VALUES (
		new.rowid, new.title, new.description,
		(SELECT name FROM `games` WHERE id = new.game_id),
		(SELECT group_concat(tag, ' ') FROM `product_tags` WHERE product_id = new.id),
		(SELECT full_name FROM `users` WHERE id = new.influencer_id),
		(SELECT username FROM `users` WHERE id = new.influencer_id)
	);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_delete` AFTER DELETE ON `products` BEGIN
	DELETE FROM `products_fts` WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_update` AFTER UPDATE OF title, description, game_id, influencer_id ON `products` BEGIN
	UPDATE `products_fts` SET
		title = new.title,
		description = new.description,
		game = (SELECT name FROM `games` WHERE id = new.game_id),
		star_name = (SELECT full_name FROM `users` WHERE id = new.influencer_id),
		star_handle = (SELECT username FROM `users` WHERE id = new.influencer_id)
	WHERE rowid = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_tag_insert` AFTER INSERT ON `product_tags` BEGIN
	UPDATE `products_fts` SET tags = (SELECT group_concat(tag, ' ') FROM `product_tags` WHERE product_id = new.product_id)
	WHERE rowid = (SELECT rowid FROM `products` WHERE id = new.product_id);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_tag_delete` AFTER DELETE ON `product_tags` BEGIN
	UPDATE `products_fts` SET tags = (SELECT group_concat(tag, ' ') FROM `product_tags` WHERE product_id = old.product_id)
	WHERE rowid = (SELECT rowid FROM `products` WHERE id = old.product_id);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_star_rename` AFTER UPDATE OF full_name, username ON `users` BEGIN
	UPDATE `products_fts` SET star_name = new.full_name, star_handle = new.username
	WHERE rowid IN (SELECT rowid FROM `products` WHERE influencer_id = new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_game_rename` AFTER UPDATE OF name ON `games` BEGIN
	UPDATE `products_fts` SET game = new.name WHERE rowid IN (SELECT rowid FROM `products` WHERE game_id = new.id);
END;
--> statement-breakpoint
-- Index whatever the tables already hold (safe to repeat).
DELETE FROM `products_fts`;
--> statement-breakpoint
INSERT INTO `products_fts`(rowid, title, description, game, tags, star_name, star_handle)
	SELECT p.rowid, p.title, p.description, g.name,
		(SELECT group_concat(t.tag, ' ') FROM `product_tags` t WHERE t.product_id = p.id),
		u.full_name, u.username
	FROM `products` p JOIN `users` u ON u.id = p.influencer_id JOIN `games` g ON g.id = p.game_id;
