import { log } from "~/platform/log.server";
import { fetchVideoDetails } from "~/platform/video-details/video-details.server";
import { cutVideoTitle } from "./schema";
import { normaliseStreamingLink } from "./streaming-link";

/**
 * POST /api/fetch-video-details and the stepper's streaming step: title, description and thumbnail of a
 * streaming link, the title cut to 69 characters when it is over 70 (docs/domain.md).
 */
export type VideoDetailsAnswer =
  | { success: true; title: string; description: string; thumbnail: string | null; embedLink: string; error: null }
  | { success: false; title: ""; description: ""; thumbnail: null; embedLink: null; error: string };

export async function videoDetailsFor(
  env: Env,
  link: string,
  parentHosts: readonly string[],
): Promise<VideoDetailsAnswer> {
  const fail = (error: string): VideoDetailsAnswer => ({
    success: false,
    title: "",
    description: "",
    thumbnail: null,
    embedLink: null,
    error,
  });
  const normalised = normaliseStreamingLink(link, parentHosts);
  if (!normalised.ok) return fail(normalised.message);
  let details: Awaited<ReturnType<typeof fetchVideoDetails>> = null;
  try {
    details = await fetchVideoDetails(env, normalised.link);
  } catch (error) {
    log.error("live.video_details_failed", { error });
  }
  if (!details) return fail("Could not read the video details");
  return {
    success: true,
    title: cutVideoTitle(details.title),
    description: details.description,
    thumbnail: details.thumbnail,
    embedLink: normalised.link,
    error: null,
  };
}
