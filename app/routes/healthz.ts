import { health } from "~/platform/health.server";
import { envOf } from "~/platform/http.server";
import type { Route } from "./+types/healthz";

/** GET /healthz: 200 when D1, both R2 buckets and both queue producers answer, else 503; never cached. */
export async function loader({ context }: Route.LoaderArgs) {
  const result = await health(envOf(context));
  return Response.json(result, { status: result.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
