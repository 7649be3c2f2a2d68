-- The time zone a user reads times in (docs/decisions/019-viewer-time-zone.md); NULL until saved.
ALTER TABLE `users` ADD `time_zone` text;
