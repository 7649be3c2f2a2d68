import { rawSettings, type SocialProvider, STAND_IN_BASE_PATH } from "../../oauth/providers.server";
import { createStandInProvider, type StandInClient } from "./provider";

/**
 * The stand-in as mounted in the Worker (development and browser-test builds only): the development composition
 * (workers/dev-composition.ts) registers it and workers/fetch.ts reaches it through app/platform/adapters.server.ts
 * behind `import.meta.env.MODE !== "production"`, so a production build carries none of it (scripts/check-build.ts
 * fails the build otherwise). It is registered with the clients the app is
 * configured with, and kept per isolate so its memory of used codes lasts from one request to the next.
 */
let mounted: { config: string; handle: (request: Request) => Promise<Response> } | null = null;

export function workerStandIn(env: Env): (request: Request) => Promise<Response> {
  const client = (provider: SocialProvider | "twitch"): StandInClient => {
    const raw = rawSettings(env, provider);
    return { clientId: raw.clientId ?? "", clientSecret: raw.clientSecret ?? "" };
  };
  const clients = { discord: client("discord"), google: client("google"), twitch: client("twitch") };
  const config = JSON.stringify(clients);
  if (mounted?.config !== config) {
    mounted = { config, handle: createStandInProvider({ basePath: STAND_IN_BASE_PATH, clients }) };
  }
  return mounted.handle;
}
