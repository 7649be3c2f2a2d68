import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ensureFeedKey } from "~/features/feeds/index.server";
import { createStreamer, viewerOf } from "~tests/factories";
import { request } from "./app";

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * A feed key (`<id>.<base64url HMAC>`) has one spelling. Base64 decoding forgives padding and ignores the unused low
 * bits of the last character, so the same signature had other spellings that also opened the feed: each must be a 404.
 */
function otherSpellings(key: string): string[] {
  const [id = "", signature = ""] = key.split(".");
  const last = signature.at(-1) ?? "A";
  const index = BASE64URL.indexOf(last);
  // 32 bytes are 43 characters: the last carries 4 bits and 2 unused ones.
  const sameBits = [1, 2, 3].map((flip) => BASE64URL[index ^ flip]);
  return [
    `${key}=`,
    `${key}==`,
    ...sameBits.map((c) => `${id}.${signature.slice(0, -1)}${c}`),
    `${id.toUpperCase()}.${signature}`,
    `${key} `,
    `${key}.`,
  ];
}

describe("a feed key has one canonical spelling", () => {
  it("the calendar feed answers the exact key only", async () => {
    const user = await createStreamer(env.DB);
    const key = await ensureFeedKey(env, viewerOf(user), "calendar");
    expect((await request(`/calendar-feed/${key}.ics`)).status).toBe(200);
    for (const spelling of otherSpellings(key)) {
      const path = `/calendar-feed/${encodeURIComponent(spelling)}.ics`;
      expect((await request(path)).status, spelling).toBe(404);
    }
  });

  it("the stream overlay answers the exact key only", async () => {
    const streamer = await createStreamer(env.DB);
    const key = await ensureFeedKey(env, { ...viewerOf(streamer), isStreamer: true }, "overlay");
    expect((await request(`/overlay/${key}/next-slot`)).status).toBe(200);
    for (const spelling of otherSpellings(key)) {
      const path = `/overlay/${encodeURIComponent(spelling)}/next-slot`;
      expect((await request(path)).status, spelling).toBe(404);
    }
  });
});
