import { data } from "react-router";
import { isProduction } from "~/platform/env.server";
import { envOf } from "~/platform/http.server";
import { standInOembed } from "~/platform/video-details/video-details.server";
import type { Route } from "./+types/oembed";

/** The local stand-in of YouTube's oEmbed endpoint (VIDEO_DETAILS_URL = "/dev/oembed"). Absent in production. */
export function loader({ request, context }: Route.LoaderArgs) {
  if (isProduction(envOf(context))) throw data("Not found", { status: 404 });
  return standInOembed(new URL(request.url).searchParams);
}
