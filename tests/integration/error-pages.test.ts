import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "~workers/app";
import { ORIGIN } from "./app";

/**
 * The probe saw development 500 pages with stack traces, once with SQL text and its parameters. Outside
 * `npm run dev` (the tests' mode, the browser-test build and production alike) React Router sanitises server
 * errors to "Unexpected Server Error": a failing database must not leak its SQL, parameters or a stack into
 * the page or its hydration data.
 */
const SECRET = "D1_ERROR: no such column: leaked_column: SELECT * FROM users WHERE email = 'probe@example.com'";

function failingDb(): D1Database {
  const db: D1Database = new Proxy(env.DB, {
    get(target, property) {
      // A read-replica session of a failing database fails the same way.
      if (property === "withSession") return () => Object.assign(Object.create(db), { getBookmark: () => null });
      if (property === "prepare" || property === "batch" || property === "exec") {
        return () => {
          throw new Error(SECRET);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return db;
}

async function fetchWithFailingDb(path: string) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, DB: failingDb(), EDGE_CACHE: "off" },
    ctx,
  );
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, body };
}

describe("server errors show no internals", () => {
  it.each(["/browse", "/gig/some-gig", "/contact-us"])("%s with a failing database", async (path) => {
    const { status, body } = await fetchWithFailingDb(path);
    expect(status).toBe(500);
    expect(body).not.toContain("leaked_column");
    expect(body).not.toContain("probe@example.com");
    expect(body).not.toMatch(/\bat [\w.<>]+ \(/);
    expect(body).toContain("Something went wrong");
  });
});
