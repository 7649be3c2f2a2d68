PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_cache_versions` (
	`scope` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	CONSTRAINT "cache_versions_scope_check" CHECK("__new_cache_versions"."scope" IN ('catalogue', 'availability')),
	CONSTRAINT "cache_versions_version_check" CHECK("__new_cache_versions"."version" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_cache_versions`("scope", "version", "updated_at") SELECT "scope", "version", "updated_at" FROM `cache_versions`;--> statement-breakpoint
DROP TABLE `cache_versions`;--> statement-breakpoint
ALTER TABLE `__new_cache_versions` RENAME TO `cache_versions`;--> statement-breakpoint
PRAGMA foreign_keys=ON;