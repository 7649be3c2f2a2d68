import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cancelSlot } from "~/features/slots/slots.server";
import worker from "~workers/app";
import { sweepOwedWork } from "~workers/jobs";
import {
  createBooking,
  createGame,
  createGig,
  createPlatform,
  createSlot,
  createStreamer,
  createUser,
  viewerOf,
} from "../factories";
import { failingBatches } from "../support/faulty-d1";
import { request } from "./app";
import { api, bookingWorld, deliveries, fan, paySession, postWebhook, purchase } from "./booking-world";
import { visit } from "./edge-visit";
import { loggedInUser } from "./session";

/** The JSON lines the app writes while `run` runs (docs/decisions/021-logging.md). */
async function linesOf(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: Record<string, unknown>[] = [];
  for (const method of ["log", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((text: unknown) => {
      try {
        lines.push(JSON.parse(String(text)));
      } catch {
        lines.push({ unparsed: String(text) });
      }
    });
  }
  await run();
  vi.restoreAllMocks();
  return lines;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the request line", () => {
  it("names the request by its cf-ray, with method, path, status and duration, and no user when anonymous", async () => {
    const lines = await linesOf(() => request("/healthz", { headers: { "cf-ray": "8c1f00aa11bb22cc-BOM" } }));
    const line = lines.find((entry) => entry.event === "request");
    expect(line).toMatchObject({
      level: "info",
      event: "request",
      requestId: "8c1f00aa11bb22cc-BOM",
      route: "/healthz",
      method: "GET",
      path: "/healthz",
      status: 200,
    });
    expect(typeof line?.durationMs).toBe("number");
    expect(line).not.toHaveProperty("userId");
    expect(lines.every((entry) => !("unparsed" in entry))).toBe(true);
  });

  it("carries the viewer's id once the app knows it, and a fresh request id without cf-ray", async () => {
    const { user, cookie } = await loggedInUser();
    const lines = await linesOf(() => request("/profile", { headers: { Cookie: cookie } }));
    const line = lines.find((entry) => entry.event === "request");
    expect(line).toMatchObject({ event: "request", path: "/profile", status: 200, userId: user.id });
    expect(line?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(lines)).not.toContain(cookie.split("=")[1]);
  });
});

describe("an edge-cache hit", () => {
  it("is tallied, not given a request line of its own; the miss before it has one", async () => {
    const missLines = await linesOf(async () => expect((await visit("/browse")).edge).toBe("MISS"));
    expect(missLines.filter((line) => line.event === "request")).toEqual([
      expect.objectContaining({ path: "/browse", status: 200 }),
    ]);
    const hitLines = await linesOf(async () => expect((await visit("/browse")).edge).toBe("HIT"));
    expect(hitLines.filter((line) => line.event === "request")).toEqual([]);
  });
});

describe("the cron's lines", () => {
  it("log every run's outcome, also when there was nothing to do", async () => {
    const lines = await linesOf(async () => {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" }), env, ctx);
      await waitOnExecutionContext(ctx);
    });
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          level: "info",
          event: "cron.run",
          cron: "* * * * *",
          task: "hold-sweeper",
          ok: true,
          swept: 0,
        }),
        expect.objectContaining({ level: "info", event: "jobs.sweep", refundsSettled: 0, messagesSent: 0 }),
      ]),
    );
  });
});

describe("the Stripe webhook's lines", () => {
  it("log each event's outcome (fulfilled, then duplicate) and a bad signature, never the signature itself", async () => {
    const world = await bookingWorld();
    const buyer = await fan();
    const placed = (await (
      await api("/api/book-slot/create-order", buyer.cookie, purchase(world.slot.id, ["Ace"]))
    ).json()) as { orderId: string; sessionId: string };
    await paySession(placed.sessionId);
    const [paid] = await deliveries(placed.sessionId);
    const lines = await linesOf(async () => {
      expect((await postWebhook(paid?.payload ?? "", paid?.signature ?? "")).status).toBe(200);
      expect((await postWebhook(paid?.payload ?? "", paid?.signature ?? "")).status).toBe(200);
      expect((await postWebhook(paid?.payload ?? "", "t=1,v1=forged")).status).toBe(400);
    });
    const webhook = lines.filter((line) => String(line.event).startsWith("webhook."));
    expect(webhook).toEqual([
      expect.objectContaining({
        level: "info",
        event: "webhook.received",
        route: "/api/stripe",
        type: "checkout.session.completed",
        sessionId: placed.sessionId,
        orderId: placed.orderId,
        outcome: "fulfilled",
      }),
      expect.objectContaining({ event: "webhook.received", outcome: "duplicate", sessionId: placed.sessionId }),
      expect.objectContaining({ level: "warn", event: "webhook.rejected", reason: "signature" }),
    ]);
    expect(JSON.stringify(lines)).not.toContain(paid?.signature ?? "-");
  });
});

describe("the refunds' lines", () => {
  it("log a failed attempt with its count and the later settlement, by refund id", async () => {
    const streamer = await createStreamer(env.DB);
    const platform = await createPlatform(env.DB, "pc");
    const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
    const gig = await createGig(env.DB, streamer.id, game);
    const slot = await createSlot(env.DB, streamer.id, gig.id, new Date(Date.now() + 7 * 86_400_000), { seats: 2 });
    const fan = await createUser(env.DB);
    await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, fan.id, "confirmed");
    const flaky = { ...env, DB: failingBatches(env.DB, /update "refunds" set "status"/i, { left: 1 }) } as Env;
    const now = new Date();
    const lines = await linesOf(async () => {
      await cancelSlot(flaky, viewerOf(streamer), slot.id, now);
      await sweepOwedWork(env, new Date(now.getTime() + 3_600_000));
    });
    const failed = lines.find((line) => line.event === "refund.failed");
    expect(failed).toMatchObject({ level: "error", attempts: 1, status: "pending" });
    expect(typeof failed?.refundId).toBe("string");
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: "info", event: "refund.settled", refundId: failed?.refundId }),
        expect.objectContaining({ event: "jobs.sweep", refundsSettled: 1, refundsFailed: 0 }),
      ]),
    );
  });
});
