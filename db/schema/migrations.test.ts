import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

describe("migrations", () => {
  it("match the Drizzle schema (drizzle-kit would generate nothing new)", () => {
    // drizzle-kit wants a relative out path; work on a copy under .wrangler (git-ignored).
    mkdirSync(".wrangler", { recursive: true });
    const dir = mkdtempSync(join(".wrangler", "drift-"));
    const out = join(dir, "migrations");
    cpSync("migrations", out, { recursive: true });
    const config = join(dir, "drizzle.config.json");
    writeFileSync(config, JSON.stringify({ dialect: "sqlite", schema: "./db/schema/index.ts", out }));
    const before = readdirSync(out).sort();
    const output = execFileSync("drizzle-kit", ["generate", "--config", config], { encoding: "utf8" });
    const after = readdirSync(out).sort();
    expect(after, `drizzle-kit generated a migration; run npm run db:generate.\n${output}`).toEqual(before);
    expect(output).toMatch(/No schema changes/i);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
