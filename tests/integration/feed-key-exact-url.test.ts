import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ensureFeedKey } from "~/features/feeds/index.server";
import { createStreamer, viewerOf } from "~tests/factories";
import { request } from "./app";

/**
 * The probe's leftover: a calendar-feed key URL answered 200 with a trailing slash, a query string and React Router's
 * `.data` suffix. A key is a credential, so it opens its feed at exactly one URL; every other spelling is a 404.
 */
describe("a feed key opens its feed at exactly one URL", () => {
  it("the calendar feed: /calendar-feed/<key>.ics only", async () => {
    const user = await createStreamer(env.DB);
    const key = await ensureFeedKey(env, viewerOf(user), "calendar");
    const exact = `/calendar-feed/${key}.ics`;
    expect((await request(exact)).status).toBe(200);
    for (const variant of [
      `${exact}/`,
      `${exact}?x=1`,
      `${exact}?`,
      `${exact}.data`,
      `${exact}.data?_routes=routes/feeds/calendar-feed`,
      `${exact}/.data`,
      `${exact}#x`.replace("#x", "%23x"),
      `/calendar-feed/${key}.ICS`,
      `//calendar-feed/${key}.ics`,
    ]) {
      const response = await request(variant);
      expect(response.status, variant).toBe(404);
      expect(response.headers.get("Content-Type") ?? "", variant).not.toContain("text/calendar");
    }
  });

  it("the overlay: /overlay/<key>/queue and /overlay/<key>/next-slot only", async () => {
    const user = await createStreamer(env.DB);
    const key = await ensureFeedKey(env, viewerOf(user), "overlay");
    for (const page of ["queue", "next-slot"]) {
      const exact = `/overlay/${key}/${page}`;
      expect((await request(exact)).status, exact).toBe(200);
      expect((await request(exact, { method: "HEAD" })).status, exact).toBe(200);
      for (const variant of [
        `${exact}/`,
        `${exact}?x=1`,
        `${exact}?`,
        `${exact}.data`,
        `${exact}.data?_routes=routes/overlay/${page}`,
        `${exact}/.data`,
        `/overlay/${key}/${page.toUpperCase()}`,
        `//overlay/${key}/${page}`,
        `/overlay/${key}/`,
      ]) {
        const response = await request(variant);
        expect(response.status, variant).toBe(404);
        expect(await response.text(), variant).not.toContain(user.username);
      }
    }
  });
});
