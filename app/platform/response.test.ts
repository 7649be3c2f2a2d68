import { describe, expect, it } from "vitest";
import { withHeaders } from "./response";

describe("withHeaders", () => {
  it("edits a response the Worker built in place: the same response, its status and body kept", async () => {
    const response = new Response("page", { status: 201, headers: { "Content-Type": "text/html" } });
    const edited = withHeaders(response, (headers) => headers.set("X-Frame-Options", "DENY"));
    expect(edited).toBe(response);
    expect(edited.status).toBe(201);
    expect(edited.headers.get("X-Frame-Options")).toBe("DENY");
    expect(await edited.text()).toBe("page");
  });

  it("rebuilds a response whose headers cannot change (a redirect), with the edit and the same status and location", () => {
    const redirect = Response.redirect("https://example.test/next", 303);
    expect(() => redirect.headers.set("X-Probe", "1")).toThrow(TypeError);
    const edited = withHeaders(redirect, (headers) => headers.set("X-Frame-Options", "DENY"));
    expect(edited).not.toBe(redirect);
    expect(edited.status).toBe(303);
    expect(edited.headers.get("Location")).toBe("https://example.test/next");
    expect(edited.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("passes on an error of the edit itself", () => {
    const response = new Response("page");
    expect(() =>
      withHeaders(response, () => {
        throw new RangeError("not a header problem");
      }),
    ).toThrow(RangeError);
  });
});
