-- Custom SQL migration file, put your code below! --
-- The wallet is an append-only ledger (DOMAIN.md): a correction is a new 'adjustment' entry,
-- never an edit. Drizzle cannot model triggers, so this one lives in its own migration.
-- DELETE stays possible for development resets (db:seed --reset) and account erasure.
CREATE TRIGGER `wallet_entries_no_update` BEFORE UPDATE ON `wallet_entries`
BEGIN
	SELECT RAISE(ABORT, 'wallet_entries is append-only');
END;
