import type { RouterContextProvider } from "react-router";
import type { Viewer } from "~/features/access";
import { getViewer } from "~/features/auth/index.server";
import { currencyCodeFor, viewerCountry } from "~/features/currency";
import { cloudflareContext } from "~/platform/context";
import { type Db, getDb } from "~/platform/db.server";

/**
 * What every catalogue page and API call starts from: the database, the viewer (or null) and the currency
 * the viewer sees prices in: INR when their saved country is IN, else by the country Cloudflare reports
 * for the request (`request.cf.country`), else USD.
 */
export type CatalogueRequest = { env: Env; db: Db; viewer: Viewer | null; currencyCode: "USD" | "INR" };

export async function catalogueRequest(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<CatalogueRequest> {
  const { env, cf } = context.get(cloudflareContext);
  const viewer = await getViewer(request, env);
  return {
    env,
    db: getDb(env),
    viewer,
    currencyCode: currencyCodeFor(viewerCountry(viewer?.country, cf?.country)),
  };
}
