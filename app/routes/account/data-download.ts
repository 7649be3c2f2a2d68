import { exportMyData } from "~/features/privacy/index.server";
import { envOf } from "~/platform/http.server";
import { downloadResponse } from "~/routes/_lib/download.server";
import { errorPage, settle } from "~/routes/_lib/form.server";
import { requireUser } from "~/routes/_lib/guards.server";
import { viewerTimeZone } from "~/routes/_lib/viewer-zone.server";
import type { Route } from "./+types/data-download";

/** The files of /profile/data, by the name in the address. */
const FILES = { "export.json": "json", "orders.csv": "orders.csv", "wallet.csv": "wallet.csv" } as const;

/**
 * GET /profile/data/export.json, /orders.csv, /wallet.csv: "Download my data" as plain links (no JavaScript needed).
 * Signed-out visitors go to the login page and come back; too many downloads in an hour is a 429 with its wait.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireUser(request, env);
  const kind = FILES[params.file as keyof typeof FILES];
  if (!kind) return new Response("Not found", { status: 404 });
  const made = await settle(exportMyData(env, viewer, kind, await viewerTimeZone(request, context)));
  if (!made.ok) {
    const refusal = errorPage(made.error);
    if (made.error.retryAfterSeconds) refusal.headers.set("Retry-After", String(made.error.retryAfterSeconds));
    return refusal;
  }
  return downloadResponse(made.value);
}
