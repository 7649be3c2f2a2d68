/**
 * YouTube's oEmbed endpoint's stand-in (development and tests: VIDEO_DETAILS_URL = "/dev/oembed", served by
 * app/routes/dev/oembed.ts), speaking the protocol of app/platform/video-details/video-details.server.ts. Loaded by
 * that route outside production builds only.
 */
/** The stand-in's oEmbed answer (development and tests): a stable title made from the video id. */
export function standInOembed(searchParams: URLSearchParams): Response {
  const page = searchParams.get("url") ?? "";
  const id = page.match(/[?&]v=([A-Za-z0-9_-]+)/)?.[1];
  if (!id) return Response.json({ error: "Not Found" }, { status: 404 });
  return Response.json({
    type: "video",
    version: "1.0",
    title: `Stand-in live stream ${id}: ranked grind with viewers, come and play with us tonight!!`,
    author_name: "Stand-in Streamer",
    thumbnail_url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    provider_name: "YouTube",
  });
}
