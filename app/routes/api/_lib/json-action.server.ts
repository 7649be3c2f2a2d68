import type { RouterContextProvider } from "react-router";
import type { Capability, Viewer } from "~/features/access";
import { badRequest, isAppError } from "~/lib/errors";
import { firstIssue, paramsObject } from "~/lib/validation";
import type { z } from "~/lib/zod";
import { assertSameOrigin, envOf, jsonError, readBody } from "~/platform/http.server";
import { requireApiStaff, requireApiUser } from "~/routes/_lib/guards.server";

/**
 * The shape every JSON call of docs/domain.md shares: POST (or the given methods) only,
 * state-changing calls same-origin only, input validated by a Zod schema (400 with the first message), an optional login (401), and errors as
 * `{ success: false, message }`. The input is the JSON or form body, or for GET the query string (the message
 * then names the parameter). The handler calls a use case and returns a plain object (sent as
 * `{ success: true, ...object }`) or, where it needs headers, a Response; an `AppError` thrown by the use case
 * becomes `{ success: false, message }` with its status. It lives on the routes' side of the layers (it
 * knows the auth guards); `app/platform` never imports a feature.
 */
type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

type Options<S extends z.ZodType, Auth extends boolean> = {
  schema?: S;
  auth?: Auth;
  methods?: string[];
  /** Staff calls: active staff holding this capability (401 / 403 before the input is even read). */
  staff?: Auth extends true ? Capability : never;
};

type HandlerContext<S extends z.ZodType, Auth extends boolean> = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  env: Env;
  params: Record<string, string | undefined>;
  input: z.output<S>;
  viewer: Auth extends true ? Viewer : null;
};

export { firstIssue };

const READS = ["GET", "HEAD"];

async function inputOf(request: Request, schema: z.ZodType): Promise<{ ok: true; value: unknown } | Response> {
  const isRead = READS.includes(request.method);
  const raw = isRead
    ? paramsObject(new URL(request.url).searchParams)
    : request.method === "DELETE"
      ? {}
      : await readBody(request);
  if (!raw) return jsonError(400, "The request body must be JSON or form data");
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    return jsonError(400, firstIssue(parsed.error, isRead ? { withPath: true, fallback: "Invalid query" } : {}));
  }
  return { ok: true, value: parsed.data };
}

export function jsonAction<S extends z.ZodType, Auth extends boolean = false>(
  options: Options<S, Auth>,
  handler: (ctx: HandlerContext<S, Auth>) => Promise<Response | Record<string, unknown>>,
) {
  return async ({ request, context, params }: Args): Promise<Response> => {
    const methods = options.methods ?? ["POST"];
    if (!methods.includes(request.method)) return jsonError(405, "Method not allowed");
    try {
      if (!READS.includes(request.method)) assertSameOrigin(request);
      const env = envOf(context);
      const viewer = options.staff
        ? await requireApiStaff(request, env, options.staff)
        : options.auth
          ? await requireApiUser(request, env)
          : null;
      let input: unknown = {};
      if (options.schema) {
        const parsed = await inputOf(request, options.schema);
        if (parsed instanceof Response) return parsed;
        input = parsed.value;
      }
      const result = await handler({
        request,
        context,
        env,
        params,
        input: input as z.output<S>,
        viewer: viewer as never,
      });
      return result instanceof Response ? result : Response.json({ success: true, ...result });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      if (isAppError(thrown)) {
        const extra = {
          ...(thrown.field ? { field: thrown.field } : {}),
          ...(thrown.reason ? { reason: thrown.reason } : {}),
        };
        const answer = jsonError(thrown.status, thrown.message, Object.keys(extra).length > 0 ? extra : undefined);
        if (thrown.retryAfterSeconds) answer.headers.set("Retry-After", String(thrown.retryAfterSeconds));
        return answer;
      }
      throw thrown;
    }
  };
}

/** A read: `jsonAction` for GET, the schema (if any) validating the query string. */
export function jsonLoader<S extends z.ZodType, Auth extends boolean = false>(
  options: Omit<Options<S, Auth>, "methods">,
  handler: (ctx: HandlerContext<S, Auth>) => Promise<Response | Record<string, unknown>>,
) {
  return jsonAction({ ...options, methods: ["GET", "HEAD"] }, handler);
}

/** `{ success: true, ...body }` with headers (a cookie, say): for the handlers that must set some. */
export function jsonOk(body: Record<string, unknown>, headers?: HeadersInit): Response {
  return Response.json({ success: true, ...body }, { headers });
}

/**
 * A body already read (readBody) through a schema chosen by the call's path: the value, or a 400 with the first
 * problem. For handlers whose one door takes several shapes (e.g. update a whole record, or just switch it).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(firstIssue(parsed.error));
  return parsed.data;
}
