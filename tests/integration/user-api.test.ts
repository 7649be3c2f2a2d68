import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AUTH_COPY } from "~/features/auth/copy";
import { PROFILE_COPY } from "~/features/profile/copy";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { JPEG_THEN_HTML, PNG_1X1, PNG_HEAD_THEN_HTML, PNG_THEN_HTML, pngClaiming } from "../fixtures/images";
import { postJson, request } from "./app";
import { loggedInUser } from "./session";

/**
 * Behaviour of the user JSON API beyond "401 when anonymous" (auth-api.test.ts): success, validation
 * messages, what is persisted, and that another user's data stays as it was.
 */
const PNG = PNG_1X1;

async function userRow(id: string) {
  return env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

async function gamertagsOf(id: string) {
  const rows = await env.DB.prepare("SELECT platform, tag FROM user_gamertags WHERE user_id = ? ORDER BY tag")
    .bind(id)
    .all();
  return rows.results;
}

function uploadPicture(cookie: string, file: Blob | string | null, field = "image") {
  const form = new FormData();
  if (file !== null) form.set(field, file instanceof Blob ? new File([file], "me.png") : file);
  return request("/api/edit/profile_picture", { method: "POST", body: form, headers: { Cookie: cookie } });
}

describe("POST /api/update_user", () => {
  it("saves the caller's name, trimmed, and touches no one else", async () => {
    const { user, cookie } = await loggedInUser({ fullName: "Old Name" });
    const { user: other } = await loggedInUser({ fullName: "Other Name" });
    const response = await postJson("/api/update_user", { fullName: "  Riya Sharma  " }, { Cookie: cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "Profile updated successfully" });
    expect((await userRow(user.id))?.full_name).toBe("Riya Sharma");
    expect((await userRow(other.id))?.full_name).toBe("Other Name");
  });

  it("refuses an empty or missing name with 400 and its message, and keeps the old one", async () => {
    const { user, cookie } = await loggedInUser({ fullName: "Kept Name" });
    const empty = await postJson("/api/update_user", { fullName: "   " }, { Cookie: cookie });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ success: false, message: "Please enter your name" });
    const long = await postJson("/api/update_user", { fullName: "x".repeat(81) }, { Cookie: cookie });
    expect(long.status).toBe(400);
    expect((await userRow(user.id))?.full_name).toBe("Kept Name");
  });
});

describe("POST /api/update_user_gamerTag", () => {
  it("replaces the caller's gamertags, and another user's stay", async () => {
    const { user, cookie } = await loggedInUser();
    const { user: other, cookie: otherCookie } = await loggedInUser();
    const otherTags = { gamertags: [{ platform: "steam", tag: "OtherTag" }] };
    expect((await postJson("/api/update_user_gamerTag", otherTags, { Cookie: otherCookie })).status).toBe(200);

    const first = await postJson(
      "/api/update_user_gamerTag",
      {
        gamertags: [
          { platform: "riot", tag: " Riya#EUW " },
          { platform: "steam", tag: "riya_steam" },
        ],
      },
      { Cookie: cookie },
    );
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, message: PROFILE_COPY.gamertagsUpdated });
    expect(await gamertagsOf(user.id)).toEqual([
      { platform: "riot", tag: "Riya#EUW" },
      { platform: "steam", tag: "riya_steam" },
    ]);

    const second = await postJson(
      "/api/update_user_gamerTag",
      { gamertags: [{ platform: "steam", tag: "only_this" }] },
      { Cookie: cookie },
    );
    expect(second.status).toBe(200);
    expect(await gamertagsOf(user.id)).toEqual([{ platform: "steam", tag: "only_this" }]);
    expect(await gamertagsOf(other.id)).toEqual([{ platform: "steam", tag: "OtherTag" }]);
  });

  it("answers each validation failure with 400 and its message, and changes nothing", async () => {
    const { user, cookie } = await loggedInUser();
    await postJson(
      "/api/update_user_gamerTag",
      { gamertags: [{ platform: "riot", tag: "Keep#1" }] },
      { Cookie: cookie },
    );
    const cases: [unknown, string][] = [
      [{ gamertags: [{ platform: "myspace", tag: "x" }] }, "Pick a network"],
      [{ gamertags: [{ platform: "riot", tag: "  " }] }, "Enter your gamertag"],
      [{ gamertags: [{ platform: "riot", tag: "x".repeat(65) }] }, "Gamertag is too long"],
      [
        { gamertags: Array.from({ length: 21 }, (_, i) => ({ platform: "riot", tag: `t${i}` })) },
        "At most 20 gamertags",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await postJson("/api/update_user_gamerTag", body, { Cookie: cookie });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ success: false, message });
    }
    expect(await gamertagsOf(user.id)).toEqual([{ platform: "riot", tag: "Keep#1" }]);
  });
});

