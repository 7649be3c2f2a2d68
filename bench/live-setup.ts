/**
 * What bench/live.ts prepares in its own database before it measures: fans with browser sessions, the demo star's
 * session and an open live session; and the two requests it sends the app besides the joins (the streamer serving
 * the next fan) and the places it reads back.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchSessionCookie, DEMO_STAR, d1, UNCOMPRESSED } from "./lib";

export type Fan = { id: string; cookie: string };

/** Fans with a browser session each, written straight to the bench's own database. */
export async function writeFans(state: string, count: number, prefix: string): Promise<Fan[]> {
  const now = Date.now();
  const fans: Fan[] = [];
  const rows: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `usr_${prefix}_${i}`;
    const token = randomBytes(32).toString("base64url");
    const sessionId = createHash("sha256").update(token).digest("hex");
    rows.push(
      `INSERT INTO users (id, username, full_name, email, email_verified_at, country, created_at, updated_at) VALUES ('${id}', '${prefix}_${i}', 'Bench Fan', '${id}@bench.test', ${now}, 'US', ${now}, ${now});`,
      `INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES ('${sessionId}', '${id}', ${now + 86_400_000}, ${now});`,
    );
    fans.push({ id, cookie: (await benchSessionCookie.serialize(token)).split(";")[0] ?? "" });
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-live-"));
  const file = join(dir, "fans.sql");
  writeFileSync(file, rows.join("\n"));
  d1(state, { file });
  rmSync(dir, { recursive: true, force: true });
  return fans;
}

export async function streamerCookie(state: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const sessionId = createHash("sha256").update(token).digest("hex");
  const now = Date.now();
  d1(
    state,
    `INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES ('${sessionId}', '${DEMO_STAR}', ${now + 86_400_000}, ${now})`,
  );
  return (await benchSessionCookie.serialize(token)).split(";")[0] ?? "";
}

export function openLiveSession(state: string): string {
  const now = Date.now();
  const [mode] = d1(
    state,
    `SELECT gm.id AS mode_id, gm.game_id, gp.platform_id FROM game_modes gm JOIN game_platforms gp ON gp.game_id = gm.game_id LIMIT 1`,
  );
  if (!mode) throw new Error("no game mode in the seed");
  const id = `live_bench_${now.toString(36)}`;
  d1(
    state,
    [
      `UPDATE live_sessions SET ended_at = ${now} WHERE influencer_id = '${DEMO_STAR}' AND ended_at IS NULL`,
      `INSERT INTO live_sessions (id, influencer_id, title, game_id, game_mode_id, platform_id, price_minor, list_price_minor, started_at, created_at, updated_at)
       VALUES ('${id}', '${DEMO_STAR}', 'Bench live', '${mode.game_id}', '${mode.mode_id}', '${mode.platform_id}', 500, 500, ${now}, ${now}, ${now})`,
      `UPDATE users SET live_session_id = '${id}' WHERE id = '${DEMO_STAR}'`,
    ].join(";\n"),
  );
  return id;
}

/** The first `limit` waiting places of the session, in join order: the fans the streamer serves next. */
export function waitingEntries(state: string, liveSessionId: string, limit: number): string[] {
  return d1(
    state,
    `SELECT id FROM queue_entries WHERE live_session_id = '${liveSessionId}' AND state = 'waiting' ORDER BY position LIMIT ${limit}`,
  ).map((row) => String(row.id));
}

/** The streamer calls one fan to play next through the queue dashboard's form (a queue change every socket is sent). */
/**
 * The streamer serves the next fan from the queue dashboard. With `javaScript` (the default), as the dashboard's
 * `<Form>` does in a browser: POST to the route's `.data` (the action's answer only), then React Router's
 * revalidation GET of the page's data. Without, the plain form: a document POST answered by the whole page (with a
 * long queue, a page of ~1.8 MB whose render shares the one local thread with the broadcast being timed).
 */
export async function serveNext(
  base: string,
  liveSessionId: string,
  streamer: string,
  entryId: string,
  javaScript = true,
): Promise<void> {
  const form = new URLSearchParams({ intent: "serve", id: entryId, to: "playing_next" });
  const page = `${base}/influencer/live/session/${liveSessionId}`;
  const headers = { ...UNCOMPRESSED, Cookie: streamer, Origin: base };
  const response = await fetch(javaScript ? `${page}.data` : page, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`serving the next fan answered ${response.status}`);
  if (javaScript) await (await fetch(`${page}.data`, { headers })).arrayBuffer();
}
