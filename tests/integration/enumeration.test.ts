import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AUTH_COPY } from "~/features/auth/copy";
import { createUser } from "../factories";
import { postForm, postJson } from "./app";
import { loggedInUser } from "./session";

/** The probe told accounts apart by sign-up, the login page's resend and change-email answers. */
describe("answers that do not tell whether an account exists", () => {
  it("the login page's resend goes to a code screen for unknown, verified and unverified addresses alike", async () => {
    const unverified = await createUser(env.DB, { emailVerifiedAt: null });
    const verified = (await loggedInUser()).user;
    for (const email of ["nobody-here@example.com", verified.email ?? "", unverified.email ?? ""]) {
      const response = await postForm("/login", { intent: "resend", email });
      expect(response.status, email).toBe(302);
      expect(response.headers.get("Location"), email).toMatch(/^\/signup\/verifyotp\/[\w-]+\//);
    }
  });

  it("change-email answers a taken address exactly like a free one", async () => {
    const { user, cookie } = await loggedInUser();
    const { user: other } = await loggedInUser();
    const ask = (email: string) =>
      postJson(`/api/auth/user/change-email/${user.id}`, { email }, { Cookie: cookie }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
      }));
    const taken = await ask(other.email ?? "");
    const free = await ask(`free.${user.id}@example.com`);
    expect(taken.status).toBe(200);
    expect(free.status).toBe(200);
    expect(taken.body).toEqual({ success: true, message: AUTH_COPY.emailChangeSent, handle: expect.any(String) });
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(free.body).sort());
  });
});
