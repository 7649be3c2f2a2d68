import { data } from "react-router";
import { isProduction } from "~/platform/env.server";
import { envOf } from "~/platform/http.server";
import type { Route } from "./+types/oembed";

/**
 * The local stand-in of YouTube's oEmbed endpoint (VIDEO_DETAILS_URL = "/dev/oembed"). Absent in production: a
 * production build folds the import away (app/platform/stand-ins/video-details.ts), and a production environment
 * answers 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (import.meta.env.MODE !== "production" && !isProduction(envOf(context))) {
    const { standInOembed } = await import("~/platform/stand-ins/video-details");
    return standInOembed(new URL(request.url).searchParams);
  }
  throw data("Not found", { status: 404 });
}
