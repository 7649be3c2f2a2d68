/**
 * A D1 binding that fails the next `count` batches whose statements match `pattern` (their SQL), as a database that
 * is briefly unavailable would, and passes everything else through to the real binding. Lets a test prove that work
 * a committed change owes (a refund) is retried until done, through the app's own code.
 */
export function failingBatches(db: D1Database, pattern: RegExp, failures: { left: number }): D1Database {
  const sqlOf = new WeakMap<object, string>();
  const tag = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
    sqlOf.set(statement, query);
    const bind = statement.bind.bind(statement);
    statement.bind = (...values: unknown[]) => tag(bind(...values), query);
    return statement;
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === "prepare") return (query: string) => tag(target.prepare(query), query);
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          if (failures.left > 0 && statements.some((statement) => pattern.test(sqlOf.get(statement) ?? ""))) {
            failures.left--;
            throw new Error("D1_ERROR: database unavailable (test fault)");
          }
          return target.batch(statements);
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
