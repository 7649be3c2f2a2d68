/** What the feed and overlay doors say. */
export const FEED_COPY = {
  notAllowed: "This account cannot have private feeds.",
  streamersOnly: "Only streamers have a stream overlay.",
  calendarRegenerated: "New calendar link made: the old one no longer works. Subscribe again with the new link.",
  overlayRegenerated: "New overlay link made: the old one no longer works. Update the browser source in OBS.",
} as const;
