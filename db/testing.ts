/**
 * Test helper: an in-memory SQLite database (Node's built-in node:sqlite) with every
 * migration applied and foreign keys enforced, as D1 enforces them. Fast enough to apply the
 * whole demo seed in a unit test. It is plain SQLite, not D1: D1-only limits (statement size,
 * LIKE/GLOB pattern length) are checked separately.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

const MIGRATIONS_DIR = path.join(import.meta.dirname, "..", "migrations");

export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => path.join(MIGRATIONS_DIR, file));
}

export function openMigratedDatabase(): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  for (const file of migrationFiles()) db.exec(readFileSync(file, "utf8"));
  return db;
}
