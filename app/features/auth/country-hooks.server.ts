import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/platform/db.server";

/**
 * What else a sign-in's country step writes, in the same batch as the country: the wallet's conversion of a balance
 * held in the other currency (docs/decisions/020). Accounts do not know the wallet: the composition root
 * (workers/composition.ts) sets the statements, so the features stay a tree.
 */
export type CountryStatements = (db: Db, userId: string, now: Date) => BatchItem<"sqlite">[];

let countryStatements: CountryStatements = () => [];

/** Sets what a country change writes beside it (the composition root, once per isolate). */
export function setCountryStatements(statements: CountryStatements): void {
  countryStatements = statements;
}

/** The statements a country change writes beside it for this user. */
export function statementsOnCountryChange(db: Db, userId: string, now: Date): BatchItem<"sqlite">[] {
  return countryStatements(db, userId, now);
}
