import { describe, expect, it } from "vitest";
import { UNREADABLE_FORM_MESSAGE } from "~/platform/http.server";
import { request } from "./app";
import { loggedInUser } from "./session";

/**
 * The probe's 500s: every page action given a body that is not form data (JSON, text, broken multipart; 60
 * of 253 probes) answered 500. Every page with an action, logged out and logged in, gets those bodies here
 * and must answer 4xx with the message, never 5xx.
 */
const PAGES_WITH_ACTIONS = [
  "/admin/login",
  "/forgot-password",
  "/auth/discord",
  "/email-capture/someone",
  "/login",
  "/signup",
  "/reset-password/some-token",
  "/logout",
  "/country-capture/someone",
  "/password-login",
  "/signup/verifyotp/some-handle/fan%40example.com",
  "/gig/some-gig",
  "/contact-us",
  "/profile/orders/some-order/cancel",
  "/unsubscribe/fan%40example.com",
  "/favourites",
  "/profile/orders/some-order",
  "/change-email/verifyotp/some-handle/fan%40example.com",
  "/profile",
  "/influencer/products",
  "/influencer/onboarding",
  "/influencer/calendar-dashboard",
  "/influencer/products/new",
  "/influencer/profile",
  "/wallet/top-up",
];

const BODIES: [string, RequestInit][] = [
  ["JSON", { body: JSON.stringify({ email: "a@b.c" }), headers: { "Content-Type": "application/json" } }],
  ["text", { body: "email=a@b.c", headers: { "Content-Type": "text/plain" } }],
  ["no type", { body: "email=a@b.c", headers: { "Content-Type": "" } }],
  ["octet stream", { body: new Uint8Array([1, 2, 3]), headers: { "Content-Type": "application/octet-stream" } }],
  [
    "broken multipart",
    { body: "--x\r\nContent-Disposition: form-da", headers: { "Content-Type": "multipart/form-data; boundary=x" } },
  ],
  ["multipart without boundary", { body: "garbage", headers: { "Content-Type": "multipart/form-data" } }],
];

describe("page actions refuse bodies that are not forms with a 4xx and a message", () => {
  it.each(BODIES)("%s", async (_name, init) => {
    const { cookie } = await loggedInUser();
    for (const path of PAGES_WITH_ACTIONS) {
      for (const session of [undefined, cookie]) {
        const headers = new Headers(init.headers);
        if (session) headers.set("Cookie", session);
        const response = await request(path, { ...init, method: "POST", headers });
        expect([400, 415], `${path} ${session ? "logged in" : "anonymous"}`).toContain(response.status);
        expect(await response.text(), path).toBe(UNREADABLE_FORM_MESSAGE);
      }
    }
  });

  it("still takes a real form", async () => {
    const response = await request("/contact-us", {
      method: "POST",
      body: new URLSearchParams({ name: "", email: "not-an-email", message: "" }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toBe(UNREADABLE_FORM_MESSAGE);
  });
});
