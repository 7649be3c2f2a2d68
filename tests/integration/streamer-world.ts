import { env } from "cloudflare:workers";
import { createSession } from "~/features/auth/session.server";
import { createGame, createPlatform, createStreamer, createUser } from "../factories";

/** A logged-in streamer with a game (one mode, on PC) to put gigs on, and a cookie for the app's doors. */
export async function streamerWithGame(overrides: Parameters<typeof createStreamer>[1] = {}) {
  const streamer = await createStreamer(env.DB, { country: "US", ...overrides });
  const cookie = (await createSession(env, streamer.id)).split(";")[0] ?? "";
  const pc = await createPlatform(env.DB, "pc", "PC");
  const game = await createGame(env.DB, {}, { platformIds: [pc.id], noOfPlayers: 2, durationMinutes: 30 });
  return { streamer, cookie, game, platformId: pc.id };
}

export async function loggedInFan(overrides: Parameters<typeof createUser>[1] = {}) {
  const fan = await createUser(env.DB, overrides);
  const cookie = (await createSession(env, fan.id)).split(";")[0] ?? "";
  return { fan, cookie };
}

/** A tiny valid PNG (1x1) and a JPEG header: real image bytes for upload checks. */
export const PNG_BYTES = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
