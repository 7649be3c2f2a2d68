import { describe, expect, it } from "vitest";
import { AUTH_RATE_LIMITS } from "~/features/auth/constants";
import { postJson } from "./app";
import { loggedInUser } from "./session";

/** The probe tried 16 wrong current passwords with no 429: the check is throttled per account. */
describe("change password's current-password check is rate-limited", () => {
  it("answers 429 after the limit, even for the right password, and changes nothing", async () => {
    const { cookie } = await loggedInUser({}, "Right-pass-1");
    const body = (currentPassword: string) => ({
      currentPassword,
      newPassword: "New-pass-123",
      confirmPassword: "New-pass-123",
    });
    for (let i = 0; i < AUTH_RATE_LIMITS.password.max; i++) {
      const wrong = await postJson("/auth/change_password", body(`Wrong-pass-${i}`), { Cookie: cookie });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ success: false, message: "Current password is incorrect" });
    }
    const blocked = await postJson("/auth/change_password", body("Right-pass-1"), { Cookie: cookie });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({
      success: false,
      message: "Too many attempts. Please wait a few minutes and try again.",
    });
  });
});
