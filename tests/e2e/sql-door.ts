import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getPlatformProxy } from "wrangler";

/**
 * The browser tests' door to their own database: one local D1 binding (wrangler's platform proxy over the same
 * persisted state the preview server serves from), opened once by the global setup and reached over loopback by
 * `queryE2E` (tests/e2e/db.ts). It replaces a `wrangler d1 execute` per query, which started a workerd each time
 * (1.4 s a query, about 175 s of a run). Test-only: it lives in tests/, never in the app or its build.
 */

/** Splits a script into statements at semicolons outside quotes and comments. */
export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let current = "";
  let quote: string | null = null;
  for (let i = 0; i < script.length; i++) {
    const char = script[i] as string;
    if (quote) {
      current += char;
      if (char === quote) quote = null;
      continue;
    }
    if (char === "'" || char === '"' || char === "`") {
      quote = char;
      current += char;
      continue;
    }
    if (char === "-" && script[i + 1] === "-") {
      const end = script.indexOf("\n", i);
      i = end === -1 ? script.length : end;
      current += "\n";
      continue;
    }
    if (char === ";") {
      if (current.trim()) statements.push(current.trim());
      current = "";
      continue;
    }
    current += char;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

export async function openSqlDoor(stateDir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: "wrangler.toml",
    persist: { path: `${stateDir}/v3` },
    remoteBindings: false,
  });
  const db = proxy.env.DB;
  const server: Server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", async () => {
      try {
        // A JSON body is a list of statements with bound parameters (the factories' queries, tests/e2e/db.ts);
        // anything else a script of plain statements.
        const statements = body.startsWith("[")
          ? (JSON.parse(body) as { sql: string; params: unknown[] }[]).map(({ sql, params }) =>
              db.prepare(sql).bind(...params),
            )
          : splitStatements(body).map((sql) => db.prepare(sql));
        const results = statements.length === 0 ? [] : await db.batch(statements);
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end(JSON.stringify(results.map((result) => ({ results: result.results ?? [] }))));
      } catch (error) {
        response.writeHead(400, { "Content-Type": "text/plain" });
        response.end(error instanceof Error ? error.message : String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await proxy.dispose();
    },
  };
}
