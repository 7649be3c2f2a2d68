import { describe, expect, it } from "vitest";
import { timeZoneHintScript } from "./components/viewer-zone";
import { recipientZone, requestViewerZone, resolveViewerZone, signUpTimeZone, validTimeZone, zoneCookie } from "./zone";

describe("the viewer's zone (docs/decisions/019-viewer-time-zone.md)", () => {
  it("takes the saved zone, else the tz cookie, else Cloudflare's, else UTC", () => {
    const all = { saved: "Asia/Kolkata", cookie: "America/New_York", cloudflare: "Europe/Paris" };
    expect(resolveViewerZone(all)).toEqual({ zone: "Asia/Kolkata", source: "saved" });
    expect(resolveViewerZone({ ...all, saved: null })).toEqual({ zone: "America/New_York", source: "cookie" });
    expect(resolveViewerZone({ cloudflare: "Europe/Paris" })).toEqual({ zone: "Europe/Paris", source: "cloudflare" });
    expect(resolveViewerZone({})).toEqual({ zone: "UTC", source: "fallback" });
  });

  it("skips a layer that is not a zone rather than failing", () => {
    expect(resolveViewerZone({ saved: "Mars/Olympus", cookie: "x".repeat(80), cloudflare: "Asia/Tokyo" }).zone).toBe(
      "Asia/Tokyo",
    );
    expect(validTimeZone("")).toBeNull();
    expect(validTimeZone(42)).toBeNull();
  });

  it("stores and compares zones in their current spelling (Asia/Calcutta is Asia/Kolkata)", () => {
    expect(validTimeZone("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(validTimeZone("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(validTimeZone("Etc/UTC")).toBe("UTC");
  });

  it("reads the tz cookie among others, decoded", () => {
    expect(zoneCookie("session=abc; tz=Asia%2FKolkata; toast=1")).toBe("Asia/Kolkata");
    expect(zoneCookie("xtz=Europe%2FParis")).toBeNull();
    expect(zoneCookie(null)).toBeNull();
    const request = new Request("https://noobrd.test/", { headers: { Cookie: "tz=America%2FNew_York" } });
    expect(requestViewerZone(request, null, { timezone: "Asia/Kolkata" })).toEqual({
      zone: "America/New_York",
      source: "cookie",
    });
    expect(requestViewerZone(request, "Asia/Kolkata", undefined).source).toBe("saved");
  });

  it("writes emails in the recipient's saved zone, else UTC", () => {
    expect(recipientZone("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(recipientZone(null)).toBe("UTC");
    expect(recipientZone("nonsense")).toBe("UTC");
  });

  it("saves a new account's zone from the browser, the cookie or Cloudflare, and nothing when none is known", () => {
    const bare = new Request("https://noobrd.test/signup", { method: "POST" });
    expect(signUpTimeZone(bare, "Asia/Kolkata", { timezone: "Europe/Paris" })).toBe("Asia/Kolkata");
    expect(signUpTimeZone(bare, undefined, { timezone: "Europe/Paris" })).toBe("Europe/Paris");
    expect(signUpTimeZone(bare, undefined, undefined)).toBeUndefined();
  });
});

/** Runs the client-hint script against a stand-in document; returns the cookie written and whether it reloaded. */
function runHint(
  served: string,
  source: "saved" | "cookie" | "cloudflare" | "fallback",
  cookie: string,
  browserZone: string,
  cookiesWork = true,
  temporal = false,
) {
  const state = { cookie, reloads: 0 };
  let formatters = 0;
  const document = {
    get cookie() {
      return state.cookie;
    },
    set cookie(value: string) {
      if (cookiesWork) state.cookie = value.split(";")[0] ?? "";
    },
  };
  const location = { reload: () => state.reloads++ };
  // A stand-in for the browser's Intl (the script reads only the resolved zone), passed under Intl's name.
  const fakeIntl = {
    // biome-ignore lint/correctness/noComponentHookFactories: Intl's constructor name, not a React component
    DateTimeFormat: () => {
      formatters++;
      return { resolvedOptions: () => ({ timeZone: browserZone }) };
    },
  };
  // And of Temporal's, where the browser has it (undefined: a browser without Temporal).
  const fakeTemporal = temporal ? { Now: { timeZoneId: () => browserZone } } : undefined;
  new Function("document", "location", "Intl", "Temporal", timeZoneHintScript({ zone: served, source }))(
    document,
    location,
    fakeIntl,
    fakeTemporal,
  );
  return { ...state, formatters };
}

describe("the client-hint script", () => {
  it("writes the browser's zone and reloads once when the page was drawn in another zone", () => {
    expect(runHint("UTC", "fallback", "", "Asia/Kolkata")).toMatchObject({ cookie: "tz=Asia%2FKolkata", reloads: 1 });
    // Once the cookie is there, it never reloads again.
    expect(runHint("UTC", "cookie", "tz=Asia%2FKolkata", "Asia/Kolkata").reloads).toBe(0);
  });

  it("does not reload when the page is already right, when a saved zone decides, or when cookies are off", () => {
    expect(runHint("Asia/Kolkata", "cloudflare", "", "Asia/Kolkata").reloads).toBe(0);
    expect(runHint("Asia/Kolkata", "cloudflare", "", "Asia/Calcutta").reloads).toBe(0);
    expect(runHint("Asia/Kolkata", "saved", "", "America/New_York")).toMatchObject({
      cookie: "tz=America%2FNew_York",
      reloads: 0,
    });
    expect(runHint("UTC", "fallback", "", "Asia/Kolkata", false).reloads).toBe(0);
  });

  it("reads the zone from Temporal where the browser has it, building no formatter before the first paint", () => {
    expect(runHint("America/Chicago", "cloudflare", "", "America/Chicago", true, true)).toEqual({
      cookie: "tz=America%2FChicago",
      reloads: 0,
      formatters: 0,
    });
    expect(runHint("UTC", "fallback", "", "Asia/Kolkata", true, true)).toEqual({
      cookie: "tz=Asia%2FKolkata",
      reloads: 1,
      formatters: 0,
    });
    // Without Temporal, Intl's resolved zone as before.
    expect(runHint("America/Chicago", "cloudflare", "", "America/Chicago").formatters).toBe(1);
  });
});
