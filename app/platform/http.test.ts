import { describe, expect, it } from "vitest";
import { clientIp, LOCAL_CLIENT_IP, UNKNOWN_CLIENT_IP } from "./http.server";

function req(headers: Record<string, string>) {
  return new Request("https://noobrd.example/", { headers });
}

const deployed = { APP_ENV: "production" } as unknown as Env;
const local = { APP_ENV: "development" } as unknown as Env;

describe("clientIp", () => {
  it("reads only Cloudflare's header in the deployed Worker, never X-Forwarded-For", () => {
    expect(
      clientIp(req({ "CF-Connecting-IP": "203.0.113.7", "X-Forwarded-For": "1.2.3.4" }), deployed, "production"),
    ).toBe("203.0.113.7");
    expect(clientIp(req({ "X-Forwarded-For": "1.2.3.4" }), deployed, "production")).toBe(UNKNOWN_CLIENT_IP);
    expect(clientIp(req({}), deployed, "production")).toBe(UNKNOWN_CLIENT_IP);
  });

  it("trusts no client-sent address where no edge sets it: npm run dev and npm run preview are one local address", () => {
    // The probe's leftover: a client-sent CF-Connecting-IP was believed on local runs, so every limit per address
    // could be slipped by sending a new one.
    for (const mode of ["development", "production"]) {
      expect(clientIp(req({ "CF-Connecting-IP": "203.0.113.7" }), local, mode)).toBe(LOCAL_CLIENT_IP);
      expect(clientIp(req({ "X-Forwarded-For": "1.2.3.4, 10.0.0.1" }), local, mode)).toBe(LOCAL_CLIENT_IP);
    }
  });

  it("the test harness's own builds stand in for the edge with the header", () => {
    expect(clientIp(req({ "CF-Connecting-IP": "203.0.113.7" }), local, "test")).toBe("203.0.113.7");
    expect(clientIp(req({ "CF-Connecting-IP": "203.0.113.8" }), local, "e2e")).toBe("203.0.113.8");
    expect(clientIp(req({ "X-Forwarded-For": "1.2.3.4" }), local, "e2e")).toBe(LOCAL_CLIENT_IP);
    expect(clientIp(req({}), local, "e2e")).toBe(LOCAL_CLIENT_IP);
  });
});
