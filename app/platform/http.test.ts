import { describe, expect, it } from "vitest";
import { clientIp, UNKNOWN_CLIENT_IP } from "./http.server";

function req(headers: Record<string, string>) {
  return new Request("https://noobrd.example/", { headers });
}

describe("clientIp", () => {
  it("reads only Cloudflare's header in production, never X-Forwarded-For", () => {
    expect(clientIp(req({ "CF-Connecting-IP": "203.0.113.7", "X-Forwarded-For": "1.2.3.4" }), "production")).toBe(
      "203.0.113.7",
    );
    expect(clientIp(req({ "X-Forwarded-For": "1.2.3.4" }), "production")).toBe(UNKNOWN_CLIENT_IP);
    expect(clientIp(req({}), "production")).toBe(UNKNOWN_CLIENT_IP);
  });

  it("takes either header on local runs, where no edge sets them", () => {
    expect(clientIp(req({ "X-Forwarded-For": "1.2.3.4, 10.0.0.1" }), "development")).toBe("1.2.3.4");
    expect(clientIp(req({ "CF-Connecting-IP": "203.0.113.7" }), "test")).toBe("203.0.113.7");
    expect(clientIp(req({}), "e2e")).toBe("127.0.0.1");
  });
});
