import { fetcherFor } from "../exchange-rates.server";

/**
 * Video metadata for a streaming link (POST /api/fetch-video-details), through the oEmbed protocol: GET
 * <endpoint>?url=<video page>&format=json answers `{ title, author_name, thumbnail_url, ... }`.
 *
 * The endpoint is a setting, VIDEO_DETAILS_URL: production sets YouTube's https://www.youtube.com/oembed; a
 * path ("/dev/oembed") is this Worker's own local stand-in (app/routes/dev/oembed.ts), which speaks the same
 * protocol, as the exchange-rate stand-in does. Twitch has no public oEmbed: its details are derived from the
 * channel (its preview image), with no network call.
 */
export type VideoDetails = { title: string; description: string; thumbnail: string | null };

const YOUTUBE_OEMBED = "https://www.youtube.com/oembed";

/** The watch page oEmbed understands, for an embed link made by normaliseStreamingLink. */
function pageFor(embedLink: string): { kind: "youtube"; page: string } | { kind: "twitch"; channel: string } | null {
  let url: URL;
  try {
    url = new URL(embedLink);
  } catch {
    return null;
  }
  if (url.hostname === "player.twitch.tv") {
    const channel = url.searchParams.get("channel");
    return channel ? { kind: "twitch", channel } : null;
  }
  const match = url.pathname.match(/^\/embed\/([A-Za-z0-9_-]{6,20})$/);
  if (url.hostname.endsWith("youtube.com") && match?.[1]) {
    return { kind: "youtube", page: `https://www.youtube.com/watch?v=${match[1]}` };
  }
  return null;
}

export async function fetchVideoDetails(env: Env, embedLink: string): Promise<VideoDetails | null> {
  const target = pageFor(embedLink);
  if (!target) return null;
  if (target.kind === "twitch") {
    return {
      title: `${target.channel} live on Twitch`,
      description: `Watch ${target.channel} live on Twitch.`,
      thumbnail: `https://static-cdn.jtvnw.net/previews-ttv/live_user_${target.channel}-1280x720.jpg`,
    };
  }
  const endpoint = env.VIDEO_DETAILS_URL || YOUTUBE_OEMBED;
  const url = `${endpoint}?url=${encodeURIComponent(target.page)}&format=json`;
  const response = await fetcherFor(endpoint)(url);
  if (!response.ok) return null;
  const body = (await response.json()) as { title?: unknown; author_name?: unknown; thumbnail_url?: unknown };
  if (typeof body.title !== "string") return null;
  return {
    title: body.title,
    description: typeof body.author_name === "string" ? `Live with ${body.author_name}` : "",
    thumbnail: typeof body.thumbnail_url === "string" ? body.thumbnail_url : null,
  };
}
