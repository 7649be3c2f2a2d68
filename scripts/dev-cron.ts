/**
 * The scheduled jobs in development, as in production (docs/development.md): Cloudflare runs the Worker's crons
 * (wrangler.toml "triggers") only once deployed, and the local dev server never fires them. This Vite plugin does, for
 * `npm run dev` only: at the start of every minute it asks the dev server to run each cron whose time it is, through
 * the Cloudflare plugin's scheduled-handler endpoint (/cdn-cgi/local/scheduled?cron=...), so a demo shows reminders,
 * review prompts, no-show offers and refunds. /dev/jobs shows when each job last ran. NOOBRD_DEV_CRON=off turns it off
 * (the dev server's own test does, so its refusals are not mixed with job runs).
 */
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

/** The crons of the Worker's top-level triggers in wrangler.toml. */
export function workerCrons(toml: string): string[] {
  const top = toml.split(/^\[env\./m)[0] ?? "";
  const line = top.match(/^crons\s*=\s*\[([^\]]*)\]/m)?.[1] ?? "";
  return [...line.matchAll(/"([^"]+)"/g)].map((found) => found[1] ?? "").filter(Boolean);
}

/** Whether a cron of the forms wrangler.toml uses ("* * * * *", "*\/5 * * * *", "0 * * * *") is due at `at`. */
export function cronDue(cron: string, at: Date): boolean {
  const [minute = "*", hour = "*"] = cron.trim().split(/\s+/);
  const fits = (field: string, value: number) =>
    field === "*" || (field.startsWith("*/") ? value % Number(field.slice(2)) === 0 : Number(field) === value);
  return fits(minute, at.getUTCMinutes()) && fits(hour, at.getUTCHours());
}

export function devCron(): Plugin {
  return {
    name: "noobrd-dev-cron",
    apply: "serve",
    configureServer(server) {
      if (process.env.NOOBRD_DEV_CRON === "off") return;
      const crons = workerCrons(readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8"));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const runDue = async () => {
        const address = server.httpServer?.address();
        if (!address || typeof address === "string") return;
        const at = new Date();
        for (const cron of crons.filter((one) => cronDue(one, at))) {
          const url = `http://127.0.0.1:${address.port}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}`;
          await fetch(url).catch((error: unknown) => server.config.logger.warn(`dev cron ${cron}: ${String(error)}`));
        }
      };
      const next = () => {
        timer = setTimeout(
          () => {
            void runDue().finally(next);
          },
          60_000 - (Date.now() % 60_000) + 1_000,
        );
      };
      server.httpServer?.once("listening", next);
      server.httpServer?.once("close", () => clearTimeout(timer));
    },
  };
}
