import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { requireApiUser } from "~/features/auth/guards.server";
import type { Viewer } from "~/features/auth/policy";
import { isAppError } from "~/lib/errors";
import { assertSameOrigin, envOf, jsonError, readBody } from "~/platform/http.server";

/**
 * The shape every JSON action of SPEC.md section 7 shares: POST (or the given methods) only, same-origin,
 * a JSON or form body validated by a Zod schema (400 with the first message), an optional login (401),
 * and errors as `{ success: false, message }`. The handler calls a use case and returns a Response or a
 * plain object (sent as `{ success: true, ...object }`); an `AppError` thrown by the use case becomes
 * `{ success: false, message }` with its status. It lives on the routes' side of the layers (it knows the
 * auth guards); `app/platform` never imports a feature.
 */
type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

type Options<S extends z.ZodType, Auth extends boolean> = {
  schema?: S;
  auth?: Auth;
  methods?: string[];
};

type HandlerContext<S extends z.ZodType, Auth extends boolean> = {
  request: Request;
  env: Env;
  params: Record<string, string | undefined>;
  input: z.output<S>;
  viewer: Auth extends true ? Viewer : null;
};

export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid request";
}

export function jsonAction<S extends z.ZodType, Auth extends boolean = false>(
  options: Options<S, Auth>,
  handler: (ctx: HandlerContext<S, Auth>) => Promise<Response | Record<string, unknown>>,
) {
  return async ({ request, context, params }: Args): Promise<Response> => {
    const methods = options.methods ?? ["POST"];
    if (!methods.includes(request.method)) return jsonError(405, "Method not allowed");
    try {
      assertSameOrigin(request);
      const env = envOf(context);
      const viewer = options.auth ? await requireApiUser(request, env) : null;
      let input: unknown = {};
      if (options.schema) {
        const body = request.method === "DELETE" ? {} : await readBody(request);
        if (!body) return jsonError(400, "The request body must be JSON or form data");
        const parsed = options.schema.safeParse(body);
        if (!parsed.success) return jsonError(400, firstIssue(parsed.error));
        input = parsed.data;
      }
      const result = await handler({ request, env, params, input: input as z.output<S>, viewer: viewer as never });
      return result instanceof Response ? result : Response.json({ success: true, ...result });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      if (isAppError(thrown)) {
        return jsonError(thrown.status, thrown.message, thrown.field ? { field: thrown.field } : undefined);
      }
      throw thrown;
    }
  };
}

/** Turns a use case's failure into the JSON error answer, or its success into `{ success: true, ... }`. */
type Outcome = { ok: true; [key: string]: unknown } | { ok: false; status: number; message: string; field?: string };

export function resultJson(result: Outcome, headers?: HeadersInit): Response {
  if (!result.ok) return jsonError(result.status, result.message, result.field ? { field: result.field } : undefined);
  const { ok: _ok, ...rest } = result;
  return Response.json({ success: true, ...rest }, { headers });
}
