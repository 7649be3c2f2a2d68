import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, openD1Session } from "./d1-session.server";

/** The binding, recording which constraint or bookmark each session started from. */
function recordingDb() {
  const started: (string | undefined)[] = [];
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property === "withSession") {
        return (constraint?: string) => {
          started.push(constraint);
          return target.withSession(constraint);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { env: { ...env, DB: db }, started };
}

describe("openD1Session", () => {
  it("starts no session for a request that makes no query, and sends no bookmark", () => {
    const { env: sessionEnv, started } = recordingDb();
    const d1 = openD1Session(new Request("https://noobrd.test/", { method: "POST" }), sessionEnv);
    const response = d1.finish(new Response("ok"));
    expect(started).toEqual([]);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("starts a read at any replica, a write at the primary, once per request", async () => {
    const read = recordingDb();
    const d1 = openD1Session(new Request("https://noobrd.test/browse"), read.env);
    await d1.env.DB.prepare("SELECT 1").first();
    await d1.env.DB.batch([d1.env.DB.prepare("SELECT 2")]);
    expect(read.started).toEqual(["first-unconstrained"]);
    expect(d1.finish(new Response("ok")).headers.get(BOOKMARK_HEADER)).toBeNull();

    const write = recordingDb();
    const posted = openD1Session(new Request("https://noobrd.test/x", { method: "POST" }), write.env);
    await posted.env.DB.prepare("SELECT 1").first();
    expect(write.started).toEqual(["first-primary"]);
    const answered = posted.finish(new Response("ok"));
    // After a write, the client carries the bookmark to read its own write on its next request.
    expect(answered.headers.get("Set-Cookie")).toMatch(new RegExp(`^${BOOKMARK_COOKIE}=[\\w-]+; Path=/;`));
  });

  it("continues from the bookmark a client carries", async () => {
    const { env: sessionEnv, started } = recordingDb();
    const first = openD1Session(new Request("https://noobrd.test/x", { method: "POST" }), env);
    await first.env.DB.prepare("SELECT 1").first();
    const bookmark = first.finish(new Response("ok")).headers.get(BOOKMARK_HEADER);
    expect(bookmark).toBeTruthy();
    const next = openD1Session(
      new Request("https://noobrd.test/browse", { headers: { Cookie: `${BOOKMARK_COOKIE}=${bookmark}` } }),
      sessionEnv,
    );
    await next.env.DB.prepare("SELECT 1").first();
    expect(started).toEqual([bookmark]);
  });
});
