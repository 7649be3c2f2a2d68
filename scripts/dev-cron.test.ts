import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cronDue, workerCrons } from "./dev-cron";

describe("the development cron runner", () => {
  it("reads the Worker's crons from wrangler.toml (not the production environment's copy)", () => {
    expect(workerCrons(readFileSync("wrangler.toml", "utf8"))).toEqual(["*/30 * * * *", "*/5 * * * *", "* * * * *"]);
  });

  it("runs each cron at its minutes only", () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 5, minute));
    expect([0, 1, 5, 29, 30].map((m) => cronDue("*/30 * * * *", at(m)))).toEqual([true, false, false, false, true]);
    expect([0, 1, 5, 7, 10].map((m) => cronDue("*/5 * * * *", at(m)))).toEqual([true, false, true, false, true]);
    expect([0, 1, 59].map((m) => cronDue("* * * * *", at(m)))).toEqual([true, true, true]);
    expect(cronDue("0 6 * * *", at(0))).toBe(false);
  });
});
