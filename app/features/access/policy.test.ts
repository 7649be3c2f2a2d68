import { describe, expect, it } from "vitest";
import { canOpenAdmin, headerSearchMode, showsBellAndAvatar, type Viewer } from "~/features/access/policy";

const base: Viewer = {
  id: "u1",
  username: "fan",
  fullName: "Fan",
  role: "user",
  isActive: true,
  isStreamer: false,
  isLive: false,
  liveSessionId: null,
  pictureUrl: null,
  country: "US",
  timeZone: null,
};

describe("header policy", () => {
  it("shows the search box on /browse always and on / after scrolling, never to streamers", () => {
    expect(headerSearchMode(null, "/browse")).toBe("always");
    expect(headerSearchMode(base, "/")).toBe("after-scroll");
    expect(headerSearchMode(base, "/about-us")).toBe("hidden");
    expect(headerSearchMode({ ...base, isStreamer: true }, "/browse")).toBe("hidden");
  });

  it("hides bell and avatar from staff and anonymous visitors", () => {
    expect(showsBellAndAvatar(null)).toBe(false);
    expect(showsBellAndAvatar(base)).toBe(true);
    expect(showsBellAndAvatar({ ...base, role: "finance" })).toBe(false);
  });

  it("lets only active staff open admin routes", () => {
    expect(canOpenAdmin({ ...base, role: "admin" })).toBe(true);
    expect(canOpenAdmin({ ...base, role: "admin", isActive: false })).toBe(false);
    expect(canOpenAdmin({ ...base, isStreamer: true })).toBe(false);
    expect(canOpenAdmin(null)).toBe(false);
  });
});
