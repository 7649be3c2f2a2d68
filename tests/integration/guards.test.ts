import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CAPABILITIES, canStaff } from "~/features/access/capabilities";
import { STAFF_ROLES } from "~/features/access/policy";
import { createSession } from "~/features/auth/session.server";
import { FOREIGN_FORM_MESSAGE } from "~/platform/http.server";
import {
  requireApiStaff,
  requireApiUser,
  requireStaff,
  requireStreamer,
  requireUser,
} from "~/routes/_lib/guards.server";
import { banUser, createUser } from "../factories";
import { ORIGIN } from "./app";
import { Client } from "./client";

/** A page POST from another site: the Worker refuses it before React Router runs (docs/decisions/029). */
const CROSS_ORIGIN_STATUS = 403;

/**
 * The role matrix of docs/domain.md: every route group with every role, checked on the guards that
 * every loader and action calls, with both kinds of credentials (browser session and API access token).
 */
type RoleName =
  | "anonymous"
  | "fan"
  | "influencer"
  | "admin"
  | "developer"
  | "marketing"
  | "finance"
  | "inactive staff"
  | "banned";

const ROLES: RoleName[] = [
  "anonymous",
  "fan",
  "influencer",
  "admin",
  "developer",
  "marketing",
  "finance",
  "inactive staff",
  "banned",
];

type Actor = { role: RoleName; userId: string | null; cookie: string | null; accessToken: string | null };

async function makeActor(role: RoleName): Promise<Actor> {
  if (role === "anonymous") return { role, userId: null, cookie: null, accessToken: null };
  const overrides =
    role === "influencer"
      ? { isStreamer: true }
      : role === "inactive staff"
        ? { role: "admin" as const, isActive: false }
        : role === "fan" || role === "banned"
          ? {}
          : { role };
  const user = await createUser(env.DB, overrides);
  const cookie = (await createSession(env, user.id)).split(";")[0] ?? "";
  const client = new Client();
  client.cookies.set("session", cookie.split("=")[1] ?? "");
  const pair = await (await client.post("/api/auth/generate-new-token", {})).json<{ accessToken: string }>();
  if (role === "banned") {
    await banUser(env.DB, user.id);
  }
  return { role, userId: user.id, cookie, accessToken: pair.accessToken };
}

/** What a guard did: "pass", "redirect <location>", or the status of the response it threw. */
async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return "pass";
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    if (thrown.status >= 300 && thrown.status < 400) return `redirect ${thrown.headers.get("Location")}`;
    return String(thrown.status);
  }
}

const isActiveStaff = (role: RoleName) => (STAFF_ROLES as readonly string[]).includes(role);
const loggedIn = (role: RoleName) => role !== "anonymous" && role !== "banned";

function requestAs(actor: Actor, path: string, via: "cookie" | "bearer") {
  const headers = new Headers();
  if (via === "cookie" && actor.cookie) headers.set("Cookie", actor.cookie);
  if (via === "bearer" && actor.accessToken) headers.set("Authorization", `Bearer ${actor.accessToken}`);
  return new Request(`${ORIGIN}${path}`, { headers });
}

describe("route guards by role", async () => {
  const actors = await Promise.all(ROLES.map(makeActor));

  describe.each(["cookie", "bearer"] as const)("with a %s", (via) => {
    it.each(actors.map((actor) => [actor.role, actor] as const))("%s", async (_role, actor) => {
      const req = (path: string) => requestAs(actor, path, via);
      // /profile: any logged-in user; anonymous (and banned, who count as nobody) go to /login with a way back.
      expect(await outcome(() => requireUser(req("/profile?tab=bio"), env))).toBe(
        loggedIn(actor.role) ? "pass" : `redirect /login?redirectTo=${encodeURIComponent("/profile?tab=bio")}`,
      );
      // /influencer/*: streamers only; everyone else to /.
      expect(await outcome(() => requireStreamer(req("/influencer/dashboard"), env))).toBe(
        actor.role === "influencer" ? "pass" : "redirect /",
      );
      // /admin/*: active staff only; nobody (and banned) to the staff login with a way back; non-staff and
      // inactive staff to /.
      const awayFromAdmin = (path: string) =>
        loggedIn(actor.role) ? "redirect /" : `redirect /admin/login?redirectTo=${encodeURIComponent(path)}`;
      expect(await outcome(() => requireStaff(req("/admin/dashboard"), env))).toBe(
        isActiveStaff(actor.role) ? "pass" : awayFromAdmin("/admin/dashboard"),
      );
      // Within admin, each capability by the staff role's table; others still go away.
      for (const capability of CAPABILITIES) {
        const expected = !isActiveStaff(actor.role)
          ? awayFromAdmin("/admin/x")
          : canStaff(actor.role as (typeof STAFF_ROLES)[number], capability)
            ? "pass"
            : "403";
        expect(await outcome(() => requireStaff(req("/admin/x"), env, capability)), capability).toBe(expected);
      }
      // The JSON API variants answer 401 / 403 instead of redirecting.
      expect(await outcome(() => requireApiUser(req("/api/x"), env))).toBe(loggedIn(actor.role) ? "pass" : "401");
      for (const capability of CAPABILITIES) {
        const expected = !loggedIn(actor.role)
          ? "401"
          : isActiveStaff(actor.role) && canStaff(actor.role as (typeof STAFF_ROLES)[number], capability)
            ? "pass"
            : "403";
        expect(await outcome(() => requireApiStaff(req("/api/x"), env, capability)), capability).toBe(expected);
      }
    });
  });
});

