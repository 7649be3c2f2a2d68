import { LIVE_COPY } from "./copy";

/**
 * docs/domain.md, streaming link: a YouTube link, or a Twitch embed with channel and parent parameters.
 * Iframe embed code is reduced to its src; Twitch links get the site's hosts appended as `parent`. Pure, so the
 * stepper checks as the streamer types and the server checks the same way.
 */
export type StreamingLinkResult =
  | { ok: true; link: string; platform: "youtube" | "twitch" }
  | { ok: false; message: string };

const YOUTUBE_HOSTS = ["youtube.com", "www.youtube.com", "m.youtube.com", "youtu.be", "www.youtube-nocookie.com"];
const TWITCH_HOSTS = ["twitch.tv", "www.twitch.tv", "m.twitch.tv", "player.twitch.tv"];
const VIDEO_ID = /^[A-Za-z0-9_-]{6,20}$/;
const CHANNEL = /^[A-Za-z0-9_]{2,40}$/;

/** `<iframe src="...">` -> its src; anything else unchanged (trimmed). */
function embedSource(input: string): string {
  const trimmed = input.trim();
  if (!/^<iframe/i.test(trimmed)) return trimmed;
  const match = trimmed.match(/\ssrc\s*=\s*["']([^"']+)["']/i);
  return match?.[1]?.replaceAll("&amp;", "&") ?? trimmed;
}

function youtubeId(url: URL): string | null | "not-live" {
  if (url.hostname === "youtu.be") return url.pathname.slice(1).split("/")[0] || "not-live";
  const [first, second] = url.pathname.split("/").filter(Boolean);
  if (first === "watch") return url.searchParams.get("v") || "not-live";
  if ((first === "live" || first === "embed" || first === "shorts") && second) {
    if (first === "embed" && second === "live_stream") return url.searchParams.get("channel") ? "channel" : "not-live";
    return second;
  }
  return "not-live";
}

export function normaliseStreamingLink(input: string, parentHosts: readonly string[]): StreamingLinkResult {
  const source = embedSource(input);
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(source) ? source : `https://${source}`);
  } catch {
    return { ok: false, message: LIVE_COPY.invalidLink };
  }
  const host = url.hostname.toLowerCase();
  if (YOUTUBE_HOSTS.includes(host)) {
    const id = youtubeId(url);
    if (id === "not-live") return { ok: false, message: LIVE_COPY.notLivestream };
    if (id === "channel") {
      const channel = url.searchParams.get("channel") ?? "";
      return {
        ok: true,
        platform: "youtube",
        link: `https://www.youtube.com/embed/live_stream?channel=${encodeURIComponent(channel)}`,
      };
    }
    if (!id || !VIDEO_ID.test(id)) return { ok: false, message: LIVE_COPY.invalidLink };
    return { ok: true, platform: "youtube", link: `https://www.youtube.com/embed/${id}` };
  }
  if (TWITCH_HOSTS.includes(host)) {
    let channel: string | null;
    if (host === "player.twitch.tv") {
      channel = url.searchParams.get("channel");
      if (!channel) return { ok: false, message: LIVE_COPY.notLivestream };
    } else {
      const [first, second] = url.pathname.split("/").filter(Boolean);
      if (!first || second || first === "videos" || first === "directory")
        return { ok: false, message: LIVE_COPY.notLivestream };
      channel = first;
    }
    if (!CHANNEL.test(channel)) return { ok: false, message: LIVE_COPY.invalidLink };
    const embed = new URL("https://player.twitch.tv/");
    embed.searchParams.set("channel", channel.toLowerCase());
    const parents = new Set(host === "player.twitch.tv" ? url.searchParams.getAll("parent") : []);
    for (const parent of parentHosts) parents.add(parent);
    for (const parent of parents) embed.searchParams.append("parent", parent);
    return { ok: true, platform: "twitch", link: embed.toString() };
  }
  return { ok: false, message: LIVE_COPY.invalidLink };
}

/** The hosts a Twitch embed must name as `parent`: the site's own host (and localhost in development). */
export function parentHostsFor(origin: string): string[] {
  const host = new URL(origin).hostname;
  return host === "localhost" || host === "127.0.0.1" ? [host] : [host, `www.${host.replace(/^www\./, "")}`];
}
