CREATE TABLE `cache_versions` (
	`scope` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	CONSTRAINT "cache_versions_scope_check" CHECK("cache_versions"."scope" IN ('catalogue')),
	CONSTRAINT "cache_versions_version_check" CHECK("cache_versions"."version" >= 0)
);
