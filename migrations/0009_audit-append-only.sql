-- Custom SQL migration file, put your code below! --
-- The staff audit log is append-only (db/schema/audit.ts): an entry is never edited. Only actor_id may
-- change, to NULL, when the acting user is deleted (ON DELETE SET NULL). DELETE stays possible for
-- development resets (db:seed --reset), as for the wallet ledger.
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE OF `actor_role`, `action`, `entity`, `entity_id`, `before`, `after`, `created_at` ON `audit_log`
BEGIN
	SELECT RAISE(ABORT, 'audit_log is append-only');
END;
