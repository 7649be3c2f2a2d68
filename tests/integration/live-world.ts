import { env, exports } from "cloudflare:workers";
import { createSession } from "~/features/auth/session.server";
import { eventually } from "~tests/support/eventually";
import { createGame, createLiveSession, createPlatform, createStreamer, createUser, creditWallet } from "../factories";
import { ORIGIN, request } from "./app";

/** A streamer live now on a game whose mode takes `durationMinutes` for `noOfPlayers`, and helpers for fans. */
export async function liveWorld(options: { priceMinor?: number; noOfPlayers?: number; durationMinutes?: number } = {}) {
  const streamer = await createStreamer(env.DB);
  const platform = await createPlatform(env.DB, "pc");
  const game = await createGame(
    env.DB,
    {},
    {
      platformIds: [platform.id],
      noOfPlayers: options.noOfPlayers ?? 2,
      durationMinutes: options.durationMinutes ?? 20,
    },
  );
  const session = await createLiveSession(env.DB, streamer.id, game, { priceMinor: options.priceMinor ?? 500 });
  const streamerCookie = (await createSession(env, streamer.id)).split(";")[0] ?? "";
  return { streamer, streamerCookie, game, platform, liveSessionId: session.id };
}

export async function liveFan(walletMinor = 0, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(env.DB, overrides);
  if (walletMinor > 0) await creditWallet(env.DB, user.id, walletMinor);
  const cookie = (await createSession(env, user.id)).split(";")[0] ?? "";
  return { user, cookie };
}

export function post(path: string, cookie: string, body: unknown) {
  return request(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Cookie: cookie },
  });
}

export function get(path: string, cookie = "") {
  return request(path, { headers: cookie ? { Cookie: cookie } : {} });
}

export type Frame = { event: string; data: Record<string, unknown>; ack?: string };

/** A WebSocket to the app (through the Worker, like a browser on ORIGIN), collecting the frames it receives. */
export async function openSocket(path: string, cookie = "") {
  const response = await exports.default.fetch(
    new Request(`${ORIGIN}${path}`, {
      headers: { Upgrade: "websocket", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    }),
  );
  const ws = response.webSocket;
  if (!ws) throw new Error(`no socket: ${response.status} ${await response.text()}`);
  ws.accept();
  const frames: Frame[] = [];
  let closed = false;
  ws.addEventListener("message", (event) => frames.push(JSON.parse(String(event.data)) as Frame));
  ws.addEventListener("close", () => {
    closed = true;
  });
  return {
    ws,
    frames,
    isClosed: () => closed,
    send: (frame: unknown) => ws.send(JSON.stringify(frame)),
    last: (event: string) => [...frames].reverse().find((frame) => frame.event === event),
    close: () => {
      if (!closed) ws.close(1000, "done");
    },
  };
}

/** Polls until `check` returns a value (no fixed sleeps). */
export function until<T>(check: () => T | undefined | null | false, timeoutMs = 10_000): Promise<T> {
  return eventually(check, { timeout: timeoutMs, interval: 10 });
}