describe("POST /api/edit/profile_picture", () => {
  it("stores a png under a random key, serves it, and points the caller's picture at it", async () => {
    const { user, cookie } = await loggedInUser();
    const { user: other } = await loggedInUser();
    const response = await uploadPicture(cookie, new Blob([PNG], { type: "image/png" }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; message: string; images: { url: string } };
    expect(body.success).toBe(true);
    expect(body.message).toBe(PROFILE_COPY.pictureUpdated);
    expect(body.images.url).toMatch(/^\/media\/avatars\/[0-9a-z]{20}\.png$/);
    const row = await userRow(user.id);
    expect(row?.picture_url).toBe(body.images.url);
    expect(row?.picture_key).toBe(body.images.url.replace("/media/", ""));
    const stored = await env.MEDIA.get(String(row?.picture_key));
    expect(new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(PNG);
    const served = await request(body.images.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect((await userRow(other.id))?.picture_url).toBe(null);
  });

  it("replaces the previous picture and deletes its file", async () => {
    const { user, cookie } = await loggedInUser();
    await uploadPicture(cookie, new Blob([PNG], { type: "image/png" }));
    const firstKey = String((await userRow(user.id))?.picture_key);
    const second = await uploadPicture(cookie, new Blob([PNG], { type: "image/png" }));
    expect(second.status).toBe(200);
    const secondKey = String((await userRow(user.id))?.picture_key);
    expect(secondKey).not.toBe(firstKey);
    expect(await env.MEDIA.head(firstKey)).toBe(null);
    expect(await env.MEDIA.head(secondKey)).not.toBe(null);
  });

  it("refuses a missing file (400), a non-image by content (415) and an empty file (400), keeping the picture", async () => {
    const { user, cookie } = await loggedInUser();
    const missing = await uploadPicture(cookie, null);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ success: false, message: PROFILE_COPY.invalidImage });
    const text = await uploadPicture(cookie, new Blob(["<svg onload=alert(1)>"], { type: "image/png" }));
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ success: false, message: PROFILE_COPY.invalidImage });
    const empty = await uploadPicture(cookie, new Blob([], { type: "image/png" }));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ success: false, message: "Please choose an image" });
    expect((await userRow(user.id))?.picture_key).toBe(null);
  });

  it.each([
    ["a PNG followed by HTML", PNG_THEN_HTML],
    ["a JPEG followed by HTML", JPEG_THEN_HTML],
    ["a PNG header then HTML", PNG_HEAD_THEN_HTML],
    ["a PNG declaring 100,000 pixels of height", pngClaiming(10, 100_000)],
  ])("refuses %s (415) and stores nothing", async (_name, bytes) => {
    const { user, cookie } = await loggedInUser();
    const response = await uploadPicture(cookie, new Blob([bytes], { type: "image/png" }));
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ success: false, message: PROFILE_COPY.invalidImage });
    expect((await userRow(user.id))?.picture_key).toBe(null);
  });
});

describe("POST /api/auth/change-email-verify_otp", () => {
  async function requestChange(cookie: string, userId: string, email: string) {
    const response = await postJson(`/api/auth/user/change-email/${userId}`, { email }, { Cookie: cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; message: string; handle: string };
    expect(body).toEqual({ success: true, message: AUTH_COPY.emailChangeSent, handle: expect.any(String) });
    const [message] = await readOutbox(env.PRIVATE_FILES, { to: email, limit: 1 });
    const otp = /(\d{6})/.exec(message?.text ?? "")?.[1] ?? "";
    return { token: body.handle, otp };
  }

  it("makes the new address the caller's email once the emailed code is given", async () => {
    const { user, cookie } = await loggedInUser();
    const email = `api.new.${user.id}@example.com`;
    const { token, otp } = await requestChange(cookie, user.id, email);
    expect(token).toMatch(/^[0-9a-z]{20}$/);
    expect((await userRow(user.id))?.email).not.toBe(email);
    const response = await postJson("/api/auth/change-email-verify_otp/", { email, token, otp }, { Cookie: cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: AUTH_COPY.emailChanged });
    expect((await userRow(user.id))?.email).toBe(email);
    // The code works once.
    const again = await postJson("/api/auth/change-email-verify_otp/", { email, token, otp }, { Cookie: cookie });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ success: false, message: AUTH_COPY.codeInvalid, field: "otp" });
  });

  it("refuses a wrong code, another address and bad input, changing nothing", async () => {
    const { user, cookie } = await loggedInUser();
    const before = (await userRow(user.id))?.email;
    const email = `api.wrong.${user.id}@example.com`;
    const { token, otp } = await requestChange(cookie, user.id, email);
    const wrongOtp = otp === "123456" ? "654321" : "123456";
    const wrong = await postJson(
      "/api/auth/change-email-verify_otp/",
      { email, token, otp: wrongOtp },
      { Cookie: cookie },
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ success: false, message: AUTH_COPY.codeInvalid, field: "otp" });
    const otherAddress = await postJson(
      "/api/auth/change-email-verify_otp/",
      { email: `someone.else.${user.id}@example.com`, token, otp },
      { Cookie: cookie },
    );
    expect(otherAddress.status).toBe(400);
    const noToken = await postJson("/api/auth/change-email-verify_otp/", { email, otp }, { Cookie: cookie });
    expect(noToken.status).toBe(400);
    expect(await noToken.json()).toEqual({ success: false, message: "token is required" });
    expect((await userRow(user.id))?.email).toBe(before);
    // The right code for the right address still works after those refusals.
    const ok = await postJson("/api/auth/change-email-verify_otp/", { email, token, otp }, { Cookie: cookie });
    expect(ok.status).toBe(200);
  });

  it("refuses anonymous callers with 401", async () => {
    const response = await postJson("/api/auth/change-email-verify_otp/", {
      email: "a@example.com",
      token: "x",
      otp: "123456",
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, message: "Not logged in" });
  });
});
