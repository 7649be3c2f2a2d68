import { describe, expect, it } from "vitest";
import { request } from "./app";

/**
 * The probe's 500s from ids: a detail page whose id is not one of ours answers 404 (or 400), never 500,
 * whatever the characters or the length.
 */
const ODD_IDS = ["a%20b", "%00", "x".repeat(100), "%E2%82%AC", "..%2F..", "a'b", "%F0%9F%8E%AE", "%FF"];

describe("detail pages with ids that are not ours", () => {
  for (const base of ["/game", "/gig", "/star", "/live"]) {
    it.each(ODD_IDS)(`${base}/%s answers 404`, async (id) => {
      const response = await request(`${base}/${id}`);
      expect(response.status).toBe(404);
    });
  }
});