describe("route groups by role, through the pages themselves", async () => {
  const actors = await Promise.all(ROLES.map(makeActor));

  it.each(actors.map((actor) => [actor.role, actor] as const))("%s", async (_role, actor) => {
    const client = new Client();
    const headers: Record<string, string> = actor.cookie ? { Cookie: actor.cookie } : {};
    const visit = async (path: string) => {
      const response = await client.get(path, headers);
      return response.status === 200 ? "200" : `${response.status} ${response.headers.get("Location")}`;
    };
    expect(await visit("/profile")).toBe(loggedIn(actor.role) ? "200" : "302 /login?redirectTo=%2Fprofile");
    expect(await visit("/influencer/dashboard")).toBe(actor.role === "influencer" ? "200" : "302 /");
    expect(await visit("/admin/dashboard")).toBe(
      isActiveStaff(actor.role)
        ? "200"
        : loggedIn(actor.role)
          ? "302 /"
          : "302 /admin/login?redirectTo=%2Fadmin%2Fdashboard",
    );
  });
});

describe("JSON endpoints of accounts and access refuse the roles they should", async () => {
  const actors = await Promise.all(ROLES.map(makeActor));
  const owner = await createUser(env.DB, { country: "US" });

  it.each(actors.map((actor) => [actor.role, actor] as const))("%s", async (_role, actor) => {
    const client = new Client();
    const headers: Record<string, string> = actor.cookie ? { Cookie: actor.cookie } : {};
    // generate-new-token: logged-in users only.
    const generate = await client.post("/api/auth/generate-new-token", {}, headers);
    expect(generate.status).toBe(loggedIn(actor.role) ? 200 : 401);
    // save-country/:id of someone else: nobody may, not even staff (401 when not logged in, else 403).
    const saveOther = await client.postJson(
      `/api/auth/user/save-country/${owner.id}`,
      { billing_country: "IN" },
      headers,
    );
    expect(saveOther.status).toBe(loggedIn(actor.role) ? 403 : 401);
    // save-country/:id of oneself: the user themself.
    if (actor.userId) {
      const saveOwn = await client.postJson(
        `/api/auth/user/save-country/${actor.userId}`,
        { billing_country: "IN" },
        headers,
      );
      expect(saveOwn.status).toBe(loggedIn(actor.role) ? 200 : 401);
    }
    // refresh-token: the token is the credential; a banned user's tokens stop working.
    if (actor.accessToken) {
      const viaBearer = await client.post(
        "/api/auth/generate-new-token",
        {},
        { Authorization: `Bearer ${actor.accessToken}` },
      );
      expect(viaBearer.status).toBe(loggedIn(actor.role) ? 200 : 401);
    }
    expect((await client.postJson("/api/auth/refresh-token", { refreshToken: "nope" }, headers)).status).toBe(401);
    const row = await env.DB.prepare("SELECT country FROM users WHERE id = ?").bind(owner.id).first();
    expect(row?.country).toBe("US");
  });

  it("refuses a banned user's refresh token", async () => {
    const user = await createUser(env.DB);
    const client = new Client();
    client.cookies.set("session", (await createSession(env, user.id)).split(";")[0]?.split("=")[1] ?? "");
    const pair = await (await client.post("/api/auth/generate-new-token", {})).json<{ refreshToken: string }>();
    await banUser(env.DB, user.id);
    expect((await client.postJson("/api/auth/refresh-token", { refreshToken: pair.refreshToken })).status).toBe(401);
  });
});

describe("cross-origin state-changing requests are refused", () => {
  const EVIL = { Origin: "https://evil.example" };

  it.each([
    ["/api/auth/refresh-token", "json"],
    ["/api/auth/generate-new-token", "json"],
    ["/api/auth/user/save-country/anyone", "json"],
    ["/api/admin/validate-website-password", "json"],
    ["/api/admin/validate-token-for-website-password", "json"],
  ] as const)("POST %s", async (path, kind) => {
    const client = new Client();
    expect(kind).toBe("json");
    const response = await client.postJson(path, { token: "x" }, EVIL);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ success: false });
  });

  it.each(["/auth/discord", "/auth/google", "/email-capture/anyone", "/country-capture/anyone", "/password-login"])(
    "POST %s (a page: the Worker's check)",
    async (path) => {
      const response = await new Client().post(path, { intent: "send", email: "a@b.c" }, EVIL);
      expect(response.status).toBe(CROSS_ORIGIN_STATUS);
      expect(await response.text()).toBe(FOREIGN_FORM_MESSAGE);
    },
  );
});
