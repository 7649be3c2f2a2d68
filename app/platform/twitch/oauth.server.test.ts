import { describe, expect, it } from "vitest";
import { subscribeChatMessages, unsubscribeChatMessages } from "./oauth.server";

/** Helix as the real adapter calls it: an app token first, then the EventSub call; each request recorded. */
function fakeHelix(answer: (request: Request) => Response) {
  const seen: Request[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push(request);
    if (request.url.startsWith("https://id.twitch.tv/oauth2/token"))
      return Response.json({ access_token: "app-token", expires_in: 3600 });
    return answer(request);
  }) as typeof fetch;
  return { fetcher, seen };
}

const helixEnv = {
  TWITCH_PROVIDER: "http",
  TWITCH_CLIENT_ID: "client",
  TWITCH_CLIENT_SECRET: "secret",
  TWITCH_BOT_USER_ID: "999",
  TWITCH_EVENTSUB_SECRET: "a-development-secret-of-enough-length",
} as unknown as Env;

describe("Twitch chat subscriptions through Helix", () => {
  it("subscribes a channel's chat as the bot, and deletes that subscription on disconnect", async () => {
    const helix = fakeHelix((request) =>
      request.method === "POST"
        ? Response.json({ data: [{ id: "sub-1" }] }, { status: 202 })
        : new Response(null, { status: 204 }),
    );
    expect(await subscribeChatMessages(helixEnv, "123", "https://noobrd.test/api/chat/twitch", helix.fetcher)).toBe(
      "sub-1",
    );
    const subscribe = helix.seen.find((r) => r.url.endsWith("/eventsub/subscriptions"));
    expect(subscribe?.headers.get("Authorization")).toBe("Bearer app-token");
    expect(await subscribe?.json()).toMatchObject({
      type: "channel.chat.message",
      condition: { broadcaster_user_id: "123", user_id: "999" },
      transport: { method: "webhook", callback: "https://noobrd.test/api/chat/twitch" },
    });

    await unsubscribeChatMessages(helixEnv, "sub-1", helix.fetcher);
    const deleted = helix.seen.at(-1);
    expect(deleted?.method).toBe("DELETE");
    expect(deleted?.url).toBe("https://api.twitch.tv/helix/eventsub/subscriptions?id=sub-1");
    expect(deleted?.headers.get("Client-Id")).toBe("client");
  });

  it("counts an already deleted subscription as done, and throws when Twitch fails", async () => {
    const gone = fakeHelix(() => new Response(null, { status: 404 }));
    await expect(unsubscribeChatMessages(helixEnv, "sub-2", gone.fetcher)).resolves.toBeUndefined();
    const failing = fakeHelix(() => new Response(null, { status: 503 }));
    await expect(unsubscribeChatMessages(helixEnv, "sub-3", failing.fetcher)).rejects.toThrow("503");
  });

  it("calls nothing on the stand-in", async () => {
    const helix = fakeHelix(() => new Response(null, { status: 500 }));
    await unsubscribeChatMessages({ ...helixEnv, TWITCH_PROVIDER: "stand-in" } as Env, "sub-4", helix.fetcher);
    expect(helix.seen).toEqual([]);
  });
});
