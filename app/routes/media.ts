import { envOf } from "~/platform/http.server";
import type { Route } from "./+types/media";

const PUBLIC_PREFIXES = ["avatars/", "games/", "banners/", "gigs/", "live/"];

/** Serves the public media bucket (avatars, game art, banners, gig covers). Private files never come through here. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  if (!PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix)) || key.includes("..")) {
    return new Response("Not found", { status: 404 });
  }
  const object = await envOf(context).MEDIA.get(key);
  if (!object) return new Response("Not found", { status: 404 });
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", headers.get("Cache-Control") ?? "public, max-age=86400");
  headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
  return new Response(object.body, { headers });
}
