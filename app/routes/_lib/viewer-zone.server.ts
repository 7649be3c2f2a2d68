import type { RouterContextProvider } from "react-router";
import { getViewer } from "~/features/auth/index.server";
import { requestViewerZone, type ViewerZone } from "~/features/time";
import { timeZoneOptions } from "~/features/time/index.server";
import { cloudflareContext } from "~/platform/context";

/**
 * The zone a request's pages show times in (docs/decisions/019-viewer-time-zone.md): the logged-in user's saved
 * zone, else the `tz` client-hint cookie, else Cloudflare's `cf.timezone`, else UTC. The root loader exposes it to
 * every component; loaders that compute with it (calendar months, order filters) call this too (the viewer
 * lookup is shared within a request, app/features/auth/session.server.ts).
 */
export async function viewerZone(request: Request, context: Readonly<RouterContextProvider>): Promise<ViewerZone> {
  const { env, cf } = context.get(cloudflareContext);
  const viewer = await getViewer(request, env);
  return requestViewerZone(request, viewer?.timeZone, cf);
}

/** Just the zone's name, for loaders. */
export async function viewerTimeZone(request: Request, context: Readonly<RouterContextProvider>): Promise<string> {
  return (await viewerZone(request, context)).zone;
}

/** What the profile's time-zone form needs: the options, the zone the page is in, and whether it is saved. */
export async function timeZoneSetting(request: Request, context: Readonly<RouterContextProvider>) {
  const { zone, source } = await viewerZone(request, context);
  return { options: timeZoneOptions(), current: zone, saved: source === "saved" };
}
