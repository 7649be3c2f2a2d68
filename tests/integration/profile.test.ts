import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AUTH_COPY } from "~/features/auth/copy";
import { emailLinks } from "~/features/auth/emails";
import { createSession } from "~/features/auth/session.server";
import { PROFILE_COPY } from "~/features/profile/copy";
import { unsubscribeUrl } from "~/features/profile/unsubscribe.server";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { createUser } from "../factories";
import { PNG_1X1 } from "../fixtures/images";
import { ORIGIN, postForm, postJson, request } from "./app";
import { loggedInUser } from "./session";
import { toastOf } from "./toast";

const PNG = PNG_1X1;

async function userRow(id: string) {
  return env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

describe("/profile", () => {
  it("sends anonymous visitors to log in and back", async () => {
    const response = await request("/profile");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");
  });

  it("updates the bio", async () => {
    const { user, cookie } = await loggedInUser();
    const response = await postForm("/profile", { intent: "bio", bio: "Diamond Valorant player." }, { Cookie: cookie });
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toEqual({ kind: "success", message: PROFILE_COPY.bioUpdated });
    expect((await userRow(user.id))?.bio).toBe("Diamond Valorant player.");
    const page = await (await request("/profile", { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Diamond Valorant player.");
  });

  it("saves social links, refuses a non-https link, and deletes one", async () => {
    const { user, cookie } = await loggedInUser();
    const bad = await postForm("/profile", { intent: "social", twitch: "javascript:alert(1)" }, { Cookie: cookie });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Use a full https:// link");
    await postForm(
      "/profile",
      { intent: "social", twitch: "https://twitch.tv/riya", youtube: "https://youtube.com/@riya" },
      { Cookie: cookie },
    );
    expect(JSON.parse(String((await userRow(user.id))?.social_links))).toEqual({
      twitch: "https://twitch.tv/riya",
      youtube: "https://youtube.com/@riya",
    });
    await postForm("/profile", { intent: "delete-social", key: "twitch" }, { Cookie: cookie });
    expect(JSON.parse(String((await userRow(user.id))?.social_links))).toEqual({
      youtube: "https://youtube.com/@riya",
    });
  });

  it("uploads a PNG picture to the media bucket and serves it", async () => {
    const { user, cookie } = await loggedInUser();
    const form = new FormData();
    form.set("intent", "picture");
    form.set("picture", new File([PNG], "me.png", { type: "image/png" }));
    const response = await request("/profile", { method: "POST", body: form, headers: { Cookie: cookie } });
    expect(response.status).toBe(302);
    const row = await userRow(user.id);
    expect(String(row?.picture_key)).toMatch(/^avatars\/\w+\.png$/);
    const served = await request(String(row?.picture_url));
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
  });

  it("refuses a file that is not really an image, whatever its name", async () => {
    const { user, cookie } = await loggedInUser();
    const form = new FormData();
    form.set("intent", "picture");
    form.set("picture", new File(["<script>alert(1)</script>"], "evil.png", { type: "image/png" }));
    const response = await request("/profile", { method: "POST", body: form, headers: { Cookie: cookie } });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain(PROFILE_COPY.invalidImage);
    expect((await userRow(user.id))?.picture_key).toBeNull();
  });

  it("replaces gamertags, dropping blank rows", async () => {
    const { user, cookie } = await loggedInUser();
    await postForm(
      "/profile",
      {
        intent: "gamertags",
        "gamertags[0].platform": "riot",
        "gamertags[0].tag": "Riya#EUW",
        "gamertags[1].platform": "other",
        "gamertags[1].tag": "",
      },
      { Cookie: cookie },
    );
    const rows = await env.DB.prepare("SELECT platform, tag FROM user_gamertags WHERE user_id = ?").bind(user.id).all();
    expect(rows.results).toEqual([{ platform: "riot", tag: "Riya#EUW" }]);
  });

  it("changes the email after the code sent to the new address", async () => {
    const { user, cookie } = await loggedInUser();
    const newEmail = `new.${user.id}@example.com`;
    const requested = await postForm("/profile", { intent: "email", email: newEmail }, { Cookie: cookie });
    expect(requested.status).toBe(302);
    const location = requested.headers.get("Location") ?? "";
    expect(location).toContain("/change-email/verifyotp/");
    const [message] = await readOutbox(env.PRIVATE_FILES, { to: newEmail, limit: 1 });
    const code = /(\d{6})/.exec(message?.text ?? "")?.[1] ?? "";
    expect((await userRow(user.id))?.email).not.toBe(newEmail);
    const wrong = await postForm(location, { otp: code === "123456" ? "654321" : "123456" }, { Cookie: cookie });
    expect(wrong.status).toBe(400);
    const confirmed = await postForm(location, { otp: code }, { Cookie: cookie });
    expect(confirmed.status).toBe(302);
    expect((await userRow(user.id))?.email).toBe(newEmail);
  });

  it("refuses another user's email-change code before writing anything, on the page and the API", async () => {
    const { user: owner, cookie: ownerCookie } = await loggedInUser();
    const { user: intruder, cookie: intruderCookie } = await loggedInUser();
    const newEmail = `new.${owner.id}@example.com`;
    const requested = await postForm("/profile", { intent: "email", email: newEmail }, { Cookie: ownerCookie });
    const location = requested.headers.get("Location") ?? "";
    const handle = /\/change-email\/verifyotp\/([^/]+)\//.exec(location)?.[1] ?? "";
    expect(handle).not.toBe("");
    const [message] = await readOutbox(env.PRIVATE_FILES, { to: newEmail, limit: 1 });
    const code = /(\d{6})/.exec(message?.text ?? "")?.[1] ?? "";
    const before = { owner: await userRow(owner.id), intruder: await userRow(intruder.id) };

    // The intruder holds the right handle and code, on both doors: refused, and nothing changes.
    const page = await postForm(location, { otp: code }, { Cookie: intruderCookie });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(AUTH_COPY.codeInvalid);
    const api = await postJson(
      "/api/auth/change-email-verify_otp/",
      { email: newEmail, token: handle, otp: code },
      { Cookie: intruderCookie },
    );
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ success: false, message: AUTH_COPY.codeInvalid, field: "otp" });
    expect(await userRow(owner.id)).toEqual(before.owner);
    expect(await userRow(intruder.id)).toEqual(before.intruder);
    const codeRow = await env.DB.prepare("SELECT used_at, attempts FROM one_time_codes WHERE id = ?")
      .bind(handle)
      .first();
    expect(codeRow).toEqual({ used_at: null, attempts: 0 });

    // The code was not spent: its owner still confirms with it.
    const confirmed = await postForm(location, { otp: code }, { Cookie: ownerCookie });
    expect(confirmed.status).toBe(302);
    expect((await userRow(owner.id))?.email).toBe(newEmail);
    expect((await userRow(intruder.id))?.email).toBe(before.intruder?.email);
  });

  it("changes the password, ending other sessions", async () => {
    const { user, cookie } = await loggedInUser({}, "Old-pass-123");
    const otherDevice = (await loggedInUserCookieFor(user.id)) ?? "";
    const wrong = await postForm(
      "/profile",
      { intent: "password", currentPassword: "nope", newPassword: "New-pass-456", confirmPassword: "New-pass-456" },
      { Cookie: cookie },
    );
    expect(wrong.status).toBe(400);
    const changed = await postForm(
      "/profile",
      {
        intent: "password",
        currentPassword: "Old-pass-123",
        newPassword: "New-pass-456",
        confirmPassword: "New-pass-456",
      },
      { Cookie: cookie },
    );
    expect(changed.status).toBe(302);
    expect(changed.headers.get("Location")).toBe("/");
    const stillIn = await request("/profile", { headers: { Cookie: otherDevice } });
    expect(stillIn.status).toBe(302);
    expect(await toastOf(changed)).toEqual({ kind: "success", message: AUTH_COPY.passwordUpdated });
  });
});

async function loggedInUserCookieFor(userId: string) {
  return (await createSession(env, userId)).split(";")[0];
}

describe("unsubscribe", () => {
  const count = async (email = "fan@example.com") =>
    (await env.DB.prepare("SELECT count(*) AS n FROM email_unsubscribes WHERE email = ?").bind(email).first())?.n;
  const post = (path: string, fields: Record<string, string> = {}) =>
    request(path, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: ORIGIN } });

  it("asks first through the signed link, then records the address once", async () => {
    const link = new URL(await unsubscribeUrl(env, ORIGIN, "Fan@Example.com"));
    const page = await request(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await count()).toBe(0);
    // The page's form carries the signature; a one-click List-Unsubscribe POST carries it in the URL.
    await post(link.pathname, { sig: link.searchParams.get("sig") ?? "" });
    await post(`${link.pathname}${link.search}`, { "List-Unsubscribe": "One-Click" });
    expect(await count()).toBe(1);
  });

  it("refuses an unsigned or wrongly signed link and records nothing", async () => {
    const other = new URL(await unsubscribeUrl(env, ORIGIN, "someone-else@example.com"));
    for (const path of [
      "/unsubscribe/victim%40example.com",
      `/unsubscribe/victim%40example.com${other.search}`,
      "/unsubscribe/victim%40example.com?sig=forged",
    ]) {
      expect((await request(path)).status, path).toBe(403);
      const refused = await post(path, { sig: new URL(`${ORIGIN}${path}`).searchParams.get("sig") ?? "" });
      expect(refused.status, path).toBe(403);
    }
    expect(await count("victim@example.com")).toBe(0);
  });

  it("is the link the account emails carry", async () => {
    await createUser(env.DB, { email: "linked@example.com" });
    const links = await emailLinks(env, ORIGIN, "linked@example.com");
    expect(links.unsubscribeUrl).toMatch(/^http:\/\/localhost\/unsubscribe\/linked%40example\.com\?sig=[\w-]{43}$/);
  });
});
