import { describe, expect, it } from "vitest";
import { JSON_DOORS_OUTSIDE_API, UNREADABLE_FORM_MESSAGE } from "~/platform/http.server";
import { PAGES_WITH_ACTIONS, ROUTE_MODULES } from "../support/page-actions";
import { request } from "./app";
import { loggedInUser } from "./session";

/**
 * The probe's 500s: every page action given a body that is not form data (JSON, text, broken multipart; 60
 * of 253 probes) answered 500. Every page with an action, logged out and logged in, gets those bodies here
 * and must answer 4xx with the message, never 5xx.
 *
 * The pages come from the route config itself (tests/support/page-actions.ts), so a page added later is swept too.
 */
it("finds the page actions in the route config", () => {
  expect(Object.keys(ROUTE_MODULES).length).toBeGreaterThan(50);
  for (const page of ["/login", "/signup", "/forgot-password", "/reset-password/x1", "/admin/login"]) {
    expect(PAGES_WITH_ACTIONS).toContain(page);
  }
  for (const page of ["/password-login", "/contact-us", "/profile", "/signup/verifyotp/x1/x1", "/favourites"]) {
    expect(PAGES_WITH_ACTIONS).toContain(page);
  }
  expect(PAGES_WITH_ACTIONS.some((page) => page.startsWith("/api/"))).toBe(false);
  expect(PAGES_WITH_ACTIONS.length).toBeGreaterThanOrEqual(25);
});

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
        const who = `${path} ${session ? "logged in" : "anonymous"}`;
        if (JSON_DOORS_OUTSIDE_API.has(path)) {
          // The API's JSON calls outside /api (the paths its clients already use): jsonAction's answer (401 before the body when logged out).
          expect([400, 401, 415], who).toContain(response.status);
          expect(await response.json(), who).toEqual({ success: false, message: expect.any(String) });
          continue;
        }
        expect([400, 415], who).toContain(response.status);
        expect(await response.text(), who).toBe(UNREADABLE_FORM_MESSAGE);
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
