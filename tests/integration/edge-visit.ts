import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "~workers/app";
import { ORIGIN } from "./app";

/**
 * A GET through the whole Worker with the edge cache on (docs/decisions/012-edge-cache-and-read-replicas.md): the
 * vitest config switches the cache off for other requests. The page comes back decoded, after the cache write
 * (`ctx.waitUntil`) has finished.
 */
export type Visit = {
  status: number;
  edge: string | null;
  html: string;
  setCookie: string[];
  encoding: string | null;
};

export async function visit(
  path: string,
  options: { cookie?: string; authorization?: string; country?: string; acceptEncoding?: string } = {},
): Promise<Visit> {
  const headers = new Headers();
  if (options.acceptEncoding) headers.set("Accept-Encoding", options.acceptEncoding);
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.authorization) headers.set("Authorization", options.authorization);
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, {
      headers,
      redirect: "manual",
      cf: { country: options.country ?? "US" },
    } as RequestInit) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, EDGE_CACHE: "on" },
    ctx,
  );
  const encoding = response.headers.get("Content-Encoding");
  // In the test's process the body is the bytes the Worker wrote (no HTTP hop decodes them).
  const body = encoding === "gzip" ? response.body?.pipeThrough(new DecompressionStream("gzip")) : response.body;
  const html = await new Response(body).text();
  await waitOnExecutionContext(ctx); // the cache write runs in ctx.waitUntil
  return {
    status: response.status,
    edge: response.headers.get("X-Edge-Cache"),
    html,
    setCookie: response.headers.getSetCookie(),
    encoding,
  };
}
