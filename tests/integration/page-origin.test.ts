import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FOREIGN_FORM_MESSAGE, JSON_DOORS_OUTSIDE_API } from "~/platform/http.server";
import { PAGES_WITH_ACTIONS } from "../support/page-actions";
import { ORIGIN } from "./app";
import { loggedInUser } from "./session";

/**
 * The probe's leftover: a page form accepted a POST naming no origin (a signed-in POST to /notifications without
 * Origin or Referer was served). Every page action, signed out and signed in, must refuse a POST that does not name
 * the site (no header, `Origin: null`, another site's Origin or Referer) with 403 and the message, and take one that
 * does (its Origin, or only its Referer, as a browser that sends no Origin).
 */
const SIGNED_DOORS = ["/unsubscribe/x1"];
const SWEPT = PAGES_WITH_ACTIONS.filter((path) => !JSON_DOORS_OUTSIDE_API.has(path) && !SIGNED_DOORS.includes(path));

function post(path: string, headers: Record<string, string>, cookie?: string) {
  const all = new Headers({ "Content-Type": "application/x-www-form-urlencoded", ...headers });
  if (cookie) all.set("Cookie", cookie);
  return exports.default.fetch(
    new Request(`${ORIGIN}${path}`, { method: "POST", body: "intent=x", headers: all, redirect: "manual" }),
  );
}

const FOREIGN: [string, Record<string, string>][] = [
  ["no Origin and no Referer", {}],
  ["Origin: null", { Origin: "null" }],
  ["another site's Origin", { Origin: "https://evil.example" }],
  ["another site's Referer", { Referer: "https://evil.example/page" }],
  ["a look-alike Origin", { Origin: `${ORIGIN}.evil.example` }],
  ["a broken Referer", { Referer: "not a url" }],
];

describe("page actions need the site's Origin or Referer", () => {
  it("sweeps every page action", () => {
    expect(SWEPT).toContain("/notifications");
    expect(SWEPT).toContain("/profile");
    expect(SWEPT.length).toBeGreaterThanOrEqual(25);
  });

  it.each(FOREIGN)("refuses %s with 403 on every page action", async (_name, headers) => {
    const { cookie } = await loggedInUser();
    for (const path of SWEPT) {
      for (const session of [undefined, cookie]) {
        const response = await post(path, headers, session);
        const who = `${path} ${session ? "signed in" : "signed out"}`;
        expect(response.status, who).toBe(403);
        expect(await response.text(), who).toBe(FOREIGN_FORM_MESSAGE);
      }
    }
  });

  it("takes the site's own Origin, or its Referer alone", async () => {
    const { cookie } = await loggedInUser();
    for (const path of SWEPT) {
      for (const headers of [{ Origin: ORIGIN }, { Referer: `${ORIGIN}/profile` }] as Record<string, string>[]) {
        const response = await post(path, headers, cookie);
        const who = `${path} ${JSON.stringify(headers)}`;
        expect(response.status, who).toBeLessThan(500);
        expect(await response.text(), who).not.toBe(FOREIGN_FORM_MESSAGE);
      }
    }
  });

  it("a signed one-click unsubscribe still comes in from the mail provider, with no Origin", async () => {
    const response = await post("/unsubscribe/someone%40example.com?sig=wrong", {});
    // Refused for its signature (403 of its own), not for naming no origin.
    expect(await response.text()).not.toBe(FOREIGN_FORM_MESSAGE);
  });
});
