import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { health } from "~/platform/health.server";
import { request } from "./app";

describe("/healthz", () => {
  it("answers 200 when D1, both buckets and both queues are there, never cached", async () => {
    const response = await request("/healthz");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as { ok: boolean; checks: Record<string, { ok: boolean }> };
    expect(body.ok).toBe(true);
    expect(Object.keys(body.checks).sort()).toEqual(["d1", "queueFanout", "queueJobs", "r2Media", "r2Private"]);
  });

  it("names what fails", async () => {
    const broken = {
      ...env,
      DB: { prepare: () => ({ first: () => Promise.reject(new Error("D1 unavailable")) }) },
      JOBS: undefined,
    } as unknown as Env;
    const result = await health(broken);
    expect(result.ok).toBe(false);
    expect(result.checks.d1).toMatchObject({ ok: false, error: "D1 unavailable" });
    expect(result.checks.queueJobs).toMatchObject({ ok: false, error: "JOBS is not bound" });
    expect(result.checks.r2Media?.ok).toBe(true);
  });
});
