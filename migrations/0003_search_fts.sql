-- Custom SQL migration file, put your code below! --

-- Full-text search (SQLite FTS5) over games, gigs (products) and stars (influencers), kept in
-- step with their tables by the triggers below. Drizzle cannot model virtual tables or
-- triggers, so they live here; docs/decisions/006-search-with-fts5.md explains the choices.
--
-- games_fts and products_fts are external-content tables: they store only the index and read
-- text from games / products by rowid. stars_fts stores its own copy of the two name columns
-- (the text lives in users, the row set is influencer_profiles), keyed by the profile's rowid.
-- A migration that rebuilds games, products, users or influencer_profiles (drizzle-kit's
-- "__new_" table copy) drops these triggers and may renumber rowids: such a migration must
-- recreate the triggers and end with the rebuild statements at the bottom of this file.
CREATE VIRTUAL TABLE `games_fts` USING fts5(
	name, description,
	content='games', content_rowid='rowid',
	tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `products_fts` USING fts5(
	title, description,
	content='products', content_rowid='rowid',
	tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `stars_fts` USING fts5(
	full_name, username,
	tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
-- Ranking: bm25 with names and titles weighing ten times a description.
INSERT INTO `games_fts`(`games_fts`, rank) VALUES ('rank', 'bm25(10.0, 1.0)');
--> statement-breakpoint
INSERT INTO `products_fts`(`products_fts`, rank) VALUES ('rank', 'bm25(10.0, 1.0)');
--> statement-breakpoint
INSERT INTO `stars_fts`(`stars_fts`, rank) VALUES ('rank', 'bm25(10.0, 5.0)');
--> statement-breakpoint
CREATE TRIGGER `games_fts_insert` AFTER INSERT ON `games` BEGIN
	INSERT INTO `games_fts`(rowid, name, description) VALUES (new.rowid, new.name, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `games_fts_delete` AFTER DELETE ON `games` BEGIN
	INSERT INTO `games_fts`(`games_fts`, rowid, name, description) VALUES ('delete', old.rowid, old.name, old.description);
END;
--> statement-breakpoint
CREATE TRIGGER `games_fts_update` AFTER UPDATE OF name, description ON `games` BEGIN
	INSERT INTO `games_fts`(`games_fts`, rowid, name, description) VALUES ('delete', old.rowid, old.name, old.description);
	INSERT INTO `games_fts`(rowid, name, description) VALUES (new.rowid, new.name, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_insert` AFTER INSERT ON `products` BEGIN
	INSERT INTO `products_fts`(rowid, title, description) VALUES (new.rowid, new.title, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_delete` AFTER DELETE ON `products` BEGIN
	INSERT INTO `products_fts`(`products_fts`, rowid, title, description) VALUES ('delete', old.rowid, old.title, old.description);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_update` AFTER UPDATE OF title, description ON `products` BEGIN
	INSERT INTO `products_fts`(`products_fts`, rowid, title, description) VALUES ('delete', old.rowid, old.title, old.description);
	INSERT INTO `products_fts`(rowid, title, description) VALUES (new.rowid, new.title, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `stars_fts_insert` AFTER INSERT ON `influencer_profiles` BEGIN
	INSERT INTO `stars_fts`(rowid, full_name, username) SELECT new.rowid, full_name, username FROM `users` WHERE id = new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `stars_fts_delete` AFTER DELETE ON `influencer_profiles` BEGIN
	DELETE FROM `stars_fts` WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `stars_fts_rename` AFTER UPDATE OF full_name, username ON `users` BEGIN
	UPDATE `stars_fts` SET full_name = new.full_name, username = new.username
	WHERE rowid = (SELECT rowid FROM `influencer_profiles` WHERE user_id = new.id);
END;
--> statement-breakpoint
-- Index whatever the tables already hold (rebuild statements; safe to repeat).
INSERT INTO `games_fts`(`games_fts`) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO `products_fts`(`products_fts`) VALUES ('rebuild');
--> statement-breakpoint
DELETE FROM `stars_fts`;
--> statement-breakpoint
INSERT INTO `stars_fts`(rowid, full_name, username)
	SELECT p.rowid, u.full_name, u.username FROM `influencer_profiles` p JOIN `users` u ON u.id = p.user_id;
